package io.dynamodbtoolkit.embedded.engine;

import io.dynamodbtoolkit.embedded.error.CancellationReason;
import io.dynamodbtoolkit.embedded.error.DynamoDbException;
import io.dynamodbtoolkit.embedded.error.ErrorCode;
import io.dynamodbtoolkit.embedded.model.AttributeValue;
import org.jspecify.annotations.Nullable;

import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * TransactWriteItems (all-or-nothing under the exclusive lock, ClientRequestToken idempotent for 10 minutes) and
 * TransactGetItems (a consistent snapshot under the shared lock).
 */
final class TransactionOperations {

    static final int MAX_ACTIONS = 100;
    private static final Duration TOKEN_LIFETIME = Duration.ofMinutes(10);

    private final Catalog catalog;
    private final Map<String, CompletedTransaction> completed = new LinkedHashMap<>();

    TransactionOperations(Catalog catalog) {
        this.catalog = catalog;
    }

    private record CompletedTransaction(String fingerprint, Instant at, TransactionRequests.WriteResult result) {
    }

    TransactionRequests.WriteResult write(TransactionRequests.Write request) {
        checkActionCount(request.actions().size(), "transactItems");
        return catalog.write(() -> {
            TransactionRequests.WriteResult replay = replay(request);
            if (replay != null) {
                return replay;
            }
            List<Table> tables = new ArrayList<>();
            Set<String> items = new HashSet<>();
            for (TransactionRequests.WriteAction action : request.actions()) {
                Table table = catalog.require(action.tableName());
                tables.add(table);
                Map<String, AttributeValue> key = keyOf(table, action);
                if (!items.add(table.name() + '\u0000' + table.positionOf(key))) {
                    throw DynamoDbException.validation("Transaction request cannot include multiple operations on one "
                            + "item");
                }
            }
            List<PreparedWrite> prepared = new ArrayList<>();
            List<CancellationReason> reasons = new ArrayList<>();
            boolean cancelled = false;
            for (int i = 0; i < request.actions().size(); i++) {
                try {
                    prepared.add(prepare(tables.get(i), request.actions().get(i)));
                    reasons.add(CancellationReason.NONE);
                } catch (DynamoDbException e) {
                    cancelled = true;
                    if (e.code() == ErrorCode.CONDITIONAL_CHECK_FAILED) {
                        reasons.add(new CancellationReason("ConditionalCheckFailed", e.getMessage(), e.item()));
                    } else if (e.code() == ErrorCode.VALIDATION) {
                        reasons.add(new CancellationReason("ValidationError", e.getMessage(), null));
                    } else {
                        throw e;
                    }
                }
            }
            if (cancelled) {
                throw DynamoDbException.transactionCanceled(reasons);
            }
            Map<String, ConsumedCapacity> capacity = new LinkedHashMap<>();
            for (PreparedWrite write : prepared) {
                ConsumedCapacity consumed = write.commit();
                ConsumedCapacity doubled = new ConsumedCapacity(consumed.tableName(), true,
                        write.writes() ? consumed.tableUnits() * 2 : Capacity.writeUnits(
                                write.before() == null ? 0 : write.before().size()) * 2,
                        times2(consumed.globalUnits()), times2(consumed.localUnits()));
                capacity.merge(consumed.tableName(), doubled, ConsumedCapacity::plus);
            }
            TransactionRequests.WriteResult result =
                    new TransactionRequests.WriteResult(new ArrayList<>(capacity.values()));
            remember(request, result);
            return result;
        });
    }

    private static Map<String, Double> times2(Map<String, Double> units) {
        Map<String, Double> doubled = new LinkedHashMap<>();
        units.forEach((name, value) -> doubled.put(name, value * 2));
        return doubled;
    }

    private static Map<String, AttributeValue> keyOf(Table table, TransactionRequests.WriteAction action) {
        Map<String, AttributeValue> key;
        if (action.check() != null) {
            key = action.check().key();
        } else if (action.put() != null) {
            ItemValidator.validateItem(table.definition(), action.put().item());
            return action.put().item();
        } else if (action.update() != null) {
            key = action.update().key();
        } else {
            key = action.requiredDelete().key();
        }
        ItemValidator.validateKey(table.definition(), key);
        return key;
    }

    private static PreparedWrite prepare(Table table, TransactionRequests.WriteAction action) {
        if (action.check() != null) {
            ItemRequests.Check check = action.check();
            return WritePreparer.conditionCheck(table, check.key(), check.condition(),
                    check.returnOldOnConditionFailure());
        }
        if (action.put() != null) {
            ItemRequests.Put put = action.put();
            return WritePreparer.put(table, put.item(), put.condition(), put.returnOldOnConditionFailure());
        }
        if (action.update() != null) {
            ItemRequests.Update update = action.update();
            return WritePreparer.update(table, update.key(), update.update(), update.condition(),
                    update.returnOldOnConditionFailure());
        }
        ItemRequests.Delete delete = action.requiredDelete();
        return WritePreparer.delete(table, delete.key(), delete.condition(), delete.returnOldOnConditionFailure());
    }

    private TransactionRequests.@Nullable WriteResult replay(TransactionRequests.Write request) {
        Instant now = catalog.clock().instant();
        for (Iterator<CompletedTransaction> it = completed.values().iterator(); it.hasNext(); ) {
            if (it.next().at().plus(TOKEN_LIFETIME).isBefore(now)) {
                it.remove();
            }
        }
        if (request.clientRequestToken() == null) {
            return null;
        }
        CompletedTransaction previous = completed.get(request.clientRequestToken());
        if (previous == null) {
            return null;
        }
        if (!previous.fingerprint().equals(request.fingerprint())) {
            throw new DynamoDbException(ErrorCode.IDEMPOTENT_PARAMETER_MISMATCH,
                    "Request with the same client token was already processed with different parameters");
        }
        return previous.result();
    }

    private void remember(TransactionRequests.Write request, TransactionRequests.WriteResult result) {
        if (request.clientRequestToken() != null) {
            completed.put(request.clientRequestToken(),
                    new CompletedTransaction(request.fingerprint(), catalog.clock().instant(), result));
        }
    }

    TransactionRequests.GetResult get(List<TransactionRequests.Get> gets) {
        checkActionCount(gets.size(), "transactItems");
        return catalog.read(() -> {
            List<@Nullable Map<String, AttributeValue>> items = new ArrayList<>();
            Map<String, ConsumedCapacity> capacity = new LinkedHashMap<>();
            Set<String> seen = new HashSet<>();
            List<Table> tables = new ArrayList<>();
            for (TransactionRequests.Get get : gets) {
                Table table = catalog.require(get.tableName());
                ItemValidator.validateKey(table.definition(), get.key());
                if (!seen.add(table.name() + '\u0000' + table.positionOf(get.key()))) {
                    throw DynamoDbException.validation(
                            "Transaction request cannot include multiple operations on one item");
                }
                tables.add(table);
            }
            for (int i = 0; i < gets.size(); i++) {
                TransactionRequests.Get get = gets.get(i);
                Table table = tables.get(i);
                StoredItem item = table.get(table.positionOf(get.key()));
                double units = Capacity.readUnits(item == null ? 0 : item.size(), true) * 2;
                capacity.merge(table.name(), ConsumedCapacity.table(table.name(), false, units),
                        ConsumedCapacity::plus);
                if (item == null) {
                    items.add(null);
                } else {
                    items.add(get.projection() == null ? item.attributes() : get.projection().apply(item.attributes()));
                }
            }
            return new TransactionRequests.GetResult(items, new ArrayList<>(capacity.values()));
        });
    }

    private static void checkActionCount(int count, String parameter) {
        if (count > MAX_ACTIONS || count < 1) {
            throw DynamoDbException.validation("1 validation error detected: Value at '" + parameter + "' failed to"
                    + " satisfy constraint: Member must have length " + (count < 1 ? "greater than or equal to 1"
                    : "less than or equal to 100"));
        }
    }
}
