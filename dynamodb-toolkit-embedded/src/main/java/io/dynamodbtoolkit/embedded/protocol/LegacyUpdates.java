package io.dynamodbtoolkit.embedded.protocol;

import io.dynamodbtoolkit.embedded.error.DynamoDbException;
import io.dynamodbtoolkit.embedded.expression.DocumentPath;
import io.dynamodbtoolkit.embedded.expression.ParsedOperand.ValueOperand;
import io.dynamodbtoolkit.embedded.expression.ParsedUpdateAction;
import io.dynamodbtoolkit.embedded.expression.UpdateExpression;
import io.dynamodbtoolkit.embedded.model.DataType;
import io.dynamodbtoolkit.embedded.model.AttributeValue;
import org.jspecify.annotations.Nullable;
import tools.jackson.databind.JsonNode;

import java.util.ArrayList;
import java.util.EnumSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Reads the legacy {@code AttributeUpdates} of an UpdateItem, validates it with DynamoDB's messages and translates
 * it into the actions of an update expression: PUT is SET, DELETE without a value is REMOVE, DELETE with a set is
 * DELETE, ADD is ADD (numbers and sets; a list is appended to).
 */
final class LegacyUpdates {

    private static final String INVALID = "One or more parameter values were invalid: ";
    private static final String PLACEHOLDER = ":legacy";
    private static final Set<DataType> SETS = EnumSet.of(DataType.SS, DataType.NS, DataType.BS);
    private static final Set<DataType> ADDABLE = EnumSet.of(DataType.N, DataType.L, DataType.SS,
            DataType.NS, DataType.BS);

    private enum Action {
        ADD, PUT, DELETE
    }

    private LegacyUpdates() {
    }

    /** The AttributeUpdates of the request as an update, or {@code null} when it has none. */
    static @Nullable UpdateExpression attributeUpdates(JsonRequest request) {
        if (!request.has("AttributeUpdates")) {
            return null;
        }
        List<ParsedUpdateAction> actions = new ArrayList<>();
        for (Map.Entry<String, JsonNode> entry : request.fields("AttributeUpdates").entrySet()) {
            actions.add(action(entry.getKey(), request.nested(entry.getValue())));
        }
        return new UpdateExpression(actions, true);
    }

    private static ParsedUpdateAction action(String attribute, JsonRequest update) {
        Action action = update.enumValue("Action", "attributeUpdates." + attribute + ".member.action", Action.class,
                Action.PUT);
        DocumentPath path = DocumentPath.of(attribute);
        if (!update.has("Value")) {
            if (action != Action.DELETE) {
                throw DynamoDbException.validation(INVALID + "Only DELETE action is allowed when no attribute value is"
                        + " specified");
            }
            return new ParsedUpdateAction.Remove(path);
        }
        AttributeValue value = update.attributeValue("Value");
        ValueOperand operand = new ValueOperand(PLACEHOLDER, value);
        return switch (action) {
            case PUT -> new ParsedUpdateAction.Set(path, operand);
            case DELETE -> {
                if (!SETS.contains(value.type())) {
                    throw DynamoDbException.validation(INVALID
                            + "DELETE action with value is not supported for the type "
                            + value.type());
                }
                yield new ParsedUpdateAction.Delete(path, operand);
            }
            case ADD -> {
                if (!ADDABLE.contains(value.type())) {
                    throw DynamoDbException.validation(INVALID + "ADD action is not supported for the type "
                            + value.type());
                }
                yield new ParsedUpdateAction.Add(path, operand);
            }
        };
    }
}
