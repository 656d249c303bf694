package io.dynamodbtoolkit.expression;

import java.util.List;

/** All of the conditions; an OR operand is parenthesised since AND binds tighter. */
record AndCondition(List<Condition> conditions) implements Condition {
    AndCondition {
        conditions = List.copyOf(conditions);
    }

    @Override
    public String render(Placeholders placeholders) {
        StringBuilder text = new StringBuilder();
        for (Condition condition : conditions) {
            if (text.length() > 0) {
                text.append(" AND ");
            }
            String rendered = condition.render(placeholders);
            text.append(condition instanceof OrCondition ? "(" + rendered + ")" : rendered);
        }
        return text.toString();
    }
}
