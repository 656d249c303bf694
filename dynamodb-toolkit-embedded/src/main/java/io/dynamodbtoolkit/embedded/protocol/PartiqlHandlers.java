package io.dynamodbtoolkit.embedded.protocol;

import io.dynamodbtoolkit.embedded.engine.ConsumedCapacity;
import io.dynamodbtoolkit.embedded.engine.DynamoDbEngine;
import io.dynamodbtoolkit.embedded.error.DynamoDbException;
import io.dynamodbtoolkit.embedded.model.AttributeValue;
import io.dynamodbtoolkit.embedded.partiql.PartiqlEngine;
import io.dynamodbtoolkit.embedded.partiql.PartiqlRequests;
import org.jspecify.annotations.Nullable;
import tools.jackson.core.JacksonException;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ArrayNode;
import tools.jackson.databind.node.JsonNodeFactory;
import tools.jackson.databind.node.ObjectNode;

import java.util.ArrayList;
import java.util.Base64;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * ExecuteStatement, BatchExecuteStatement and ExecuteTransaction: PartiQL statements with {@code ?} parameters,
 * Limit and NextToken, run by the {@link PartiqlEngine} on the engine's own operations.
 */
final class PartiqlHandlers {

    private static final JsonNodeFactory NODES = JsonNodeFactory.instance;

    private final PartiqlEngine partiql;
    private final JsonCodec json = new JsonCodec();

    PartiqlHandlers(DynamoDbEngine engine) {
        this.partiql = new PartiqlEngine(engine);
    }

    void register(Map<String, Operation> operations) {
        operations.put("ExecuteStatement", this::executeStatement);
        operations.put("BatchExecuteStatement", this::batchExecuteStatement);
        operations.put("ExecuteTransaction", this::executeTransaction);
    }

    private ObjectNode executeStatement(JsonRequest request) {
        PartiqlRequests.StatementRequest statement = statement(request, "statement");
        String capacity = CapacityEncoder.mode(request);
        String fingerprint = Fingerprints.of(request.node().get("Statement"), request.node().get("Parameters"));
        PartiqlRequests.StatementResult result = partiql.execute(statement, request.integer("Limit"),
                continuation(request.string("NextToken"), fingerprint));
        ObjectNode response = NODES.objectNode();
        ArrayNode items = response.putArray("Items");
        result.items().forEach(item -> items.add(AttributeValueCodec.encodeItem(item)));
        if (result.next() != null) {
            response.put("NextToken", nextToken(result.next(), fingerprint));
        }
        if (result.lastEvaluatedKey() != null) {
            response.set("LastEvaluatedKey", AttributeValueCodec.encodeItem(result.lastEvaluatedKey()));
        }
        CapacityEncoder.addSingle(response, capacity, total(result.capacity()));
        return response;
    }

    private ObjectNode batchExecuteStatement(JsonRequest request) {
        List<PartiqlRequests.StatementRequest> statements = new ArrayList<>();
        for (JsonRequest statement : request.objects("Statements")) {
            statements.add(statement(statement, "statements.member.statement"));
        }
        String capacity = CapacityEncoder.mode(request);
        ObjectNode response = NODES.objectNode();
        ArrayNode responses = response.putArray("Responses");
        Map<String, ConsumedCapacity> consumed = new LinkedHashMap<>();
        for (PartiqlRequests.BatchResponse answer : partiql.executeBatch(statements)) {
            if (answer.capacity() != null) {
                consumed.merge(answer.tableName(), answer.capacity(), ConsumedCapacity::plus);
            }
            ObjectNode entry = responses.addObject();
            if (answer.error() != null) {
                ObjectNode error = entry.putObject("Error");
                error.put("Code", errorCode(answer.error()));
                error.put("Message", answer.error().getMessage());
                if (answer.error().item() != null) {
                    error.set("Item", AttributeValueCodec.encodeItem(answer.error().item()));
                }
            } else {
                entry.put("TableName", answer.tableName());
                if (answer.item() != null) {
                    entry.set("Item", AttributeValueCodec.encodeItem(answer.item()));
                }
            }
        }
        CapacityEncoder.addList(response, capacity, new ArrayList<>(consumed.values()));
        return response;
    }

    private ObjectNode executeTransaction(JsonRequest request) {
        List<PartiqlRequests.StatementRequest> statements = new ArrayList<>();
        for (JsonRequest statement : request.objects("TransactStatements")) {
            statements.add(statement(statement, "transactStatements.member.statement"));
        }
        String token = request.string("ClientRequestToken");
        String capacity = CapacityEncoder.mode(request);
        PartiqlRequests.TransactionResult result = partiql.executeTransaction(statements, token,
                Fingerprints.of(request.node().get("TransactStatements")));
        ObjectNode response = NODES.objectNode();
        if (!result.items().isEmpty()) {
            TransactionHandlers.addResponses(response, result.items());
        }
        CapacityEncoder.addList(response, capacity, result.capacity());
        return response;
    }

    private static PartiqlRequests.StatementRequest statement(JsonRequest request, String parameterName) {
        String text = request.requiredString("Statement", parameterName);
        List<AttributeValue> parameters = new ArrayList<>();
        for (JsonRequest parameter : request.objects("Parameters")) {
            parameters.add(AttributeValueCodec.decode(parameter.node(), 1));
        }
        return new PartiqlRequests.StatementRequest(text, parameters, request.bool("ConsistentRead", false),
                ItemHandlers.returnOldOnFailure(request));
    }

    /** The error code of a batch statement's failure, as BatchStatementError names it. */
    private static String errorCode(DynamoDbException error) {
        return switch (error.code()) {
            case CONDITIONAL_CHECK_FAILED -> "ConditionalCheckFailed";
            case DUPLICATE_ITEM -> "DuplicateItem";
            case VALIDATION, SERIALIZATION -> "ValidationError";
            case RESOURCE_NOT_FOUND -> "ResourceNotFound";
            case PROVISIONED_THROUGHPUT_EXCEEDED -> "ProvisionedThroughputExceeded";
            default -> "InternalServerError";
        };
    }

    private static @Nullable ConsumedCapacity total(List<ConsumedCapacity> capacities) {
        ConsumedCapacity total = null;
        for (ConsumedCapacity capacity : capacities) {
            total = total == null ? capacity : total.plus(capacity);
        }
        return total;
    }

    /** A NextToken: the statement's fingerprint and where it stopped, so that it resumes only that statement. */
    private String nextToken(PartiqlRequests.Continuation next, String fingerprint) {
        ObjectNode token = NODES.objectNode();
        token.put("s", fingerprint);
        token.put("p", next.partition());
        if (next.startKey() != null) {
            token.set("k", AttributeValueCodec.encodeItem(next.startKey()));
        }
        return Base64.getUrlEncoder().withoutPadding().encodeToString(json.write(token));
    }

    private PartiqlRequests.@Nullable Continuation continuation(@Nullable String token, String fingerprint) {
        if (token == null) {
            return null;
        }
        try {
            JsonNode node = json.read(Base64.getUrlDecoder().decode(token));
            if (!node.isObject() || node.get("s") == null || !fingerprint.equals(node.get("s").stringValue())
                    || node.get("p") == null || !node.get("p").isIntegralNumber()) {
                throw invalidToken();
            }
            return new PartiqlRequests.Continuation(node.get("p").intValue(),
                    AttributeValueCodec.decodeItem(node.get("k")));
        } catch (IllegalArgumentException | JacksonException e) {
            throw invalidToken();
        }
    }

    private static DynamoDbException invalidToken() {
        return DynamoDbException.validation("Invalid NextToken: it does not belong to this statement and parameters");
    }
}
