package io.dynamodbtoolkit.embedded.engine;

import io.dynamodbtoolkit.embedded.error.DynamoDbException;
import io.dynamodbtoolkit.embedded.model.AttributeValue;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.function.BooleanSupplier;

/**
 * BatchGetItem (up to 100 keys, 16 MB answered) and BatchWriteItem (up to 25 puts and deletes). The whole request
 * is validated before anything is written; each write is then atomic on its own, as in DynamoDB. A supplier says
 * which keys or items to leave unprocessed (fault injection).
 */
final class BatchOperations {

    static final int MAX_GET_KEYS = 100;
    static final int MAX_WRITES = 25;
    private static final long MAX_GET_RESPONSE_BYTES = 16L * 1024 * 1024;

    private final Catalog catalog;

    BatchOperations(Catalog catalog) {
        this.catalog = catalog;
    }

    BatchRequests.GetResult get(Map<String, BatchRequests.TableKeys> request, BooleanSupplier leaveUnprocessed) {
        int total = 0;
        for (BatchRequests.TableKeys keys : request.values()) {
            total += keys.keys().size();
        }
        if (total > MAX_GET_KEYS) {
            throw DynamoDbException.validation("Too many items requested for the BatchGetItem call");
        }
        if (request.isEmpty() || total == 0) {
            throw DynamoDbException.validation("1 validation error detected: Value at 'requestItems' failed to satisfy"
                    + " constraint: Member must have length greater than or equal to 1");
        }
        return catalog.read(() -> {
            Map<String, Table> tables = new LinkedHashMap<>();
            for (Map.Entry<String, BatchRequests.TableKeys> entry : request.entrySet()) {
                Table table = catalog.require(entry.getKey());
                tables.put(entry.getKey(), table);
                Set<ItemPosition> seen = new HashSet<>();
                for (Map<String, AttributeValue> key : entry.getValue().keys()) {
                    ItemValidator.validateKey(table.definition(), key);
                    if (!seen.add(table.positionOf(key))) {
                        throw DynamoDbException.validation("Provided list of item keys contains duplicates");
                    }
                }
            }
            Map<String, List<Map<String, AttributeValue>>> responses = new LinkedHashMap<>();
            Map<String, List<Map<String, AttributeValue>>> unprocessed = new LinkedHashMap<>();
            List<ConsumedCapacity> capacity = new ArrayList<>();
            long answered = 0;
            for (Map.Entry<String, BatchRequests.TableKeys> entry : request.entrySet()) {
                Table table = Objects.requireNonNull(tables.get(entry.getKey()), "every table was looked up above");
                BatchRequests.TableKeys keys = entry.getValue();
                List<Map<String, AttributeValue>> found = new ArrayList<>();
                double units = 0;
                for (Map<String, AttributeValue> key : keys.keys()) {
                    if (answered >= MAX_GET_RESPONSE_BYTES || leaveUnprocessed.getAsBoolean()) {
                        unprocessed.computeIfAbsent(entry.getKey(), k -> new ArrayList<>()).add(key);
                        continue;
                    }
                    StoredItem item = table.get(table.positionOf(key));
                    units += Capacity.readUnits(item == null ? 0 : item.size(), keys.consistentRead());
                    if (item != null) {
                        answered += item.size();
                        found.add(keys.projection() == null ? item.attributes()
                                : keys.projection().apply(item.attributes()));
                    }
                }
                responses.put(entry.getKey(), found);
                capacity.add(ConsumedCapacity.table(entry.getKey(), false, units));
            }
            return new BatchRequests.GetResult(responses, unprocessed, capacity);
        });
    }

    BatchRequests.WriteResult write(Map<String, List<BatchRequests.Write>> request,
                                    BooleanSupplier leaveUnprocessed) {
        int total = 0;
        for (List<BatchRequests.Write> writes : request.values()) {
            total += writes.size();
            if (writes.isEmpty()) {
                throw tooManyOrTooFew();
            }
        }
        if (request.isEmpty() || total > MAX_WRITES) {
            throw tooManyOrTooFew();
        }
        return catalog.write(() -> {
            Map<String, Table> tables = new LinkedHashMap<>();
            for (Map.Entry<String, List<BatchRequests.Write>> entry : request.entrySet()) {
                Table table = catalog.require(entry.getKey());
                tables.put(entry.getKey(), table);
                Set<ItemPosition> seen = new HashSet<>();
                for (BatchRequests.Write write : entry.getValue()) {
                    if (write.isPut()) {
                        ItemValidator.validateItem(table.definition(), write.attributes());
                    } else {
                        ItemValidator.validateKey(table.definition(), write.attributes());
                    }
                    if (!seen.add(table.positionOf(write.attributes()))) {
                        throw DynamoDbException.validation("Provided list of item keys contains duplicates");
                    }
                }
            }
            List<ConsumedCapacity> capacity = new ArrayList<>();
            Map<String, List<BatchRequests.Write>> unprocessed = new LinkedHashMap<>();
            for (Map.Entry<String, List<BatchRequests.Write>> entry : request.entrySet()) {
                Table table = Objects.requireNonNull(tables.get(entry.getKey()), "every table was looked up above");
                ConsumedCapacity consumed = ConsumedCapacity.table(entry.getKey(), true, 0);
                for (BatchRequests.Write write : entry.getValue()) {
                    if (leaveUnprocessed.getAsBoolean()) {
                        unprocessed.computeIfAbsent(entry.getKey(), k -> new ArrayList<>()).add(write);
                        continue;
                    }
                    PreparedWrite prepared = write.isPut() ? WritePreparer.put(table, write.attributes(), null, false)
                            : WritePreparer.delete(table, write.attributes(), null, false);
                    consumed = consumed.plus(prepared.commit());
                }
                capacity.add(consumed);
            }
            return new BatchRequests.WriteResult(unprocessed, capacity);
        });
    }

    private static DynamoDbException tooManyOrTooFew() {
        return DynamoDbException.validation("1 validation error detected: Value at 'requestItems' failed to satisfy"
                + " constraint: Map value must satisfy constraint: [Member must have length less than or equal to 25,"
                + " Member must have length greater than or equal to 1]");
    }
}
