package io.dynamodbtoolkit.expression;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.ConditionCheck;
import software.amazon.awssdk.services.dynamodb.model.Delete;
import software.amazon.awssdk.services.dynamodb.model.DeleteItemRequest;
import software.amazon.awssdk.services.dynamodb.model.Get;
import software.amazon.awssdk.services.dynamodb.model.GetItemRequest;
import software.amazon.awssdk.services.dynamodb.model.KeysAndAttributes;
import software.amazon.awssdk.services.dynamodb.model.Put;
import software.amazon.awssdk.services.dynamodb.model.PutItemRequest;
import software.amazon.awssdk.services.dynamodb.model.QueryRequest;
import software.amazon.awssdk.services.dynamodb.model.ScalarAttributeType;
import software.amazon.awssdk.services.dynamodb.model.ScanRequest;
import software.amazon.awssdk.services.dynamodb.model.UpdateItemRequest;

class ExpressionRequestTest {

    private static final KeyCondition KEY = KeyCondition.partition("pk", "TX").beginsWith("sk", "TX|");
    private static final Condition STATUS_OPEN = Condition.attribute("status").eq("open");
    private static final Projection PROJECTION = Projection.of("name", "status");

    @Test
    void appliesAQueryWithOneSetOfPlaceholders() {
        QueryRequest request = ExpressionRequest.create().keyCondition(KEY).filter(STATUS_OPEN).projection(PROJECTION)
                .applyTo(QueryRequest.builder().tableName("t")).build();
        assertThat(request.keyConditionExpression()).isEqualTo("#n0 = :v0 AND begins_with(#n1, :v1)");
        assertThat(request.filterExpression()).isEqualTo("#n2 = :v2");
        assertThat(request.projectionExpression()).isEqualTo("#n3, #n2");
        assertThat(request.expressionAttributeNames()).isEqualTo(Map.of("#n0", "pk", "#n1", "sk", "#n2", "status",
                "#n3", "name"));
        assertThat(request.expressionAttributeValues()).isEqualTo(Map.of(":v0", AttributeValue.fromS("TX"),
                ":v1", AttributeValue.fromS("TX|"), ":v2", AttributeValue.fromS("open")));
    }

    @Test
    void leavesEmptyMapsUnset() {
        GetItemRequest get = ExpressionRequest.create().applyTo(GetItemRequest.builder().tableName("t")).build();
        assertThat(get.hasExpressionAttributeNames()).isFalse();
        assertThat(get.projectionExpression()).isNull();
        ScanRequest scan = ExpressionRequest.create().projection(PROJECTION).applyTo(ScanRequest.builder()).build();
        assertThat(scan.projectionExpression()).isEqualTo("#n0, #n1");
        assertThat(scan.hasExpressionAttributeValues()).isFalse();
        assertThat(scan.filterExpression()).isNull();
    }

    @Test
    void appliesToEveryRequestKind() {
        Condition exists = Condition.attribute("pk").exists();
        Update update = Update.empty().set("status", "closed");
        assertThat(ExpressionRequest.create().filter(STATUS_OPEN).applyTo(ScanRequest.builder()).build().filterExpression())
                .isEqualTo("#n0 = :v0");
        assertThat(ExpressionRequest.create().projection(PROJECTION).applyTo(GetItemRequest.builder()).build()
                .projectionExpression()).isEqualTo("#n0, #n1");
        assertThat(ExpressionRequest.create().projection(PROJECTION).applyTo(KeysAndAttributes.builder()
                .keys(List.of(Map.of("pk", AttributeValue.fromS("a"))))).build().projectionExpression()).isEqualTo("#n0, #n1");
        assertThat(ExpressionRequest.create().projection(PROJECTION).applyTo(Get.builder()).build()
                .expressionAttributeNames()).isEqualTo(Map.of("#n0", "name", "#n1", "status"));
        assertThat(ExpressionRequest.create().condition(exists).applyTo(PutItemRequest.builder()).build()
                .conditionExpression()).isEqualTo("attribute_exists(#n0)");
        assertThat(ExpressionRequest.create().condition(exists).applyTo(DeleteItemRequest.builder()).build()
                .conditionExpression()).isEqualTo("attribute_exists(#n0)");
        UpdateItemRequest updateItem = ExpressionRequest.create().update(update).condition(exists)
                .applyTo(UpdateItemRequest.builder()).build();
        assertThat(updateItem.conditionExpression()).isEqualTo("attribute_exists(#n0)");
        assertThat(updateItem.updateExpression()).isEqualTo("SET #n1 = :v0");
        assertThat(ExpressionRequest.create().update(Update.empty()).applyTo(UpdateItemRequest.builder()).build()
                .updateExpression()).isNull();
        assertThat(ExpressionRequest.create().condition(exists).applyTo(Put.builder()).build().conditionExpression())
                .isEqualTo("attribute_exists(#n0)");
        assertThat(ExpressionRequest.create().condition(exists).applyTo(Delete.builder()).build().conditionExpression())
                .isEqualTo("attribute_exists(#n0)");
        assertThat(ExpressionRequest.create().update(update).applyTo(
                software.amazon.awssdk.services.dynamodb.model.Update.builder()).build().updateExpression())
                .isEqualTo("SET #n0 = :v0");
        assertThat(ExpressionRequest.create().condition(exists).applyTo(ConditionCheck.builder()).build()
                .conditionExpression()).isEqualTo("attribute_exists(#n0)");
    }

    @Test
    void rendersInAFixedOrder() {
        RenderedExpressions rendered = ExpressionRequest.create().update(Update.empty().set("a", 1))
                .condition(Condition.attribute("b").eq(2)).render();
        assertThat(rendered.conditionExpression()).isEqualTo("#n0 = :v0");
        assertThat(rendered.updateExpression()).isEqualTo("SET #n1 = :v1");
        assertThat(rendered.keyConditionExpression()).isNull();
    }

    @Test
    void refusesExpressionsTheRequestKindHasNoPlaceFor() {
        ExpressionRequest query = ExpressionRequest.create().keyCondition(KEY);
        assertThatThrownBy(() -> query.applyTo(ScanRequest.builder()))
                .isInstanceOf(IllegalStateException.class)
                .hasMessage("a Scan has no place for a key condition; this ExpressionRequest carries expressions for another kind of request");
        assertThatThrownBy(() -> ExpressionRequest.create().filter(STATUS_OPEN).applyTo(GetItemRequest.builder()))
                .hasMessageStartingWith("a GetItem has no place for a filter");
        assertThatThrownBy(() -> ExpressionRequest.create().update(Update.empty().set("a", 1)).applyTo(PutItemRequest.builder()))
                .hasMessageStartingWith("a PutItem has no place for an update");
        assertThatThrownBy(() -> ExpressionRequest.create().projection(PROJECTION).applyTo(DeleteItemRequest.builder()))
                .hasMessageStartingWith("a DeleteItem has no place for a projection");
        assertThatThrownBy(() -> ExpressionRequest.create().condition(STATUS_OPEN).applyTo(QueryRequest.builder()))
                .hasMessageStartingWith("a Query has no place for a condition");
        assertThatThrownBy(() -> ExpressionRequest.create().filter(STATUS_OPEN).applyTo(QueryRequest.builder()))
                .hasMessage("A Query needs a key condition; set keyCondition(...) (or use a Scan)");
        assertThatThrownBy(() -> ExpressionRequest.create().applyTo(ConditionCheck.builder()))
                .hasMessage("A ConditionCheck needs a condition; set condition(...)");
        assertThatThrownBy(() -> ExpressionRequest.create().applyTo(
                software.amazon.awssdk.services.dynamodb.model.Update.builder()))
                .hasMessage("A transaction Update needs a non-empty update expression; set update(...) or use a ConditionCheck");
    }

    @Test
    void validatesAKeyConditionAgainstASchemaWhenGiven() {
        IndexKeySchema schema = IndexKeySchema.of("table t", List.of(KeyAttribute.of("pk", ScalarAttributeType.N)), List.of());
        assertThatThrownBy(() -> ExpressionRequest.create().keyCondition(KeyCondition.partition("pk", "x"), schema))
                .isInstanceOf(InvalidKeyConditionException.class)
                .hasMessageStartingWith("Key attribute 'pk' of table t has type N");
    }
}
