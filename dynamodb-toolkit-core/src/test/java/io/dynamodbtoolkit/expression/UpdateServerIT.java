package io.dynamodbtoolkit.expression;

import static io.dynamodbtoolkit.expression.TestItems.plain;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.dynamodbtoolkit.test.DynamoDbTest;
import io.dynamodbtoolkit.test.TestTables;
import java.math.BigDecimal;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.ConditionCheck;
import software.amazon.awssdk.services.dynamodb.model.ConditionalCheckFailedException;
import software.amazon.awssdk.services.dynamodb.model.Delete;
import software.amazon.awssdk.services.dynamodb.model.KeySchemaElement;
import software.amazon.awssdk.services.dynamodb.model.KeyType;
import software.amazon.awssdk.services.dynamodb.model.Put;
import software.amazon.awssdk.services.dynamodb.model.ScalarAttributeType;
import software.amazon.awssdk.services.dynamodb.model.TransactWriteItem;
import software.amazon.awssdk.services.dynamodb.model.TransactionCanceledException;
import software.amazon.awssdk.services.dynamodb.model.UpdateItemRequest;

/** Executes every kind of update action on a real server and reads the item back. */
@DynamoDbTest
class UpdateServerIT {

    private static String createTable(TestTables tables) {
        return tables.create("updates", b -> b
                .keySchema(KeySchemaElement.builder().attributeName("pk").keyType(KeyType.HASH).build())
                .attributeDefinitions(a -> a.attributeName("pk").attributeType(ScalarAttributeType.S)));
    }

    private static Map<String, AttributeValue> key(String pk) {
        return Map.of("pk", AttributeValue.fromS(pk));
    }

    private static void update(DynamoDbClient client, String table, String pk, Update update) {
        update(client, table, pk, update, null);
    }

    private static void update(DynamoDbClient client, String table, String pk, Update update, Condition condition) {
        client.updateItem(ExpressionRequest.create().update(update).condition(condition)
                .applyTo(UpdateItemRequest.builder().tableName(table).key(key(pk))).build());
    }

    private static Map<String, Object> read(DynamoDbClient client, String table, String pk) {
        return plain(client.getItem(b -> b.tableName(table).key(key(pk)).consistentRead(true)).item());
    }

    @Test
    void appliesEveryActionKindToAnExistingItem(DynamoDbClient client, TestTables tables) {
        String table = createTable(tables);
        TestItems.put(client, table, "pk", "1", "name", "old", "draft", true, "visits", 5, "stock", Map.of("left", 10),
                "tags", Set.of("a"), "history", List.of("h0"), "recent", List.of("r0"), "old", Set.of("x", "y"),
                "counter", 1, "list", List.of("l0", "l1", "l2"), "keep", "kept");
        update(client, table, "1", Update.empty()
                .set("name", "Dallas")
                .remove("draft")
                .setIfNotExists("createdAt", 100)
                .setIfNotExists("keep", "overwritten")
                .increment("visits", 2)
                .decrement(AttributePath.parse("stock.left"), 3)
                .add("tags", Set.of("b"))
                .appendToList("history", List.of("h1", "h2"))
                .prependToList("recent", List.of("r-1"))
                .deleteFromSet("old", Set.of("x"))
                .add("counter", 5)
                .remove(AttributePath.parse("list[1]")));
        Map<String, Object> item = read(client, table, "1");
        assertThat(item).doesNotContainKey("draft")
                .containsEntry("name", "Dallas")
                .containsEntry("createdAt", new BigDecimal("100"))
                .containsEntry("keep", "kept")
                .containsEntry("visits", new BigDecimal("7"))
                .containsEntry("stock", Map.of("left", new BigDecimal("7")))
                .containsEntry("tags", Set.of("a", "b"))
                .containsEntry("history", List.of("h0", "h1", "h2"))
                .containsEntry("recent", List.of("r-1", "r0"))
                .containsEntry("old", Set.of("y"))
                .containsEntry("counter", new BigDecimal("6"))
                .containsEntry("list", List.of("l0", "l2"));
    }

    @Test
    void startsCountersListsAndSetsOnMissingAttributes(DynamoDbClient client, TestTables tables) {
        String table = createTable(tables);
        update(client, table, "fresh", Update.empty()
                .increment("up", 3)
                .decrement("down", 2)
                .appendToList("appended", List.of("a"))
                .prependToList("prepended", List.of("b"))
                .add("set", Set.of(1, 2))
                .add("added", 4)
                .set("nothing", null));
        assertThat(read(client, table, "fresh")).containsEntry("up", new BigDecimal("3"))
                .containsEntry("down", new BigDecimal("-2"))
                .containsEntry("appended", List.of("a"))
                .containsEntry("prepended", List.of("b"))
                .containsEntry("set", Set.of(new BigDecimal("1"), new BigDecimal("2")))
                .containsEntry("added", new BigDecimal("4"))
                .containsEntry("nothing", null);
        update(client, table, "fresh", Update.empty().increment("up", new BigDecimal("0.5")).decrement("down", -2));
        assertThat(read(client, table, "fresh")).containsEntry("up", new BigDecimal("3.5"))
                .containsEntry("down", new BigDecimal("0"));
    }

    @Test
    void writesAttributesWithSpecialCharactersAndNestedPaths(DynamoDbClient client, TestTables tables) {
        String table = createTable(tables);
        TestItems.put(client, table, "pk", "1", "meta", Map.of("tags", List.of("t0", "t1"), "gone", 1));
        update(client, table, "1", Update.empty()
                .set("we#ird", 1)
                .set("a:b", 2)
                .set("dotted.name", 3)
                .set("with space", 4)
                .set("ünï", 5)
                .set(AttributePath.of("meta").child("k.e y"), 6)
                .set(AttributePath.parse("meta.tags[1]"), "T1")
                .remove(AttributePath.parse("meta.gone")));
        Map<String, Object> item = read(client, table, "1");
        assertThat(item).containsEntry("we#ird", new BigDecimal("1"))
                .containsEntry("a:b", new BigDecimal("2"))
                .containsEntry("dotted.name", new BigDecimal("3"))
                .containsEntry("with space", new BigDecimal("4"))
                .containsEntry("ünï", new BigDecimal("5"))
                .containsEntry("meta", Map.of("k.e y", new BigDecimal("6"), "tags", List.of("t0", "T1")));
    }

    @Test
    void leavesTheItemUnchangedWhenTheConditionFails(DynamoDbClient client, TestTables tables) {
        String table = createTable(tables);
        TestItems.put(client, table, "pk", "1", "version", 2, "name", "a");
        Update rename = Update.empty().set("name", "b").increment("version", 1);
        assertThatThrownBy(() -> update(client, table, "1", rename, Condition.attribute("version").eq(1)))
                .isInstanceOf(ConditionalCheckFailedException.class);
        assertThat(read(client, table, "1")).containsEntry("name", "a");
        update(client, table, "1", rename, Condition.attribute("version").eq(2).and(Condition.attribute("pk").exists()));
        assertThat(read(client, table, "1")).containsEntry("name", "b").containsEntry("version", new BigDecimal("3"));
    }

    @Test
    void buildsEveryTransactionWriteAction(DynamoDbClient client, TestTables tables) {
        String table = createTable(tables);
        TestItems.put(client, table, "pk", "counter", "n", 1);
        TestItems.put(client, table, "pk", "doomed", "state", "old");
        TestItems.put(client, table, "pk", "guard", "open", true);
        Condition absent = Condition.attribute("pk").notExists();
        TransactWriteItem put = TransactWriteItem.builder().put(ExpressionRequest.create().condition(absent)
                .applyTo(Put.builder().tableName(table).item(TestItems.item("pk", "new", "v", 1))).build()).build();
        TransactWriteItem increment = TransactWriteItem.builder().update(ExpressionRequest.create()
                .update(Update.empty().increment("n", 1)).condition(Condition.attribute("n").lt(10))
                .applyTo(software.amazon.awssdk.services.dynamodb.model.Update.builder().tableName(table)
                        .key(key("counter"))).build()).build();
        TransactWriteItem delete = TransactWriteItem.builder().delete(ExpressionRequest.create()
                .condition(Condition.attribute("state").eq("old"))
                .applyTo(Delete.builder().tableName(table).key(key("doomed"))).build()).build();
        TransactWriteItem check = TransactWriteItem.builder().conditionCheck(ExpressionRequest.create()
                .condition(Condition.attribute("open").eq(true))
                .applyTo(ConditionCheck.builder().tableName(table).key(key("guard"))).build()).build();
        client.transactWriteItems(b -> b.transactItems(put, increment, delete, check));
        assertThat(read(client, table, "new")).containsEntry("v", new BigDecimal("1"));
        assertThat(read(client, table, "counter")).containsEntry("n", new BigDecimal("2"));
        assertThat(read(client, table, "doomed")).isEmpty();

        TransactWriteItem failingCheck = TransactWriteItem.builder().conditionCheck(ExpressionRequest.create()
                .condition(Condition.attribute("open").eq(false))
                .applyTo(ConditionCheck.builder().tableName(table).key(key("guard"))).build()).build();
        assertThatThrownBy(() -> client.transactWriteItems(b -> b.transactItems(increment, failingCheck)))
                .isInstanceOf(TransactionCanceledException.class);
        assertThat(read(client, table, "counter")).containsEntry("n", new BigDecimal("2"));
    }
}
