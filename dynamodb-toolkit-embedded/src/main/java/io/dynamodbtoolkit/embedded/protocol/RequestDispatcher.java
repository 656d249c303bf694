package io.dynamodbtoolkit.embedded.protocol;

import io.dynamodbtoolkit.embedded.engine.DynamoDbEngine;
import io.dynamodbtoolkit.embedded.error.CancellationReason;
import io.dynamodbtoolkit.embedded.error.DynamoDbException;
import io.dynamodbtoolkit.embedded.error.ErrorCode;
import org.jspecify.annotations.Nullable;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import tools.jackson.core.JacksonException;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ArrayNode;
import tools.jackson.databind.node.JsonNodeFactory;
import tools.jackson.databind.node.ObjectNode;

import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Supplier;

/**
 * Turns one AWS JSON 1.0 request ({@code X-Amz-Target: DynamoDB_20120810.<Operation>}, or
 * {@code DynamoDBStreams_20120810.<Operation>} for the Streams API, and a JSON body) into a response: decodes, runs
 * the operation, and encodes the answer or the error as DynamoDB does.
 */
public final class RequestDispatcher {

    /** The prefix of every DynamoDB target. */
    public static final String TARGET_PREFIX = "DynamoDB_20120810.";
    private static final String DEFAULT_REGION = "us-east-1";
    private static final Logger LOG = LoggerFactory.getLogger(RequestDispatcher.class);
    private static final JsonNodeFactory NODES = JsonNodeFactory.instance;

    private final JsonCodec json = new JsonCodec();
    private final Map<String, Operation> operations = new ConcurrentHashMap<>();
    private final Map<String, Operation> streamOperations = new ConcurrentHashMap<>();
    private final DynamoDbEngine engine;
    private final Supplier<FaultInjector> faults;
    private volatile boolean lateOperationsRegistered;

    /**
     * @param engine the engine the operations run on
     * @param faults the fault injector in force (asked on every request, so it can be changed at run time)
     */
    public RequestDispatcher(DynamoDbEngine engine, Supplier<FaultInjector> faults) {
        this.engine = engine;
        this.faults = faults;
        new TableHandlers(engine).register(operations);
        new ItemHandlers(engine).register(operations);
        new ReadHandlers(engine).register(operations);
        new BatchHandlers(engine, faults).register(operations);
        new TransactionHandlers(engine).register(operations);
    }

    /**
     * Registers the operations few clients call (tags, service descriptions, PartiQL, Streams) on the first request
     * for an operation not registered yet, which keeps their classes out of the cold start (about a tenth of it).
     */
    private synchronized void registerLateOperations() {
        if (!lateOperationsRegistered) {
            new TagHandlers(engine).register(operations);
            new ServiceHandlers(engine).register(operations);
            new PartiqlHandlers(engine).register(operations);
            new StreamHandlers(engine).register(streamOperations);
            lateOperationsRegistered = true;
        }
    }

    private @Nullable Operation operation(Map<String, Operation> registered, String name) {
        Operation operation = registered.get(name);
        if (operation == null && !lateOperationsRegistered) {
            registerLateOperations();
            operation = registered.get(name);
        }
        return operation;
    }

    /**
     * A response: HTTP status and JSON body.
     *
     * @param status the HTTP status code
     * @param body   the JSON body
     */
    public record Response(int status, byte[] body) {
    }

    /**
     * Handles one request.
     *
     * @param target        the X-Amz-Target header, or {@code null}
     * @param body          the request body
     * @param authorization the Authorization header (only its region is used; signatures are not checked), or null
     * @param host          the Host header (the address the client used), or null
     */
    public Response dispatch(@Nullable String target, byte[] body, @Nullable String authorization,
                             @Nullable String host) {
        try {
            String operationName = null;
            Operation operation = null;
            if (target != null && target.startsWith(TARGET_PREFIX)) {
                operationName = target.substring(TARGET_PREFIX.length());
                operation = operation(operations, operationName);
            } else if (target != null && target.startsWith(StreamHandlers.TARGET_PREFIX)) {
                operationName = target.substring(StreamHandlers.TARGET_PREFIX.length());
                operation = operation(streamOperations, operationName);
            }
            if (operationName == null || operation == null) {
                throw new DynamoDbException(ErrorCode.UNKNOWN_OPERATION, null);
            }
            JsonNode requestBody = parse(body);
            faults.get().beforeOperation(operationName);
            ObjectNode result = operation.handle(new JsonRequest(requestBody, region(authorization), host));
            return new Response(200, json.write(result));
        } catch (DynamoDbException e) {
            return new Response(e.code().httpStatus(), json.write(error(e)));
        } catch (RuntimeException e) {
            LOG.error("Unexpected failure handling {}", target, e);
            return new Response(500, json.write(error(
                    new DynamoDbException(ErrorCode.INTERNAL_SERVER_ERROR, "Internal server error: " + e))));
        }
    }

    private JsonNode parse(byte[] body) {
        if (body.length == 0) {
            return NODES.objectNode();
        }
        try {
            return json.read(body);
        } catch (JacksonException e) {
            throw AttributeValueCodec.serialization("Malformed JSON in the request body: " + e.getOriginalMessage());
        }
    }

    private static String region(@Nullable String authorization) {
        if (authorization == null) {
            return DEFAULT_REGION;
        }
        int credential = authorization.indexOf("Credential=");
        if (credential < 0) {
            return DEFAULT_REGION;
        }
        String[] scope = authorization.substring(credential + "Credential=".length()).split("[,\\s]")[0].split("/");
        return scope.length >= 3 && !scope[2].isEmpty() ? scope[2] : DEFAULT_REGION;
    }

    private static ObjectNode error(DynamoDbException e) {
        ObjectNode node = NODES.objectNode();
        node.put("__type", e.code().wireType());
        if (e.getMessage() != null) {
            node.put(e.code() == ErrorCode.TRANSACTION_CANCELED ? "Message" : "message", e.getMessage());
        }
        if (e.item() != null) {
            node.set("Item", AttributeValueCodec.encodeItem(e.item()));
        }
        if (e.cancellationReasons() != null) {
            ArrayNode reasons = node.putArray("CancellationReasons");
            for (CancellationReason reason : e.cancellationReasons()) {
                ObjectNode encoded = reasons.addObject();
                encoded.put("Code", reason.code());
                if (reason.message() != null) {
                    encoded.put("Message", reason.message());
                }
                if (reason.item() != null) {
                    encoded.set("Item", AttributeValueCodec.encodeItem(reason.item()));
                }
            }
        }
        return node;
    }
}
