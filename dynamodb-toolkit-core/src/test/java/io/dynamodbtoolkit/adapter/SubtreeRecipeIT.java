package io.dynamodbtoolkit.adapter;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.Map;

import io.dynamodbtoolkit.key.KeyValues;
import io.dynamodbtoolkit.key.SubtreeQuery;
import io.dynamodbtoolkit.test.DynamoDbTest;
import io.dynamodbtoolkit.test.RequestLog;
import io.dynamodbtoolkit.test.TestTables;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.QueryRequest;

/** The recipe's three subtree shapes, against a real server, with the Dallas / Dallasville sibling trap. */
@DynamoDbTest
class SubtreeRecipeIT {

    private static Adapter<Map<String, Object>> rentals;

    @BeforeAll
    static void loadRentals(DynamoDbClient client, TestTables tables) {
        rentals = Adapter.create(Rentals.declaration(tables.create(Rentals.TABLE)), client);
        rentals.putAll(Rentals.items());
    }

    @Test
    void childrenOfAFacilityAreItsVehiclesOnly(RequestLog log) {
        ItemPage<Map<String, Object>> page = rentals.list(
                SubtreeQuery.children(KeyValues.of("state", "TX", "facility", "Dallas")), ListOptions.defaults());

        assertThat(vins(page)).containsExactly("1HGC0001", "1HGC0002", "5YJ30003");
        assertThat(page.items()).allSatisfy(item -> assertThat(item).containsEntry("kind", "vehicle")
                .doesNotContainKey("_sk"));
        QueryRequest sent = onlyQuery(log);
        assertThat(sent.keyConditionExpression()).isEqualTo("#n0 = :v0 AND begins_with(#n1, :v1)");
        assertThat(sent.expressionAttributeNames()).containsEntry("#n0", "state").containsEntry("#n1", "_sk");
        assertThat(sent.expressionAttributeValues()).containsEntry(":v0", AttributeValue.fromS("TX"))
                .containsEntry(":v1", AttributeValue.fromS("TX|Dallas|"));
        assertThat(sent.filterExpression()).isNull();
        assertThat(page.description()).isEqualTo("state = \"TX\" AND begins_with(_sk, \"TX|Dallas|\")");
        log.assertNoReadAmplification();
    }

    @Test
    void selfAndDescendantsIsExactAndNeverReturnsDallasville(RequestLog log) {
        ItemPage<Map<String, Object>> page = rentals.list(
                SubtreeQuery.selfAndDescendants(KeyValues.of("state", "TX", "facility", "Dallas")),
                ListOptions.defaults());

        assertThat(page.items()).extracting(item -> item.get("kind"))
                .containsExactly("facility", "vehicle", "vehicle", "vehicle");
        assertThat(page.items().get(0)).containsEntry("facility", "Dallas");
        assertThat(page.items()).noneMatch(item -> "Dallasville".equals(item.get("facility")));
        assertThat(log.calls("Query")).hasSize(2);
        log.assertNoReadAmplification();
    }

    @Test
    void selfAndDescendantsDescendingEndsWithTheNodeRow(RequestLog log) {
        ItemPage<Map<String, Object>> page = rentals.list(
                SubtreeQuery.selfAndDescendants(KeyValues.of("state", "TX", "facility", "Dallas")),
                ListOptions.defaults().inDescendingOrder());

        assertThat(vins(page)).containsExactly("5YJ30003", "1HGC0002", "1HGC0001", null);
        assertThat(page.items().get(3)).containsEntry("kind", "facility");
        log.assertNoReadAmplification();
    }

    @Test
    void partialMatchesNextTierPrefixAndSubtrees(RequestLog log) {
        ItemPage<Map<String, Object>> page = rentals.list(
                SubtreeQuery.partial(KeyValues.of("state", "TX"), "Dal"), ListOptions.defaults());

        assertThat(page.items()).extracting(item -> item.get("facility")).containsOnly("Dallas", "Dallasville")
                .hasSize(7);
        assertThat(onlyQuery(log).expressionAttributeValues()).containsEntry(":v1", AttributeValue.fromS("TX|Dal"));
        log.assertNoReadAmplification();
    }

    @Test
    void childrenOfAStateAreEveryRowUnderItButTheStateRow(RequestLog log) {
        ItemPage<Map<String, Object>> page = rentals.list(SubtreeQuery.children(KeyValues.of("state", "OK")),
                ListOptions.defaults());

        assertThat(page.items()).extracting(item -> item.get("kind")).containsExactly("facility", "vehicle");
        log.assertNoReadAmplification();
    }

    private static QueryRequest onlyQuery(RequestLog log) {
        assertThat(log.calls("Query")).hasSize(1);
        return log.calls("Query").get(0).request(QueryRequest.class);
    }

    private static List<Object> vins(ItemPage<Map<String, Object>> page) {
        return page.items().stream().map(item -> item.get("vin")).toList();
    }
}
