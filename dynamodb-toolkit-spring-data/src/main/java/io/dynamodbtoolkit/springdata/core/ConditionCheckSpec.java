package io.dynamodbtoolkit.springdata.core;

import java.util.function.BiConsumer;

import io.dynamodbtoolkit.expression.Condition;
import org.jspecify.annotations.Nullable;

/**
 * A condition check on one row, made by {@link DynamoDbToolkitOperations#conditionCheck}: inside a transaction an
 * action of it (the transaction writes nothing unless the condition holds at commit), outside one a transaction of
 * the check alone. A check that fails is a {@code DataIntegrityViolationException} naming the row.
 */
public final class ConditionCheckSpec {

    private final BiConsumer<Condition, String> check;
    private final String partitionKey;
    private final @Nullable String versionField;

    ConditionCheckSpec(BiConsumer<Condition, String> check, String partitionKey, @Nullable String versionField) {
        this.check = check;
        this.partitionKey = partitionKey;
        this.versionField = versionField;
    }

    /** Checks that the row exists. */
    public void exists() {
        check.accept(Condition.attribute(partitionKey).exists(), "exists");
    }

    /** Checks that no row has the key. */
    public void notExists() {
        check.accept(Condition.attribute(partitionKey).notExists(), "does not exist");
    }

    /**
     * Checks that the row exists at a version.
     *
     * @throws IllegalStateException when the key design has no version field
     */
    public void atVersion(long version) {
        if (versionField == null) {
            throw new IllegalStateException("The key design has no version field, so a row has no version to check; "
                    + "check a condition on an attribute instead");
        }
        check.accept(Condition.attribute(versionField).eq(version), "is at version " + version);
    }

    /** Checks a condition on the row's attributes (as stored). */
    public void matches(Condition condition) {
        check.accept(condition, "matches " + condition);
    }
}
