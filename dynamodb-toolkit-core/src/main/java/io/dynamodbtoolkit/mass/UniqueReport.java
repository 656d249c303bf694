package io.dynamodbtoolkit.mass;

import java.util.List;
import java.util.Map;

import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * What a check of the guards of one unique field found ({@link MassOperations#verifyUnique}): every row of the table
 * holding a value of the field compared with every guard item of the field.
 *
 * @param field        the unique field
 * @param rows         the rows holding a value of the field
 * @param duplicates   the values several rows hold (shown, with the values of the key fields the field is unique
 *                     within), each with the keys of those rows, in the order read
 * @param unguarded    the keys of the rows whose value has no guard (written before the field was declared unique):
 *                     {@link MassOperations#backfillUnique} writes their guards
 * @param misguarded   the keys of the rows whose value's guard points at another row (which does not hold the value),
 *                     each with the key the guard points at
 * @param orphanGuards the keys of the guards of values no row holds (their row gone, or holding another value), each
 *                     with the key the guard points at
 */
public record UniqueReport(String field, long rows, Map<String, List<Map<String, AttributeValue>>> duplicates,
        List<Map<String, AttributeValue>> unguarded,
        Map<Map<String, AttributeValue>, Map<String, AttributeValue>> misguarded,
        Map<Map<String, AttributeValue>, Map<String, AttributeValue>> orphanGuards) {

    public UniqueReport {
        duplicates = Map.copyOf(duplicates);
        unguarded = List.copyOf(unguarded);
        misguarded = Map.copyOf(misguarded);
        orphanGuards = Map.copyOf(orphanGuards);
    }

    /** @return whether every value is held by one row and kept by one guard pointing at it, no guard left over */
    public boolean isClean() {
        return duplicates.isEmpty() && unguarded.isEmpty() && misguarded.isEmpty() && orphanGuards.isEmpty();
    }
}
