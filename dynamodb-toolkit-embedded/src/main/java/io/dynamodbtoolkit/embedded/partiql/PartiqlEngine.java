package io.dynamodbtoolkit.embedded.partiql;

import io.dynamodbtoolkit.embedded.engine.ConsumedCapacity;
import io.dynamodbtoolkit.embedded.engine.DynamoDbEngine;
import io.dynamodbtoolkit.embedded.engine.IndexDefinition;
import io.dynamodbtoolkit.embedded.engine.ItemRequests;
import io.dynamodbtoolkit.embedded.engine.KeySchema;
import io.dynamodbtoolkit.embedded.engine.ReadRequests;
import io.dynamodbtoolkit.embedded.engine.ReturnValues;
import io.dynamodbtoolkit.embedded.engine.EngineTableDefinition;
import io.dynamodbtoolkit.embedded.engine.TransactionRequests;
import io.dynamodbtoolkit.embedded.error.CancellationReason;
import io.dynamodbtoolkit.embedded.error.DynamoDbException;
import io.dynamodbtoolkit.embedded.error.ErrorCode;
import io.dynamodbtoolkit.embedded.expression.ParsedCondition;
import io.dynamodbtoolkit.embedded.expression.ConditionAttributes;
import io.dynamodbtoolkit.embedded.expression.DocumentPath;
import io.dynamodbtoolkit.embedded.expression.KeyTerm;
import io.dynamodbtoolkit.embedded.expression.UpdateExpression;
import io.dynamodbtoolkit.embedded.model.AttributeValue;
import io.dynamodbtoolkit.embedded.partiql.PartiqlRequests.BatchResponse;
import io.dynamodbtoolkit.embedded.partiql.PartiqlRequests.Continuation;
import io.dynamodbtoolkit.embedded.partiql.PartiqlRequests.StatementRequest;
import io.dynamodbtoolkit.embedded.partiql.PartiqlRequests.StatementResult;
import io.dynamodbtoolkit.embedded.partiql.PartiqlRequests.TransactionResult;
import org.jspecify.annotations.Nullable;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * PartiQL for DynamoDB on the engine: each statement is translated into the engine's own requests (a SELECT whose
 * WHERE fixes the partition key into a Query, else a Scan; INSERT into a PutItem that must not overwrite; UPDATE
 * and DELETE into single-item writes on the item their WHERE names by its whole key), so one evaluator serves
 * PartiQL, expressions and the legacy parameters alike.
 */
public final class PartiqlEngine {

    private static final int MAX_BATCH = 25;
    private static final int MAX_TRANSACTION = 100;
    private static final String DUPLICATE = "Duplicate primary key exists in table";

    private final DynamoDbEngine engine;

    public PartiqlEngine(DynamoDbEngine engine) {
        this.engine = engine;
    }

    /** ExecuteStatement: one statement, with Limit and where a previous page stopped ({@code null} at first). */
    public StatementResult execute(StatementRequest request, @Nullable Integer limit, @Nullable Continuation from) {
        if (limit != null && limit < 1) {
            throw DynamoDbException.validation("1 validation error detected: Value '" + limit + "' at 'limit' failed to"
                    + " satisfy constraint: Member must have value greater than or equal to 1");
        }
        Statement statement = Parser.parse(request.statement(), request.parameters());
        if (statement instanceof Statement.Select select) {
            return select(select, limit, from, request.consistentRead());
        }
        if (statement instanceof Statement.Exists) {
            throw PartiqlErrors.unsupported("EXISTS is only a statement of ExecuteTransaction");
        }
        return write(statement, request.returnOldOnConditionFailure());
    }

    private StatementResult select(Statement.Select select, @Nullable Integer limit, @Nullable Continuation from,
                                   boolean consistent) {
        EngineTableDefinition table = definition(select.table());
        KeySchema schema = keySchema(table, select.index());
        WhereClause.QueryKey key = new WhereClause(select.where()).queryKey(schema);
        boolean forward = !select.descending();
        if (select.orderBy() != null && (key == null || schema.rangeKeys().isEmpty()
                || !schema.rangeKeys().get(0).name().equals(select.orderBy()))) {
            throw PartiqlErrors.unsupported("ORDER BY needs a WHERE clause that fixes the partition key, and can only"
                    + " name the sort key");
        }
        Continuation start = from == null ? new Continuation(0, null) : from;
        if (key == null) {
            ReadRequests.Page page = engine.scan(new ReadRequests.Scan(select.table(), select.index(), select.where(),
                    select.projection(), null, limit, start.startKey(), consistent, null, null));
            return new StatementResult(page.items(), page.lastEvaluatedKey() == null ? null
                    : new Continuation(0, page.lastEvaluatedKey()), page.lastEvaluatedKey(), List.of(page.capacity()));
        }
        List<Map<String, AttributeValue>> items = new ArrayList<>();
        List<ConsumedCapacity> capacity = new ArrayList<>();
        Integer remaining = limit;
        for (int partition = start.partition(); partition < key.partitions().size(); partition++) {
            List<KeyTerm> terms = new ArrayList<>(key.partitions().get(partition));
            terms.addAll(key.sortTerms());
            ReadRequests.Page page = engine.query(new ReadRequests.Query(select.table(), select.index(), terms,
                    key.filter(), ConditionAttributes.topLevelNames(key.filter()), null, select.projection(), null,
                    remaining, partition == start.partition() ? start.startKey() : null, forward, consistent));
            items.addAll(page.items());
            capacity.add(page.capacity());
            if (page.lastEvaluatedKey() != null) {
                return new StatementResult(items, new Continuation(partition, page.lastEvaluatedKey()),
                        page.lastEvaluatedKey(), capacity);
            }
            if (remaining != null) {
                remaining -= page.scannedCount();
                if (remaining <= 0 && partition + 1 < key.partitions().size()) {
                    return new StatementResult(items, new Continuation(partition + 1, null), null, capacity);
                }
            }
        }
        return new StatementResult(items, null, null, capacity);
    }

    private StatementResult write(Statement statement, boolean returnOld) {
        TransactionRequests.WriteAction action = writeAction(statement, returnOld);
        ItemRequests.WriteResult result;
        if (action.put() != null) {
            try {
                result = engine.putItem(action.put());
            } catch (DynamoDbException e) {
                throw e.code() == ErrorCode.CONDITIONAL_CHECK_FAILED ? duplicate() : e;
            }
        } else if (action.update() != null) {
            result = engine.updateItem(action.update());
        } else {
            result = engine.deleteItem(action.requiredDelete());
        }
        List<Map<String, AttributeValue>> items = result.attributes() == null || result.attributes().isEmpty()
                ? List.of() : List.of(result.attributes());
        return new StatementResult(items, null, null, List.of(result.capacity()));
    }

    /** A write statement (or EXISTS) as the engine's transaction action of the same meaning. */
    private TransactionRequests.WriteAction writeAction(Statement statement, boolean returnOld) {
        EngineTableDefinition table = definition(statement.table());
        KeySchema schema = table.keySchema();
        DocumentPath firstKey = DocumentPath.of(schema.hashKeys().get(0).name());
        if (statement instanceof Statement.Insert insert) {
            return new TransactionRequests.WriteAction(null, new ItemRequests.Put(insert.table(), insert.item(),
                    new ParsedCondition.AttributeNotExists(firstKey), ReturnValues.NONE, returnOld), null, null);
        }
        if (statement instanceof Statement.Update update) {
            WhereClause.PointKey key = new WhereClause(update.where()).pointKey(schema);
            ParsedCondition exists = new ParsedCondition.AttributeExists(firstKey);
            return new TransactionRequests.WriteAction(null, null, new ItemRequests.Update(update.table(), key.key(),
                    new UpdateExpression(update.actions()), key.rest() == null ? exists
                    : new ParsedCondition.And(exists, key.rest()), update.returning(), returnOld), null);
        }
        if (statement instanceof Statement.Delete delete) {
            WhereClause.PointKey key = new WhereClause(delete.where()).pointKey(schema);
            ParsedCondition condition = key.rest() == null ? null
                    : new ParsedCondition.Or(new ParsedCondition.AttributeNotExists(firstKey), key.rest());
            return new TransactionRequests.WriteAction(null, null, null, new ItemRequests.Delete(delete.table(),
                    key.key(), condition, delete.returning(), returnOld));
        }
        Statement.Exists exists = (Statement.Exists) statement;
        if (exists.select().index() != null) {
            throw PartiqlErrors.unsupported("EXISTS reads the table, not an index");
        }
        WhereClause.PointKey key = new WhereClause(exists.select().where()).pointKey(schema);
        ParsedCondition present = new ParsedCondition.AttributeExists(firstKey);
        return new TransactionRequests.WriteAction(new ItemRequests.Check(exists.table(), key.key(),
                key.rest() == null ? present : new ParsedCondition.And(present, key.rest()), returnOld), null, null,
                null);
    }

    /** BatchExecuteStatement: up to 25 statements, all reads (by whole key) or all writes, each on its own. */
    public List<BatchResponse> executeBatch(List<StatementRequest> requests) {
        if (requests.isEmpty() || requests.size() > MAX_BATCH) {
            throw DynamoDbException.validation("1 validation error detected: Value at 'statements' failed to satisfy"
                    + " constraint: Member must have length " + (requests.isEmpty() ? "greater than or equal to 1"
                    : "less than or equal to 25"));
        }
        List<Statement> statements = new ArrayList<>();
        for (StatementRequest request : requests) {
            Statement statement = Parser.parse(request.statement(), request.parameters());
            if (statement instanceof Statement.Exists) {
                throw PartiqlErrors.unsupported("EXISTS is only a statement of ExecuteTransaction");
            }
            statements.add(statement);
        }
        checkAllReadsOrAllWrites(statements, "BatchExecuteStatement");
        List<BatchResponse> responses = new ArrayList<>();
        for (int i = 0; i < statements.size(); i++) {
            Statement statement = statements.get(i);
            StatementRequest request = requests.get(i);
            try {
                if (statement instanceof Statement.Select select) {
                    ItemRequests.GetResult got = engine.getItem(pointRead(select, request.consistentRead()));
                    responses.add(new BatchResponse(select.table(), got.item(), null, got.capacity()));
                } else {
                    StatementResult written = write(statement, request.returnOldOnConditionFailure());
                    responses.add(new BatchResponse(statement.table(), null, null, written.capacity().get(0)));
                }
            } catch (DynamoDbException e) {
                responses.add(new BatchResponse(statement.table(), null, e, null));
            }
        }
        return responses;
    }

    private ItemRequests.Get pointRead(Statement.Select select, boolean consistent) {
        if (select.index() != null || select.orderBy() != null) {
            throw PartiqlErrors.unsupported("a batch or transaction read names one item of a table by its whole"
                    + " primary key");
        }
        WhereClause.PointKey key = new WhereClause(select.where()).pointKey(definition(select.table()).keySchema());
        if (key.rest() != null) {
            throw PartiqlErrors.unsupported("a batch or transaction read names one item by its whole primary key,"
                    + " with no other condition");
        }
        return new ItemRequests.Get(select.table(), key.key(), select.projection(), consistent);
    }

    /**
     * ExecuteTransaction: up to 100 statements, all reads (by whole key, a TransactGetItems) or all writes and
     * EXISTS checks (a TransactWriteItems: all or nothing; an INSERT of an existing item cancels it with reason
     * DuplicateItem).
     */
    public TransactionResult executeTransaction(List<StatementRequest> requests, @Nullable String clientRequestToken,
                                                String fingerprint) {
        if (requests.isEmpty() || requests.size() > MAX_TRANSACTION) {
            throw DynamoDbException.validation("1 validation error detected: Value at 'transactStatements' failed to"
                    + " satisfy constraint: Member must have length " + (requests.isEmpty()
                    ? "greater than or equal to 1" : "less than or equal to 100"));
        }
        List<Statement> statements = new ArrayList<>();
        for (StatementRequest request : requests) {
            statements.add(Parser.parse(request.statement(), request.parameters()));
        }
        checkAllReadsOrAllWrites(statements, "ExecuteTransaction");
        if (statements.get(0) instanceof Statement.Select) {
            List<TransactionRequests.Get> gets = new ArrayList<>();
            for (Statement statement : statements) {
                ItemRequests.Get get = pointRead((Statement.Select) statement, true);
                gets.add(new TransactionRequests.Get(get.tableName(), get.key(), get.projection()));
            }
            TransactionRequests.GetResult result = engine.transactGetItems(gets);
            return new TransactionResult(result.items(), result.capacity());
        }
        List<TransactionRequests.WriteAction> actions = new ArrayList<>();
        for (int i = 0; i < statements.size(); i++) {
            actions.add(writeAction(statements.get(i), requests.get(i).returnOldOnConditionFailure()));
        }
        try {
            TransactionRequests.WriteResult result = engine.transactWriteItems(new TransactionRequests.Write(actions,
                    clientRequestToken, fingerprint));
            return new TransactionResult(List.of(), result.capacity());
        } catch (DynamoDbException e) {
            if (e.code() != ErrorCode.TRANSACTION_CANCELED) {
                throw e;
            }
            List<CancellationReason> reasons = Objects.requireNonNull(e.cancellationReasons(),
                    "a cancelled transaction has its reasons");
            throw DynamoDbException.transactionCanceled(duplicatesNamed(reasons, statements));
        }
    }

    /** The reasons, an INSERT's failed condition named DuplicateItem as DynamoDB names it. */
    private static List<CancellationReason> duplicatesNamed(List<CancellationReason> reasons,
                                                            List<Statement> statements) {
        List<CancellationReason> named = new ArrayList<>();
        for (int i = 0; i < reasons.size(); i++) {
            CancellationReason reason = reasons.get(i);
            boolean duplicate = statements.get(i) instanceof Statement.Insert
                    && reason.code().equals("ConditionalCheckFailed");
            named.add(duplicate ? new CancellationReason("DuplicateItem", DUPLICATE, reason.item()) : reason);
        }
        return named;
    }

    private static void checkAllReadsOrAllWrites(List<Statement> statements, String operation) {
        long reads = statements.stream().filter(statement -> statement instanceof Statement.Select).count();
        if (reads != 0 && reads != statements.size()) {
            throw DynamoDbException.validation(operation + " statements must be all reads (SELECT) or all writes"
                    + " (INSERT, UPDATE, DELETE" + (operation.equals("ExecuteTransaction") ? ", EXISTS" : "") + ")");
        }
    }

    private EngineTableDefinition definition(String tableName) {
        return engine.describeTable(tableName).definition();
    }

    private static KeySchema keySchema(EngineTableDefinition table, @Nullable String indexName) {
        if (indexName == null) {
            return table.keySchema();
        }
        IndexDefinition index = table.index(indexName);
        if (index == null) {
            throw DynamoDbException.validation("The table does not have the specified index: " + indexName);
        }
        return index.keySchema();
    }

    private static DynamoDbException duplicate() {
        return new DynamoDbException(ErrorCode.DUPLICATE_ITEM, DUPLICATE);
    }
}
