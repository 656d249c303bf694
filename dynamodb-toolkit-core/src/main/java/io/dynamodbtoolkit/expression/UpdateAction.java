package io.dynamodbtoolkit.expression;

import java.util.List;
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
        private static final AttributeValue EMPTY_LIST = AttributeValue.fromL(List.of());

        @Override
        public Clause clause() {
            return Clause.SET;
        }

        @Override
        public String render(Placeholders placeholders) {
            String target = placeholders.path(path);
            return target + " = " + switch (kind) {
                case VALUE -> placeholders.value(value);
                case IF_NOT_EXISTS -> "if_not_exists(" + target + ", " + placeholders.value(value) + ")";
                case INCREMENT -> startingFromZero(target, placeholders) + " + " + placeholders.value(value);
                case DECREMENT -> startingFromZero(target, placeholders) + " - " + placeholders.value(value);
                case APPEND -> "list_append(" + startingFromEmptyList(target, placeholders) + ", "
                        + placeholders.value(value) + ")";
                case PREPEND -> "list_append(" + placeholders.value(value) + ", "
                        + startingFromEmptyList(target, placeholders) + ")";
            };
        }

        private static String startingFromZero(String target, Placeholders placeholders) {
            return "if_not_exists(" + target + ", " + placeholders.value(ZERO) + ")";
        }

        private static String startingFromEmptyList(String target, Placeholders placeholders) {
            return "if_not_exists(" + target + ", " + placeholders.value(EMPTY_LIST) + ")";
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
