package io.dynamodbtoolkit.index;

import java.util.Map;
import java.util.Set;
import java.util.function.Predicate;

import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * Which items belong to a sparse index. The toolkit writes the index's derived key attributes (composites,
 * markers) on members and removes them from non-members on every write path; for an index keyed on attributes
 * the item carries itself, a non-member's key attributes are removed too (they exist only for membership).
 * Membership is always presence: a null is never written as an index key.
 */
public sealed interface Membership {

    /** Every item that has the index key's source fields. */
    Membership ALL = new All();

    /** @return membership for items whose type (the key model's type label or discriminator) is one of these */
    static Membership types(String... labels) {
        return new Types(Set.of(labels));
    }

    /**
     * @param fields    the attributes the predicate reads (a patch touching one of them re-evaluates membership)
     * @param predicate whether an item (its attributes after the built-in prepare) is a member
     * @return membership decided per item
     */
    static Membership onlyWhen(Set<String> fields, Predicate<Map<String, AttributeValue>> predicate) {
        return new OnlyWhen(Set.copyOf(fields), predicate);
    }

    /** Every item with the key attributes. */
    record All() implements Membership {
    }

    /**
     * Items of some types.
     *
     * @param labels the type labels (or discriminator values) of members
     */
    record Types(Set<String> labels) implements Membership {
        public Types {
            labels = Set.copyOf(labels);
        }
    }

    /**
     * Items a predicate accepts.
     *
     * @param fields    the attributes the predicate reads
     * @param predicate the test
     */
    record OnlyWhen(Set<String> fields, Predicate<Map<String, AttributeValue>> predicate) implements Membership {
    }
}
