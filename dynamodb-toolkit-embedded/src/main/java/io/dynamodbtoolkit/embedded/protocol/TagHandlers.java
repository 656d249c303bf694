package io.dynamodbtoolkit.embedded.protocol;

import io.dynamodbtoolkit.embedded.engine.DynamoDbEngine;
import io.dynamodbtoolkit.embedded.error.DynamoDbException;
import io.dynamodbtoolkit.embedded.error.ErrorCode;
import tools.jackson.databind.node.ArrayNode;
import tools.jackson.databind.node.JsonNodeFactory;
import tools.jackson.databind.node.ObjectNode;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Supplier;

/** TagResource, UntagResource and ListTagsOfResource, on tables named by their ARN. */
final class TagHandlers {

    private static final JsonNodeFactory NODES = JsonNodeFactory.instance;

    private final DynamoDbEngine engine;

    TagHandlers(DynamoDbEngine engine) {
        this.engine = engine;
    }

    void register(Map<String, Operation> operations) {
        operations.put("TagResource", this::tagResource);
        operations.put("UntagResource", this::untagResource);
        operations.put("ListTagsOfResource", this::listTagsOfResource);
    }

    /** The Tags list of a request ({@code [{"Key": .., "Value": ..}]}) as a map. */
    static Map<String, String> tags(JsonRequest request) {
        Map<String, String> tags = new LinkedHashMap<>();
        for (JsonRequest tag : request.objects("Tags")) {
            tags.put(tag.requiredString("Key", "tags.member.key"), tag.requiredString("Value", "tags.member.value"));
        }
        return tags;
    }

    private ObjectNode tagResource(JsonRequest request) {
        String arn = resourceArn(request);
        String table = Arns.tableName(arn);
        if (!request.has("Tags")) {
            throw DynamoDbException.validation("1 validation error detected: Value null at 'tags' failed to satisfy"
                    + " constraint: Member must not be null");
        }
        Map<String, String> tags = tags(request);
        if (tags.isEmpty()) {
            throw DynamoDbException.validation("Atleast one Tag needs to be provided as Input.");
        }
        onTable(arn, () -> {
            engine.tagTable(table, tags);
            return null;
        });
        return NODES.objectNode();
    }

    private ObjectNode untagResource(JsonRequest request) {
        String arn = resourceArn(request);
        String table = Arns.tableName(arn);
        if (!request.has("TagKeys")) {
            throw DynamoDbException.validation("1 validation error detected: Value null at 'tagKeys' failed to satisfy"
                    + " constraint: Member must not be null");
        }
        List<String> keys = request.strings("TagKeys");
        if (keys.isEmpty()) {
            throw DynamoDbException.validation("Atleast one Tag Key needs to be provided as Input.");
        }
        onTable(arn, () -> {
            engine.untagTable(table, keys);
            return null;
        });
        return NODES.objectNode();
    }

    private ObjectNode listTagsOfResource(JsonRequest request) {
        String arn = resourceArn(request);
        String table = Arns.tableName(arn);
        Map<String, String> tags = onTable(arn, () -> engine.listTags(table));
        ObjectNode response = NODES.objectNode();
        ArrayNode array = response.putArray("Tags");
        tags.forEach((key, value) -> {
            ObjectNode tag = array.addObject();
            tag.put("Key", key);
            tag.put("Value", value);
        });
        return response;
    }

    /** The ResourceArn, required: a request without one is refused as DynamoDB refuses it. */
    private static String resourceArn(JsonRequest request) {
        String arn = request.string("ResourceArn");
        if (arn == null) {
            throw DynamoDbException.validation("Invalid TableArn");
        }
        return arn;
    }

    /** Runs an operation on the table of the ARN, naming the ARN as DynamoDB does when there is no such table. */
    private static <T> T onTable(String arn, Supplier<T> operation) {
        try {
            return operation.get();
        } catch (DynamoDbException e) {
            if (e.code() == ErrorCode.RESOURCE_NOT_FOUND) {
                throw new DynamoDbException(ErrorCode.RESOURCE_NOT_FOUND,
                        "Requested resource not found: ResourcArn: " + arn + " not found");
            }
            throw e;
        }
    }
}
