package io.dynamodbtoolkit.expression;

import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/** One action of an update expression, rendered into its clause (SET, REMOVE, ADD or DELETE). */
sealed interface UpdateAction permits UpdateAction.Assign, UpdateAction.Remove, UpdateAction.Add,
        UpdateAction.Delete {

    /** The clauses, in the order they are rendered. */
    enum Clause { SET, REMOVE, ADD, DELETE }

    AttributePath path();

    Clause clause();

    String render(Placeholders placeholders);

    /** A short description for conflict messages, e.g. {@code SET a}. */
    default String describe() {
        return clause() + " " + path();
    }

    /** The forms of SET. */
    enum AssignKind { VALUE, IF_NOT_EXISTS, INCREMENT, DECREMENT, APPEND, PREPEND }

    /** {@code SET path = ...}. */
    record Assign(AttributePath path, AssignKind kind, AttributeValue value) implements UpdateAction {
        private static final AttributeValue ZERO = AttributeValue.fromN("0");
        private static final AttributeValue EMPTY_LIST = AttributeValue.fromL(java.util.List.of());

        @Override
        public Clause clause() {
            return Clause.SET;
        }

        @Override
        public String render(Placeholders placeholders) {
            String target = placeholders.path(path);
            String operand = placeholders.value(value);
            return target + " = " + switch (kind) {
                case VALUE -> operand;
                case IF_NOT_EXISTS -> "if_not_exists(" + target + ", " + operand + ")";
                case INCREMENT -> "if_not_exists(" + target + ", " + placeholders.value(ZERO) + ") + " + operand;
                case DECREMENT -> "if_not_exists(" + target + ", " + placeholders.value(ZERO) + ") - " + operand;
                case APPEND -> "list_append(if_not_exists(" + target + ", " + placeholders.value(EMPTY_LIST) + "), "
                        + operand + ")";
                case PREPEND -> "list_append(" + operand + ", if_not_exists(" + target + ", "
                        + placeholders.value(EMPTY_LIST) + "))";
            };
        }

        @Override
        public String describe() {
            return "SET " + path + (kind == AssignKind.VALUE ? "" : " (" + kind.name().toLowerCase() + ")");
        }
    }

    /** {@code REMOVE path}. */
    record Remove(AttributePath path) implements UpdateAction {
        @Override
        public Clause clause() {
            return Clause.REMOVE;
        }

        @Override
        public String render(Placeholders placeholders) {
            return placeholders.path(path);
        }
    }

    /** {@code ADD path value}. */
    record Add(AttributePath path, AttributeValue value) implements UpdateAction {
        @Override
        public Clause clause() {
            return Clause.ADD;
        }

        @Override
        public String render(Placeholders placeholders) {
            return placeholders.path(path) + " " + placeholders.value(value);
        }
    }

    /** {@code DELETE path subset}. */
    record Delete(AttributePath path, AttributeValue value) implements UpdateAction {
        @Override
        public Clause clause() {
            return Clause.DELETE;
        }

        @Override
        public String render(Placeholders placeholders) {
            return placeholders.path(path) + " " + placeholders.value(value);
        }
    }
}
