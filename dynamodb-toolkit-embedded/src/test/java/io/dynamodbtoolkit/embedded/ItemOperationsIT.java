package io.dynamodbtoolkit.embedded;

import io.dynamodbtoolkit.embedded.support.EmbeddedServer;
import io.dynamodbtoolkit.embedded.support.TableNames;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.core.SdkBytes;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeDefinition;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.BillingMode;
import software.amazon.awssdk.services.dynamodb.model.ConditionalCheckFailedException;
import software.amazon.awssdk.services.dynamodb.model.DeleteItemResponse;
import software.amazon.awssdk.services.dynamodb.model.DynamoDbException;
import software.amazon.awssdk.services.dynamodb.model.GetItemResponse;
import software.amazon.awssdk.services.dynamodb.model.KeySchemaElement;
import software.amazon.awssdk.services.dynamodb.model.KeyType;
import software.amazon.awssdk.services.dynamodb.model.PutItemResponse;
import software.amazon.awssdk.services.dynamodb.model.ResourceNotFoundException;
import software.amazon.awssdk.services.dynamodb.model.ReturnValue;
import software.amazon.awssdk.services.dynamodb.model.ReturnValuesOnConditionCheckFailure;
import software.amazon.awssdk.services.dynamodb.model.ScalarAttributeType;
import software.amazon.awssdk.services.dynamodb.model.UpdateItemResponse;

import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

@EmbeddedServer
class ItemOperationsIT {

    private static String table;

    @BeforeAll
    static void createTable(DynamoDbClient client, TableNames names) {
        table = names.next();
        client.createTable(b -> b.tableName(table)
                .keySchema(KeySchemaElement.builder().attributeName("pk").keyType(KeyType.HASH).build(),
                        KeySchemaElement.builder().attributeName("sk").keyType(KeyType.RANGE).build())
                .attributeDefinitions(
                        AttributeDefinition.builder().attributeName("pk").attributeType(ScalarAttributeType.S).build(),
                        AttributeDefinition.builder().attributeName("sk").attributeType(ScalarAttributeType.S).build())
                .billingMode(BillingMode.PAY_PER_REQUEST));
    }

    private static AttributeValue s(String value) {
        return AttributeValue.fromS(value);
    }

    private static AttributeValue n(String value) {
        return AttributeValue.fromN(value);
    }

    private static Map<String, AttributeValue> key(String pk, String sk) {
        return Map.of("pk", s(pk), "sk", s(sk));
    }

    @Test
    void putThenGetReturnsEveryDataTypeUnchanged(DynamoDbClient client) {
        Map<String, AttributeValue> item = Map.ofEntries(
                Map.entry("pk", s("types")), Map.entry("sk", s("1")),
                Map.entry("str", s("héllo")), Map.entry("num", n("-12.5")),
                Map.entry("bin", AttributeValue.fromB(SdkBytes.fromByteArray(new byte[]{0, 1, (byte) 255}))),
                Map.entry("bool", AttributeValue.fromBool(true)), Map.entry("nul", AttributeValue.fromNul(true)),
                Map.entry("ss", AttributeValue.fromSs(List.of("a", "b"))),
                Map.entry("ns", AttributeValue.fromNs(List.of("1", "2.5"))),
                Map.entry("bs", AttributeValue.fromBs(List.of(SdkBytes.fromUtf8String("x")))),
                Map.entry("list", AttributeValue.fromL(List.of(s("x"), n("1")))),
                Map.entry("map", AttributeValue.fromM(Map.of("inner", s("v")))));
        client.putItem(b -> b.tableName(table).item(item));

        GetItemResponse response = client.getItem(b -> b.tableName(table).key(key("types", "1")));

        assertThat(response.item()).isEqualTo(item);
    }

    @Test
    void numbersAreAnsweredInCanonicalForm(DynamoDbClient client) {
        client.putItem(b -> b.tableName(table).item(Map.of("pk", s("num"), "sk", s("1"), "a", n("001.500"),
                "b", n("1E3"), "c", n("-0.0"))));

        Map<String, AttributeValue> item = client.getItem(b -> b.tableName(table).key(key("num", "1"))).item();

        assertThat(item.get("a").n()).isEqualTo("1.5");
        assertThat(item.get("b").n()).isEqualTo("1000");
        assertThat(item.get("c").n()).isEqualTo("0");
    }

    @Test
    void getOfMissingItemHasNoItem(DynamoDbClient client) {
        GetItemResponse response = client.getItem(b -> b.tableName(table).key(key("none", "none")));

        assertThat(response.hasItem()).isFalse();
    }

    @Test
    void putReturnsOldItemWhenAsked(DynamoDbClient client) {
        client.putItem(b -> b.tableName(table).item(Map.of("pk", s("old"), "sk", s("1"), "v", n("1"))));

        PutItemResponse response = client.putItem(b -> b.tableName(table)
                .item(Map.of("pk", s("old"), "sk", s("1"), "v", n("2"))).returnValues(ReturnValue.ALL_OLD));

        assertThat(response.attributes()).containsEntry("v", n("1"));
    }

    @Test
    void conditionalPutFailsWhenItemExistsAndReturnsItWhenAsked(DynamoDbClient client) {
        Map<String, AttributeValue> item = Map.of("pk", s("cond"), "sk", s("1"), "v", n("1"));
        client.putItem(b -> b.tableName(table).item(item).conditionExpression("attribute_not_exists(pk)"));

        assertThatThrownBy(() -> client.putItem(b -> b.tableName(table).item(item)
                .conditionExpression("attribute_not_exists(pk)")
                .returnValuesOnConditionCheckFailure(ReturnValuesOnConditionCheckFailure.ALL_OLD)))
                .isInstanceOfSatisfying(ConditionalCheckFailedException.class, e -> {
                    assertThat(e.awsErrorDetails().errorMessage()).isEqualTo("The conditional request failed");
                    assertThat(e.item()).isEqualTo(item);
                });
    }

    @Test
    void updateAppliesSetRemoveAddDeleteAndReturnsUpdatedNew(DynamoDbClient client) {
        client.putItem(b -> b.tableName(table).item(Map.of("pk", s("upd"), "sk", s("1"), "count", n("5"),
                "tags", AttributeValue.fromSs(List.of("a", "b", "c")), "gone", s("x"),
                "doc", AttributeValue.fromM(Map.of("nums", AttributeValue.fromL(List.of(n("1"), n("2"))))))));

        UpdateItemResponse response = client.updateItem(b -> b.tableName(table).key(key("upd", "1"))
                .updateExpression("SET #c = #c + :one, doc.nums[1] = :three, doc.nums[5] = :four, title = if_not_exists(title, :t) "
                        + "REMOVE gone ADD seen :one DELETE tags :ab")
                .expressionAttributeNames(Map.of("#c", "count"))
                .expressionAttributeValues(Map.of(":one", n("1"), ":three", n("3"), ":four", n("4"), ":t", s("T"),
                        ":ab", AttributeValue.fromSs(List.of("a", "b"))))
                .returnValues(ReturnValue.UPDATED_NEW));

        assertThat(response.attributes()).containsOnlyKeys("count", "doc", "title", "seen", "tags");
        assertThat(response.attributes().get("count")).isEqualTo(n("6"));
        assertThat(response.attributes().get("doc").m().get("nums").l()).containsExactly(n("3"));
        Map<String, AttributeValue> item = client.getItem(b -> b.tableName(table).key(key("upd", "1"))).item();
        assertThat(item).doesNotContainKey("gone");
        assertThat(item.get("doc").m().get("nums").l()).containsExactly(n("1"), n("3"), n("4"));
        assertThat(item.get("tags").ss()).containsExactly("c");
        assertThat(item.get("seen")).isEqualTo(n("1"));
        assertThat(item.get("title")).isEqualTo(s("T"));
    }

    @Test
    void setValuesMayNestParenthesesAndWritesPastAListsEndAppendInIndexOrder(DynamoDbClient client) {
        client.putItem(b -> b.tableName(table).item(Map.of("pk", s("nested"), "sk", s("1"), "a", s("x"),
                "b", AttributeValue.fromM(Map.of("a", n("1"), "b", n("2"), "c", n("3"))),
                "c", AttributeValue.fromL(List.of(n("1"), n("3"))))));

        UpdateItemResponse response = client.updateItem(b -> b.tableName(table).key(key("nested", "1"))
                .updateExpression("set b.c=((c[1])+(b.a)), b.a = a, c[1] = a, c[4] = b.a - b.b, c[2] = b.c"
                        + " add c[8] :b, c[6] :a")
                .expressionAttributeValues(Map.of(":a", n("2"), ":b", AttributeValue.fromSs(List.of("a"))))
                .returnValues(ReturnValue.UPDATED_NEW));

        AttributeValue appendedSet = AttributeValue.fromSs(List.of("a"));
        assertThat(client.getItem(b -> b.tableName(table).key(key("nested", "1"))).item())
                .containsEntry("b", AttributeValue.fromM(Map.of("a", s("x"), "b", n("2"), "c", n("4"))))
                .containsEntry("c", AttributeValue.fromL(List.of(n("1"), s("x"), n("3"), n("-1"), n("2"),
                        appendedSet)));
        assertThat(response.attributes()).containsOnlyKeys("b", "c")
                .containsEntry("b", AttributeValue.fromM(Map.of("a", s("x"), "c", n("4"))))
                .containsEntry("c", AttributeValue.fromL(List.of(s("x"), n("3"), n("2"))));
    }

    @Test
    void setValuesHoldOneOperatorEvenInParentheses(DynamoDbClient client) {
        assertThatThrownBy(() -> client.updateItem(b -> b.tableName(table).key(key("nested", "2"))
                .updateExpression("SET v = (:one + :one) + :one")
                .expressionAttributeValues(Map.of(":one", n("1")))))
                .isInstanceOf(DynamoDbException.class)
                .hasMessageContaining("Invalid UpdateExpression: Syntax error; token: \"+\"");
    }

    @Test
    void sizeOfAStringCountsItsUtf8Bytes(DynamoDbClient client) {
        client.putItem(b -> b.tableName(table).item(Map.of("pk", s("size"), "sk", s("1"), "str", s("abÿ"))));

        assertThat(client.query(b -> b.tableName(table).keyConditionExpression("pk = :pk")
                .filterExpression("size(str) = :four")
                .expressionAttributeValues(Map.of(":pk", s("size"), ":four", n("4")))).count()).isEqualTo(1);
    }

    @Test
    void updateOfMissingItemCreatesIt(DynamoDbClient client) {
        client.updateItem(b -> b.tableName(table).key(key("new", "1"))
                .updateExpression("SET v = list_append(if_not_exists(v, :empty), :one)")
                .expressionAttributeValues(Map.of(":empty", AttributeValue.fromL(List.of()),
                        ":one", AttributeValue.fromL(List.of(n("1"))))));

        assertThat(client.getItem(b -> b.tableName(table).key(key("new", "1"))).item())
                .isEqualTo(Map.of("pk", s("new"), "sk", s("1"), "v", AttributeValue.fromL(List.of(n("1")))));
    }

    @Test
    void deleteReturnsOldItemAndRemovesIt(DynamoDbClient client) {
        client.putItem(b -> b.tableName(table).item(Map.of("pk", s("del"), "sk", s("1"), "v", n("1"))));

        DeleteItemResponse response = client.deleteItem(b -> b.tableName(table).key(key("del", "1"))
                .returnValues(ReturnValue.ALL_OLD));

        assertThat(response.attributes()).containsEntry("v", n("1"));
        assertThat(client.getItem(b -> b.tableName(table).key(key("del", "1"))).hasItem()).isFalse();
    }

    @Test
    void updatingAKeyAttributeIsRejected(DynamoDbClient client) {
        assertThatThrownBy(() -> client.updateItem(b -> b.tableName(table).key(key("k", "1"))
                .updateExpression("SET sk = :v").expressionAttributeValues(Map.of(":v", s("2")))))
                .isInstanceOf(DynamoDbException.class)
                .hasMessageContaining("Cannot update attribute sk. This attribute is part of the key");
    }

    @Test
    void unknownTableIsResourceNotFound(DynamoDbClient client) {
        assertThatThrownBy(() -> client.getItem(b -> b.tableName("no-such-table").key(key("a", "b"))))
                .isInstanceOf(ResourceNotFoundException.class);
    }

    @Test
    void keyWithWrongTypeIsRejected(DynamoDbClient client) {
        assertThatThrownBy(() -> client.getItem(b -> b.tableName(table).key(Map.of("pk", n("1"), "sk", s("1")))))
                .isInstanceOf(DynamoDbException.class)
                .hasMessageContaining("The provided key element does not match the schema");
    }
}
