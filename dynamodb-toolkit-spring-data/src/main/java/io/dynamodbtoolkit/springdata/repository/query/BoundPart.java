package io.dynamodbtoolkit.springdata.repository.query;

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

    /** @return whether the condition is a case-sensitive prefix */
    boolean isPrefix() {
        return part.getType() == Part.Type.STARTING_WITH && part.shouldIgnoreCase() != Part.IgnoreCaseType.ALWAYS;
    }
}
