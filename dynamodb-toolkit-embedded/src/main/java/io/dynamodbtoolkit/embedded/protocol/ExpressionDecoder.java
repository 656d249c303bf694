package io.dynamodbtoolkit.embedded.protocol;

import io.dynamodbtoolkit.embedded.error.DynamoDbException;
import io.dynamodbtoolkit.embedded.expression.ParsedCondition;
import io.dynamodbtoolkit.embedded.expression.DocumentPath;
import io.dynamodbtoolkit.embedded.expression.ExpressionAttributes;
import io.dynamodbtoolkit.embedded.expression.ExpressionKind;
import io.dynamodbtoolkit.embedded.expression.ExpressionParser;
import io.dynamodbtoolkit.embedded.expression.ParsedProjection;
import io.dynamodbtoolkit.embedded.expression.UpdateExpression;

import java.util.ArrayList;
import java.util.List;

/**
 * Parses the expressions of one request (or one transaction action) against its shared
 * ExpressionAttributeNames / ExpressionAttributeValues, and checks afterwards that every placeholder was used.
 */
final class ExpressionDecoder {

    private static final String[] EXPRESSION_FIELDS = {"ConditionExpression", "UpdateExpression",
            "ProjectionExpression", "FilterExpression", "KeyConditionExpression"};

    private final JsonRequest request;
    private final ExpressionAttributes attributes;

    ExpressionDecoder(JsonRequest request) {
        this.request = request;
        boolean anyExpression = false;
        for (String field : EXPRESSION_FIELDS) {
            anyExpression |= request.has(field);
        }
        if (!anyExpression && request.has("ExpressionAttributeNames")) {
            throw DynamoDbException.validation("ExpressionAttributeNames can only be specified when using expressions");
        }
        if (!anyExpression && request.has("ExpressionAttributeValues")) {
            throw DynamoDbException.validation("ExpressionAttributeValues can only be specified when using expressions");
        }
        this.attributes = new ExpressionAttributes(request.stringMap("ExpressionAttributeNames"),
                request.has("ExpressionAttributeValues")
                        ? AttributeValueCodec.decodeItem(request.node().get("ExpressionAttributeValues")) : null);
    }

    ParsedCondition condition(String field, ExpressionKind kind) {
        String text = request.string(field);
        return text == null ? null : ExpressionParser.parseCondition(text, kind, attributes);
    }

    UpdateExpression update() {
        String text = request.string("UpdateExpression");
        return text == null ? null : ExpressionParser.parseUpdate(text, attributes);
    }

    /** ProjectionExpression, or the legacy AttributesToGet (top-level names), or {@code null}. */
    ParsedProjection projection() {
        String text = request.string("ProjectionExpression");
        List<String> attributesToGet = request.strings("AttributesToGet");
        if (text != null && !attributesToGet.isEmpty()) {
            throw DynamoDbException.validation("Can not use both expression and non-expression parameters in the same"
                    + " request: Non-expression parameters: {AttributesToGet} Expression parameters:"
                    + " {ProjectionExpression}");
        }
        if (text != null) {
            return ExpressionParser.parseProjection(text, attributes);
        }
        if (!attributesToGet.isEmpty()) {
            List<DocumentPath> paths = new ArrayList<>();
            for (String name : attributesToGet) {
                paths.add(DocumentPath.of(name));
            }
            return new ParsedProjection(paths);
        }
        return null;
    }

    /** Call once every expression of the request is parsed. */
    void checkAllUsed() {
        attributes.checkAllUsed();
    }
}
