package io.dynamodbtoolkit.expression;

import java.util.List;
import java.util.stream.Collectors;

/** {@code operand IN (a, b, ...)}. */
record InCondition(Operand operand, List<Operand> candidates) implements Condition {
    InCondition {
        candidates = List.copyOf(candidates);
    }

    @Override
    public String render(Placeholders placeholders) {
        return operand.render(placeholders) + " IN (" + candidates.stream()
                .map(candidate -> candidate.render(placeholders))
                .collect(Collectors.joining(", ")) + ")";
    }
}
