package io.dynamodbtoolkit.expression;

import java.util.List;
import java.util.stream.Collectors;

/** All of the conditions; an OR operand is parenthesised since AND binds tighter. */
record AndCondition(List<Condition> conditions) implements Condition {
    AndCondition {
        conditions = List.copyOf(conditions);
    }

    @Override
    public String render(Placeholders placeholders) {
        return conditions.stream()
                .map(condition -> condition instanceof OrCondition
                        ? "(" + condition.render(placeholders) + ")"
                        : condition.render(placeholders))
                .collect(Collectors.joining(" AND "));
    }
}
