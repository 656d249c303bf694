package io.dynamodbtoolkit.expression;

import java.util.List;
import java.util.stream.Collectors;

/** A condition function: attribute_exists, attribute_not_exists, attribute_type, begins_with, contains. */
record FunctionCondition(String function, List<Operand> arguments) implements Condition {
    FunctionCondition {
        arguments = List.copyOf(arguments);
    }

    @Override
    public String render(Placeholders placeholders) {
        return function + "(" + arguments.stream()
                .map(argument -> argument.render(placeholders))
                .collect(Collectors.joining(", ")) + ")";
    }
}
