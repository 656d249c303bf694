package io.dynamodbtoolkit.expression;

import java.util.List;

/** A condition function: attribute_exists, attribute_not_exists, attribute_type, begins_with, contains. */
record FunctionCondition(String function, List<Operand> arguments) implements Condition {
    FunctionCondition {
        arguments = List.copyOf(arguments);
    }

    @Override
    public String render(Placeholders placeholders) {
        StringBuilder text = new StringBuilder(function.length() + 8 * arguments.size()).append(function).append('(');
        for (int i = 0; i < arguments.size(); i++) {
            text.append(i == 0 ? "" : ", ").append(arguments.get(i).render(placeholders));
        }
        return text.append(')').toString();
    }
}
