package io.dynamodbtoolkit.expression;

import java.util.List;
import java.util.stream.Collectors;

/** Any of the conditions; every other form binds tighter than OR, so no operand needs parentheses. */
record OrCondition(List<Condition> conditions) implements Condition {
    OrCondition {
        conditions = List.copyOf(conditions);
    }

    @Override
    public String render(Placeholders placeholders) {
        return conditions.stream()
                .map(condition -> condition.render(placeholders))
                .collect(Collectors.joining(" OR "));
    }
}
