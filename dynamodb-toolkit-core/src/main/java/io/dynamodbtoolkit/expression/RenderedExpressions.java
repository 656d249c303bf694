package io.dynamodbtoolkit.expression;

import java.util.Map;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * The expressions of one request rendered with one {@link Placeholders}: each text is {@code null} when the
 * request has no such expression, and so are the maps when empty (DynamoDB rejects empty maps).
 *
 * @param keyConditionExpression the KeyConditionExpression
 * @param filterExpression       the FilterExpression
 * @param projectionExpression   the ProjectionExpression
 * @param conditionExpression    the ConditionExpression
 * @param updateExpression       the UpdateExpression
 * @param names                  the ExpressionAttributeNames
 * @param values                 the ExpressionAttributeValues
 */
public record RenderedExpressions(String keyConditionExpression, String filterExpression,
                                  String projectionExpression, String conditionExpression, String updateExpression,
                                  Map<String, String> names, Map<String, AttributeValue> values) {
}
