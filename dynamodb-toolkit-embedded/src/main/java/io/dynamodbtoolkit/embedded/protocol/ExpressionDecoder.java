package io.dynamodbtoolkit.embedded.protocol;

import io.dynamodbtoolkit.embedded.error.DynamoDbException;
import io.dynamodbtoolkit.embedded.expression.ParsedCondition;
import io.dynamodbtoolkit.embedded.expression.ExpressionAttributes;
import io.dynamodbtoolkit.embedded.expression.ExpressionKind;
import io.dynamodbtoolkit.embedded.expression.ExpressionParser;
import io.dynamodbtoolkit.embedded.expression.KeyTerm;
import io.dynamodbtoolkit.embedded.expression.ParsedProjection;
import io.dynamodbtoolkit.embedded.expression.UpdateExpression;
import org.jspecify.annotations.Nullable;

import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

/**
 * Decodes the condition, update, projection, filter and key condition of one request (or one transaction action),
 * each from its expression parameter or from the legacy parameter that stands for it, into the one expression model.
 * Expressions share the request's ExpressionAttributeNames / ExpressionAttributeValues; once every part is decoded,
 * {@link #checkAllUsed()} checks that each placeholder was used. A request mixing the two kinds is refused with
 * DynamoDB's message.
 */
final class ExpressionDecoder {

    private final JsonRequest request;
    private final ExpressionParameters parameters;
    private final ExpressionAttributes attributes;

    ExpressionDecoder(JsonRequest request, ExpressionParameters parameters) {
        this.request = request;
        this.parameters = parameters;
        if (anyPresent(parameters.expressions())) {
            checkNotMixed();
        } else if (request.has("ExpressionAttributeNames")) {
            throw DynamoDbException.validation("ExpressionAttributeNames can only be specified when using expressions");
        }
        List<String> valueExpressions = parameters.valueExpressions();
        if (!valueExpressions.isEmpty() && request.has("ExpressionAttributeValues") && !anyPresent(valueExpressions)) {
            throw DynamoDbException.validation("ExpressionAttributeValues can only be specified when using "
                    + "expressions: "
                    + String.join(" and ", valueExpressions) + (valueExpressions.size() > 1 ? " are" : " is")
                    + " null");
        }
        this.attributes = new ExpressionAttributes(request.stringMap("ExpressionAttributeNames"),
                request.has("ExpressionAttributeValues")
                        ? AttributeValueCodec.decodeItem(request.node().get("ExpressionAttributeValues")) : null);
    }

    private boolean anyPresent(List<String> fields) {
        for (String field : fields) {
            if (request.has(field)) {
                return true;
            }
        }
        return false;
    }

    private List<String> present(List<String> fields) {
        List<String> present = new ArrayList<>();
        for (String field : fields) {
            if (request.has(field)) {
                present.add(field);
            }
        }
        return present;
    }

    /** Called when an expression parameter is present: no legacy parameter may be. */
    private void checkNotMixed() {
        if (!anyPresent(parameters.legacy())) {
            return;
        }
        List<String> legacy = present(parameters.legacy());
        if (request.has("KeyConditions") && !request.has("KeyConditionExpression")) {
            legacy.remove("KeyConditions");
        }
        if (!legacy.isEmpty()) {
            throw DynamoDbException.validation("Can not use both expression and non-expression parameters in the same"
                    + " request: Non-expression parameters: {" + String.join(", ", legacy) + "} Expression"
                    + " parameters: {" + String.join(", ", present(parameters.expressions())) + "}");
        }
    }

    /** ConditionExpression, or the legacy Expected (with ConditionalOperator), or {@code null}. */
    @Nullable ParsedCondition condition() {
        String text = request.string("ConditionExpression");
        if (text != null) {
            return ExpressionParser.parseCondition(text, ExpressionKind.CONDITION, attributes);
        }
        return parameters.legacy().contains("Expected") ? LegacyConditions.expected(request) : null;
    }

    /** UpdateExpression, or the legacy AttributeUpdates, or {@code null}. */
    @Nullable UpdateExpression update() {
        String text = request.string("UpdateExpression");
        if (text != null) {
            return ExpressionParser.parseUpdate(text, attributes);
        }
        return parameters.legacy().contains("AttributeUpdates") ? LegacyUpdates.attributeUpdates(request) : null;
    }

    /** FilterExpression, or the legacy QueryFilter / ScanFilter (with ConditionalOperator), or {@code null}. */
    @Nullable ParsedCondition filter() {
        String text = request.string("FilterExpression");
        if (text != null) {
            return ExpressionParser.parseCondition(text, ExpressionKind.FILTER, attributes);
        }
        return parameters.legacyFilter() == null ? null : LegacyConditions.filter(request, parameters.legacyFilter());
    }

    /** How errors name the filter: "Filter Expression", or the legacy parameter's name. */
    String filterName() {
        return request.has("FilterExpression") || parameters.legacyFilter() == null ? "Filter Expression"
                : parameters.legacyFilter();
    }

    /** KeyConditionExpression or the legacy KeyConditions, as key terms; one of them is required. */
    List<KeyTerm> keyTerms() {
        String text = request.string("KeyConditionExpression");
        if (text != null) {
            return KeyTerm.decompose(ExpressionParser.parseCondition(text, ExpressionKind.KEY_CONDITION, attributes));
        }
        if (!request.has("KeyConditions")) {
            throw DynamoDbException.validation(
                    "Either the KeyConditions or KeyConditionExpression parameter must be specified in the request.");
        }
        return LegacyConditions.keyConditions(request);
    }

    /** ProjectionExpression, or the legacy AttributesToGet (top-level names), or {@code null}. */
    @Nullable ParsedProjection projection() {
        String text = request.string("ProjectionExpression");
        if (text != null) {
            return ExpressionParser.parseProjection(text, attributes);
        }
        if (!request.has("AttributesToGet")) {
            return null;
        }
        List<String> names = request.strings("AttributesToGet");
        if (names.isEmpty()) {
            throw DynamoDbException.validation("1 validation error detected: Value '[]' at 'attributesToGet' failed to"
                    + " satisfy constraint: Member must have length greater than or equal to 1");
        }
        Set<String> distinct = new LinkedHashSet<>();
        for (String name : names) {
            if (!distinct.add(name)) {
                throw DynamoDbException.validation("One or more parameter values were invalid: Duplicate value in"
                        + " attribute name: " + name);
            }
        }
        return ParsedProjection.attributesToGet(names);
    }

    /** Call once every part of the request is decoded. */
    void checkAllUsed() {
        attributes.checkAllUsed();
    }
}
