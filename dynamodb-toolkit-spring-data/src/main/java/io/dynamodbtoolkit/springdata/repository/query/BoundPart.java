package io.dynamodbtoolkit.springdata.repository.query;

import io.dynamodbtoolkit.expression.SortOperator;
import org.springframework.data.repository.query.parser.Part;

/**
 * One condition of a derived method with the attribute it applies to and the position of its first argument among
 * the method's bindable parameters.
 *
 * @param part          the condition
 * @param attribute     the attribute of its property
 * @param keyPosition   the position of the attribute among the key fields, or -1
 * @param firstArgument the index of its first bindable argument
 */
record BoundPart(Part part, String attribute, int keyPosition, int firstArgument) {

    /** @return whether the condition is an equality, case-sensitive */
    boolean isEquality() {
        return part.getType() == Part.Type.SIMPLE_PROPERTY && part.shouldIgnoreCase() != Part.IgnoreCaseType.ALWAYS;
    }

    /** @return whether the condition is a range a key condition can express */
    boolean isRange() {
        return switch (part.getType()) {
            case BETWEEN, LESS_THAN, LESS_THAN_EQUAL, GREATER_THAN, GREATER_THAN_EQUAL, BEFORE, AFTER -> true;
            default -> false;
        } && part.shouldIgnoreCase() != Part.IgnoreCaseType.ALWAYS;
    }

    /** @return the key condition operator of a range or prefix */
    SortOperator operator() {
        return switch (part.getType()) {
            case BETWEEN -> SortOperator.BETWEEN;
            case LESS_THAN, BEFORE -> SortOperator.LT;
            case LESS_THAN_EQUAL -> SortOperator.LE;
            case GREATER_THAN, AFTER -> SortOperator.GT;
            case GREATER_THAN_EQUAL -> SortOperator.GE;
            case STARTING_WITH -> SortOperator.BEGINS_WITH;
            default -> throw new IllegalStateException(part.getType() + " is not a key condition operator");
        };
    }

    /** @return whether the condition is a case-sensitive prefix */
    boolean isPrefix() {
        return part.getType() == Part.Type.STARTING_WITH && part.shouldIgnoreCase() != Part.IgnoreCaseType.ALWAYS;
    }
}
