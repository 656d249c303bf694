package io.dynamodbtoolkit.expression;

import java.util.Map;
import org.jspecify.annotations.Nullable;
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
public record RenderedExpressions(@Nullable String keyConditionExpression, @Nullable String filterExpression,
                                  @Nullable String projectionExpression, @Nullable String conditionExpression,
                                          @Nullable String updateExpression,
                                  @Nullable Map<String, String> names, @Nullable Map<String, AttributeValue> values) {
}
