package io.dynamodbtoolkit.embedded.legacy;

import io.dynamodbtoolkit.embedded.support.EmbeddedServer;
import io.dynamodbtoolkit.embedded.support.TableNames;
import io.dynamodbtoolkit.embedded.support.Tables;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeAction;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.AttributeValueUpdate;
import software.amazon.awssdk.services.dynamodb.model.ConditionalCheckFailedException;
import software.amazon.awssdk.services.dynamodb.model.ExpectedAttributeValue;
import software.amazon.awssdk.services.dynamodb.model.ReturnValue;
import software.amazon.awssdk.services.dynamodb.model.ScalarAttributeType;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import static io.dynamodbtoolkit.embedded.support.Tables.n;
import static io.dynamodbtoolkit.embedded.support.Tables.s;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** The legacy AttributeUpdates of UpdateItem: PUT, ADD and DELETE on numbers, sets and lists, with Expected. */
@EmbeddedServer
class LegacyUpdatesIT {

    private static String table;

    @BeforeAll
    static void createTable(DynamoDbClient client, TableNames names) {
        table = names.next();
        Tables.create(client, table, "pk", ScalarAttributeType.S, null, null);
    }

    private static AttributeValueUpdate update(AttributeAction action, AttributeValue value) {
        return AttributeValueUpdate.builder().action(action).value(value).build();
    }

    private static Map<String, AttributeValue> key(String pk) {
        return Map.of("pk", s(pk));
    }

    private static Map<String, AttributeValue> apply(DynamoDbClient client, String pk,
                                                     Map<String, AttributeValueUpdate> updates) {
        return client.updateItem(b -> b.tableName(table).key(key(pk)).attributeUpdates(updates)
                .returnValues(ReturnValue.ALL_NEW)).attributes();
    }

    @Test
    void putAddAndDeleteActionsUpdateNumbersSetsAndLists(DynamoDbClient client) {
        Map<String, AttributeValueUpdate> first = new LinkedHashMap<>();
        first.put("name", update(AttributeAction.PUT, s("first")));
        first.put("count", update(AttributeAction.ADD, n(5)));
        first.put("tags", update(AttributeAction.ADD, AttributeValue.fromSs(List.of("a", "b"))));
        first.put("log", update(AttributeAction.ADD, AttributeValue.fromL(List.of(s("created")))));
        first.put("gone", update(AttributeAction.DELETE, null));
        assertThat(apply(client, "u1", first)).isEqualTo(Map.of("pk", s("u1"), "name", s("first"), "count", n(5),
                "tags", AttributeValue.fromSs(List.of("a", "b")), "log", AttributeValue.fromL(List.of(s("created")))));

        Map<String, AttributeValueUpdate> second = new LinkedHashMap<>();
        second.put("name", update(null, s("second")));
        second.put("count", update(AttributeAction.ADD, n(-7)));
        second.put("tags", update(AttributeAction.DELETE, AttributeValue.fromSs(List.of("a", "z"))));
        second.put("log", update(AttributeAction.ADD, AttributeValue.fromL(List.of(s("renamed")))));
        Map<String, AttributeValue> after = apply(client, "u1", second);

        assertThat(after).containsEntry("name", s("second")).containsEntry("count", n(-2))
                .containsEntry("tags", AttributeValue.fromSs(List.of("b")))
                .containsEntry("log", AttributeValue.fromL(List.of(s("created"), s("renamed"))));

        Map<String, AttributeValue> last = apply(client, "u1", Map.of(
                "tags", update(AttributeAction.DELETE, AttributeValue.fromSs(List.of("b"))),
                "name", update(AttributeAction.DELETE, null)));
        assertThat(last).as("a set emptied by DELETE is removed").doesNotContainKeys("tags", "name");
    }

    @Test
    void updatedValuesAreTheAttributesNamed(DynamoDbClient client) {
        apply(client, "u2", Map.of("a", update(AttributeAction.PUT, n(1)), "b", update(AttributeAction.PUT, n(2))));

        Map<String, AttributeValue> old = client.updateItem(b -> b.tableName(table).key(key("u2"))
                .attributeUpdates(Map.of("a", update(AttributeAction.ADD, n(10))))
                .returnValues(ReturnValue.UPDATED_OLD)).attributes();
        Map<String, AttributeValue> updated = client.updateItem(b -> b.tableName(table).key(key("u2"))
                .attributeUpdates(Map.of("a", update(AttributeAction.ADD, n(10))))
                .returnValues(ReturnValue.UPDATED_NEW)).attributes();

        assertThat(old).isEqualTo(Map.of("a", n(1)));
        assertThat(updated).isEqualTo(Map.of("a", n(21)));
    }

    @Test
    void expectedGuardsALegacyUpdate(DynamoDbClient client) {
        apply(client, "u3", Map.of("version", update(AttributeAction.PUT, n(1))));
        Map<String, ExpectedAttributeValue> atVersion1 = Map.of("version",
                ExpectedAttributeValue.builder().value(n(1)).build());

        client.updateItem(b -> b.tableName(table).key(key("u3")).expected(atVersion1)
                .attributeUpdates(Map.of("version", update(AttributeAction.ADD, n(1)))));
        assertThatThrownBy(() -> client.updateItem(b -> b.tableName(table).key(key("u3")).expected(atVersion1)
                .attributeUpdates(Map.of("version", update(AttributeAction.ADD, n(1))))))
                .isInstanceOf(ConditionalCheckFailedException.class);
        assertThat(client.getItem(b -> b.tableName(table).key(key("u3"))).item()).containsEntry("version", n(2));
    }

    @Test
    void invalidUpdatesGetDynamoDbsMessagesAndChangeNothing(DynamoDbClient client) {
        apply(client, "u4", Map.of("text", update(AttributeAction.PUT, s("t")), "set",
                update(AttributeAction.PUT, AttributeValue.fromNs(List.of("1")))));

        assertThatThrownBy(() -> apply(client, "u4", Map.of("x", update(AttributeAction.PUT, null))))
                .hasMessageContaining("One or more parameter values were invalid: Only DELETE action is allowed when"
                        + " no attribute value is specified");
        assertThatThrownBy(() -> apply(client, "u4", Map.of("text", update(AttributeAction.DELETE, s("t")))))
                .hasMessageContaining("One or more parameter values were invalid: DELETE action with value is not"
                        + " supported for the type S");
        assertThatThrownBy(() -> apply(client, "u4", Map.of("text", update(AttributeAction.ADD, s("t")))))
                .hasMessageContaining("One or more parameter values were invalid: ADD action is not supported for the"
                        + " type S");
        assertThatThrownBy(() -> apply(client, "u4", Map.of("text", update(AttributeAction.ADD, n(1)))))
                .hasMessageContaining("Type mismatch for attribute to update");
        assertThatThrownBy(() -> apply(client, "u4", Map.of("set", update(AttributeAction.DELETE,
                AttributeValue.fromSs(List.of("1"))))))
                .hasMessageContaining("Type mismatch for attribute to update");
        assertThatThrownBy(() -> apply(client, "u4", Map.of("pk", update(AttributeAction.PUT, s("other")))))
                .hasMessageContaining("Cannot update attribute pk. This attribute is part of the key");
        assertThatThrownBy(() -> client.updateItem(b -> b.tableName(table).key(key("u4"))
                .attributeUpdates(Map.of("text", update(AttributeAction.PUT, s("u")))).updateExpression("SET x = :x")
                .expressionAttributeValues(Map.of(":x", n(1)))))
                .hasMessageContaining("Can not use both expression and non-expression parameters in the same request:"
                        + " Non-expression parameters: {AttributeUpdates} Expression parameters: {UpdateExpression}");

        assertThat(client.getItem(b -> b.tableName(table).key(key("u4"))).item()).isEqualTo(Map.of("pk", s("u4"),
                "text", s("t"), "set", AttributeValue.fromNs(List.of("1"))));
    }
}
