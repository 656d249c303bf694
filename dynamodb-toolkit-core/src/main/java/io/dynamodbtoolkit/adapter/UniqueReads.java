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
        Map<String, AttributeValue> guardKey = uniques.guardKey(field, probe, context.keys()).orElseThrow(() ->
                new IllegalArgumentException("A null value of '" + field + "' has no row: read by a value"));
        Map<String, AttributeValue> guard = context.client().getItem(GetItemRequest.builder()
                .tableName(context.table()).key(guardKey).consistentRead(options.consistent() ? Boolean.TRUE : null)
                .returnConsumedCapacity(context.capacity()).build()).item();
        if (guard == null || !guard.containsKey(uniques.ownerAttribute())) {
            return null;
        }
        ReadOptions whole = options.consistent() ? ReadOptions.defaults().consistently() : ReadOptions.defaults();
        Map<String, AttributeValue> row = reads.get(guard.get(uniques.ownerAttribute()).m(), whole);
        if (row == null || row.get(field) == null || !AttributeValues.sameValue(row.get(field), value)) {
            return null; // the row gave the value up between the two reads
        }
        for (Map.Entry<String, AttributeValue> scoped : scopeAttributes.entrySet()) {
            if (!scoped.getValue().equals(row.get(scoped.getKey()))) {
                return null;
            }
        }
        return row;
    }
}
