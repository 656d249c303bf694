package io.dynamodbtoolkit.adapter;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import io.dynamodbtoolkit.expression.AttributeValues;
import io.dynamodbtoolkit.key.KeyValues;
import org.jspecify.annotations.Nullable;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.GetItemRequest;

/**
 * Reads a row by a value of a unique field: two key reads, the value's guard item then the row it points at; never a
 * Scan or a filter.
 */
final class UniqueReads {

    private final AdapterContext context;
    private final ItemReads reads;

    UniqueReads(AdapterContext context, ItemReads reads) {
        this.context = context;
        this.reads = reads;
    }

    /**
     * @param field   the unique field
     * @param value   the value
     * @param scope   values of leading key fields the row must carry: those the field is unique within are needed,
     *                and select the guard; a row found with other values is not returned
     * @param options the consistency of both reads (the row is read whole)
     * @return the stored row holding the value, or null
     * @throws IllegalArgumentException when the field is not unique, or a field it is unique within has no value
     */
    @Nullable Map<String, AttributeValue> get(String field, AttributeValue value, KeyValues scope,
            ReadOptions options) {
        Lookup lookup = lookup(field, value, scope, options);
        GetItemRequest row = lookup.rowRequest(context.client().getItem(lookup.guardRequest()).item());
        return row == null ? null : lookup.accept(context.client().getItem(row).item());
    }

    /**
     * @return the two reads of a row by a value of a unique field, for an executor to send one after the other
     * @throws IllegalArgumentException when the field is not unique, or a field it is unique within has no value
     */
    Lookup lookup(String field, AttributeValue value, KeyValues scope, ReadOptions options) {
        UniqueFields uniques = context.uniques();
        if (!uniques.isUnique(field)) {
            throw new IllegalArgumentException("'" + field + "' is not a unique field of adapter '" + context.name()
                    + "' (its unique fields: " + uniques + "); declare it unique, or read by a key");
        }
        Map<String, AttributeValue> scopeAttributes = context.keys().codec().keyAttributesFromKeyValues(scope);
        List<String> within = uniques.within(field);
        for (String scopeField : within) {
            if (!scopeAttributes.containsKey(scopeField)) {
                throw new IllegalArgumentException("'" + field + "' is unique within " + within + ", so reading by it "
                        + "needs a value for '" + scopeField + "'; name it, or read inside its scope");
            }
        }
        Map<String, AttributeValue> probe = new LinkedHashMap<>(scopeAttributes);
        probe.put(field, value);
        Map<String, AttributeValue> guardKey = uniques.valueGuardKey(field, probe, context.keys()).orElseThrow(() ->
                new IllegalArgumentException("A null value of '" + field + "' has no row: read by a value"));
        return new Lookup(field, value, scopeAttributes, guardKey, options);
    }

    /**
     * The reads of one lookup: the guard, then the row it points at, which must still hold the value and carry the
     * scope's values.
     */
    final class Lookup {

        private final String field;
        private final AttributeValue value;
        private final Map<String, AttributeValue> scope;
        private final Map<String, AttributeValue> guardKey;
        private final ReadOptions options;

        private Lookup(String field, AttributeValue value, Map<String, AttributeValue> scope,
                Map<String, AttributeValue> guardKey, ReadOptions options) {
            this.field = field;
            this.value = value;
            this.scope = scope;
            this.guardKey = guardKey;
            this.options = options;
        }

        /** @return the GetItem of the value's guard */
        GetItemRequest guardRequest() {
            return GetItemRequest.builder().tableName(context.table()).key(guardKey)
                    .consistentRead(options.consistent() ? Boolean.TRUE : null)
                    .returnConsumedCapacity(context.capacity()).build();
        }

        /** @return the GetItem of the row the guard read points at (whole), or null when there is no guard */
        @Nullable GetItemRequest rowRequest(@Nullable Map<String, AttributeValue> guard) {
            if (guard == null || !guard.containsKey(context.uniques().ownerAttribute())) {
                return null;
            }
            ReadOptions whole = options.consistent() ? ReadOptions.defaults().consistently() : ReadOptions.defaults();
            return reads.request(guard.get(context.uniques().ownerAttribute()).m(), whole);
        }

        /** @return the row read, when it still holds the value and carries the scope's values; else null */
        @Nullable Map<String, AttributeValue> accept(@Nullable Map<String, AttributeValue> item) {
            Map<String, AttributeValue> row = item == null ? null : reads.found(item, ReadOptions.defaults());
            if (row == null || row.get(field) == null || !AttributeValues.sameValue(row.get(field), value)) {
                return null; // the row gave the value up between the two reads
            }
            for (Map.Entry<String, AttributeValue> scoped : scope.entrySet()) {
                if (!scoped.getValue().equals(row.get(scoped.getKey()))) {
                    return null;
                }
            }
            return row;
        }
    }
}
