package io.dynamodbtoolkit.adapter;

import static io.dynamodbtoolkit.adapter.Rentals.item;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.function.UnaryOperator;

import io.dynamodbtoolkit.DeclarationException;
import io.dynamodbtoolkit.expression.Update;
import io.dynamodbtoolkit.filter.FieldRule;
import io.dynamodbtoolkit.filter.FilterSpec;
import io.dynamodbtoolkit.filter.InvalidFilterException;
import io.dynamodbtoolkit.key.KeyModel;
import io.dynamodbtoolkit.key.KeyValues;
import io.dynamodbtoolkit.key.SubtreeQuery;
import io.dynamodbtoolkit.mass.MassOperations;
import io.dynamodbtoolkit.mass.MassOptions;
import io.dynamodbtoolkit.mass.MassResult;
import io.dynamodbtoolkit.test.DynamoDbTest;
import io.dynamodbtoolkit.test.RequestLog;
import io.dynamodbtoolkit.test.TestTables;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.QueryRequest;

/**
 * Searchable fields: every write stores a lower-cased mirror of each ({@code _search-<field>}), reads never return
 * them, and a search term matches as a substring of any mirror, inside the list's own Query.
 */
@DynamoDbTest
class SearchIT {

    private static final KeyValues DALLAS = KeyValues.of("state", "TX", "facility", "Dallas");
    private static final KeyValues AUSTIN = KeyValues.of("state", "TX", "facility", "Austin");

    private DynamoDbClient client;
    private String table;
    private Adapter<Map<String, Object>> rentals;

    @BeforeEach
    void seed(DynamoDbClient client, TestTables tables) {
        this.client = client;
        this.table = tables.create(Rentals.TABLE);
        this.rentals = Adapter.create(AdapterDeclaration.builder(ItemMapper.documents()).table(table)
                .keys(Rentals.KEYS).cascades(true).parentGuard(false).searchable("make", "model", "year")
                .filters(FilterSpec.of(FieldRule.string("color"))).build(), client);
        rentals.putAll(List.of(item("state", "TX", "name", "Texas"),
                item("state", "TX", "facility", "Dallas", "city", "Dallas"),
                item("state", "TX", "facility", "Austin", "city", "Austin")));
    }

    private Map<String, Object> vehicle(String facility, String vin, String make, String model, String color) {
        return item("state", "TX", "facility", facility, "vin", vin, "make", make, "model", model, "color", color);
    }

    private Map<String, AttributeValue> stored(KeyValues key) {
        return client.getItem(b -> b.tableName(table).consistentRead(true)
                .key(Rentals.KEYS.codec().primaryKeyFromKeyValues(key))).item();
    }

    private static KeyValues vin(String facility, String vin) {
        return KeyValues.of("state", "TX", "facility", facility, "vin", vin);
    }

    private List<String> search(KeyValues node, String term, ListOptions options) {
        return rentals.list(SubtreeQuery.children(node), options.withSearch(term)).items().stream()
                .map(item -> (String) item.get("vin")).toList();
    }

    @Test
    void everyWholeItemWriteStoresTheLowerCasedMirrors() {
        rentals.post(vehicle("Dallas", "V1", "Honda", "Civic", "red"));
        rentals.post(vehicle("Dallas", "V2", "Tesla", "Model S", "white"));
        rentals.put(vehicle("Dallas", "V2", "TESLA", "Model 3", "white"));
        rentals.putForce(item("state", "TX", "facility", "Dallas", "vin", "V3", "make", "Ford", "year",
                new BigDecimal("2019")));
        rentals.putAll(List.of(vehicle("Dallas", "V4", "Toyota", "Prius", "blue")));

        assertThat(stored(vin("Dallas", "V1"))).containsEntry("_search-make", AttributeValue.fromS("honda"))
                .containsEntry("_search-model", AttributeValue.fromS("civic"))
                .doesNotContainKey("_search-color").doesNotContainKey("_search-year");
        assertThat(stored(vin("Dallas", "V2"))).containsEntry("_search-model", AttributeValue.fromS("model 3"));
        assertThat(stored(vin("Dallas", "V3"))).containsEntry("_search-year", AttributeValue.fromS("2019"))
                .doesNotContainKey("_search-model");
        assertThat(stored(vin("Dallas", "V4"))).containsEntry("_search-make", AttributeValue.fromS("toyota"));

        rentals.clone(vin("Dallas", "V1"), v -> with(v, "vin", "V5", "make", "HONDA Motor"));
        assertThat(stored(vin("Dallas", "V5"))).containsEntry("_search-make", AttributeValue.fromS("honda motor"));
        rentals.move(vin("Dallas", "V5"), v -> with(v, "vin", "V6", "model", "Accord"));
        assertThat(stored(vin("Dallas", "V6"))).containsEntry("_search-model", AttributeValue.fromS("accord"));
        rentals.edit(vin("Dallas", "V6"), v -> with(v, "make", "Acura"));
        assertThat(stored(vin("Dallas", "V6"))).containsEntry("_search-make", AttributeValue.fromS("acura"));
        MassOperations.of(rentals).cloneAllUnder(DALLAS, AUSTIN, MassOptions.defaults());
        assertThat(stored(vin("Austin", "V2"))).containsEntry("_search-make", AttributeValue.fromS("tesla"));
    }

    @Test
    void patchesSetAndRemoveTheMirrorsOfTheFieldsTheyChange() {
        rentals.post(vehicle("Dallas", "V1", "Honda", "Civic", "red"));

        rentals.patch(vin("Dallas", "V1"), Map.of("make", "KIA", "color", "green"));
        assertThat(stored(vin("Dallas", "V1"))).containsEntry("_search-make", AttributeValue.fromS("kia"))
                .containsEntry("_search-model", AttributeValue.fromS("civic"));

        Map<String, Object> removal = new HashMap<>();
        removal.put("model", null);
        rentals.patch(vin("Dallas", "V1"), removal);
        assertThat(stored(vin("Dallas", "V1"))).doesNotContainKeys("model", "_search-model")
                .containsEntry("_search-make", AttributeValue.fromS("kia"));

        rentals.patch(vin("Dallas", "V1"), Map.of("model", List.of("not", "a", "scalar")));
        assertThat(stored(vin("Dallas", "V1"))).containsKey("model").doesNotContainKey("_search-model");

        assertThatThrownBy(() -> rentals.patch(vin("Dallas", "V1"), Map.of(), Update.empty().set("make", "x"),
                WriteOptions.defaults())).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("'make' is searchable");
        assertThat(stored(vin("Dallas", "V1"))).containsEntry("make", AttributeValue.fromS("KIA"));
    }

    @Test
    void readsNeverReturnTheMirrors() {
        rentals.post(vehicle("Dallas", "V1", "Honda", "Civic", "red"));

        assertThat(rentals.get(vin("Dallas", "V1")).orElseThrow()).doesNotContainKeys("_search-make", "_search-model")
                .containsEntry("make", "Honda");
        assertThat(rentals.list(SubtreeQuery.children(DALLAS), ListOptions.defaults()).items())
                .allSatisfy(v -> assertThat(v.keySet()).noneMatch(name -> name.startsWith("_search-")));
        assertThat(rentals.patch(vin("Dallas", "V1"), Map.of("make", "Kia"))).doesNotContainKey("_search-make");
    }

    @Test
    void aSearchMatchesAnySearchableFieldCaseInsensitivelyInsideTheQuery(RequestLog log) {
        rentals.putAll(List.of(vehicle("Dallas", "V1", "Honda", "Civic", "red"),
                vehicle("Dallas", "V2", "Tesla", "Model S", "red"),
                vehicle("Dallas", "V3", "Toyota", "Corolla", "blue"),
                vehicle("Dallas", "V4", "Ford", "Focus", "red"),
                vehicle("Austin", "V5", "Honda", "Accord", "red")));
        log.clear();

        assertThat(search(DALLAS, "hON", ListOptions.defaults())).containsExactly("V1");
        assertThat(search(DALLAS, "O", ListOptions.defaults())).containsExactly("V1", "V2", "V3", "V4");
        assertThat(search(DALLAS, "C", ListOptions.defaults())).containsExactly("V1", "V3", "V4");
        assertThat(search(DALLAS, "model s", ListOptions.defaults())).containsExactly("V2");
        assertThat(search(DALLAS, "c", ListOptions.defaults().withFilter(FilterSpec.of(FieldRule.string("color"))
                .parse(List.of("eq-color=red"))))).containsExactly("V1", "V4");
        assertThat(search(DALLAS, "\"'), :q #x", ListOptions.defaults())).isEmpty();
        assertThat(search(DALLAS, "", ListOptions.defaults())).as("an empty term searches nothing")
                .containsExactly("V1", "V2", "V3", "V4");

        assertThat(log.calls("Scan")).isEmpty();
        QueryRequest query = log.calls("Query").get(0).request(QueryRequest.class);
        assertThat(query.keyConditionExpression()).doesNotContain("contains");
        assertThat(query.filterExpression()).contains("contains").contains(" OR ");
        assertThat(rentals.scan(ListOptions.defaults().withSearch("HONDA")).items())
                .extracting(v -> v.get("vin")).containsExactlyInAnyOrder("V1", "V5");
    }

    @Test
    void cursorPagingWithASearchReturnsEveryMatchOnce() {
        List<Map<String, Object>> fleet = new ArrayList<>();
        for (int i = 0; i < 30; i++) {
            fleet.add(vehicle("Dallas", String.format("V%02d", i), i % 3 == 0 ? "Honda" : "Ford", "M" + i, "red"));
        }
        rentals.putAll(fleet);

        List<String> seen = new ArrayList<>();
        ListOptions options = ListOptions.defaults().withLimit(3).withSearch("honda");
        String cursor = null;
        do {
            ItemPage<Map<String, Object>> page = rentals.list(SubtreeQuery.children(DALLAS),
                    cursor == null ? options : options.withCursor(cursor));
            page.items().forEach(v -> seen.add((String) v.get("vin")));
            cursor = page.nextCursor();
        } while (cursor != null);

        assertThat(seen).containsExactly("V00", "V03", "V06", "V09", "V12", "V15", "V18", "V21", "V24", "V27");
        String first = rentals.list(SubtreeQuery.children(DALLAS), options).nextCursor();
        assertThatThrownBy(() -> rentals.list(SubtreeQuery.children(DALLAS),
                ListOptions.defaults().withLimit(3).withSearch("ford").withCursor(first)))
                .as("a cursor of another search is refused").isInstanceOf(RuntimeException.class);
    }

    @Test
    void rowsWrittenBeforeTheDeclarationGetTheirMirrorsFromAnEditThatChangesNothingElse() {
        Adapter<Map<String, Object>> before = Adapter.create(Rentals.declaration(table), client);
        before.putAll(List.of(vehicle("Dallas", "V1", "Honda", "Civic", "red"),
                vehicle("Dallas", "V2", "Tesla", "Model S", "red")));
        assertThat(search(DALLAS, "honda", ListOptions.defaults())).isEmpty();

        MassResult rebuilt = MassOperations.of(rentals).editAllUnder(DALLAS, UnaryOperator.identity(),
                MassOptions.defaults());

        assertThat(rebuilt.processed()).isEqualTo(2);
        assertThat(search(DALLAS, "honda", ListOptions.defaults())).containsExactly("V1");
        assertThat(MassOperations.of(rentals).editAllUnder(DALLAS, UnaryOperator.identity(), MassOptions.defaults())
                .processed()).as("nothing left to write").isZero();
        client.updateItem(b -> b.tableName(table).key(Rentals.KEYS.codec().primaryKeyFromKeyValues(vin("Dallas", "V2")))
                .updateExpression("SET #m = :stale").expressionAttributeNames(Map.of("#m", "_search-make"))
                .expressionAttributeValues(Map.of(":stale", AttributeValue.fromS("stale"))));
        rentals.edit(vin("Dallas", "V2"), UnaryOperator.identity());
        assertThat(stored(vin("Dallas", "V2"))).containsEntry("_search-make", AttributeValue.fromS("tesla"));
    }

    @Test
    void anAdapterWithoutSearchableFieldsRefusesASearch() {
        Adapter<Map<String, Object>> plain = Adapter.create(Rentals.declaration(table), client);

        assertThatThrownBy(() -> plain.list(SubtreeQuery.children(DALLAS), ListOptions.defaults().withSearch("x")))
                .isInstanceOf(InvalidFilterException.class).hasMessageContaining("searchable");
        assertThatThrownBy(() -> plain.scan(ListOptions.defaults().withSearch("x")))
                .isInstanceOf(InvalidFilterException.class);
    }

    @Test
    void declarationsNameTheProblemAndTheFix() {
        KeyModel noPrefix = KeyModel.builder().keyFields("state", "facility", "vin").structuralKey("sk").build();
        assertThatThrownBy(() -> AdapterDeclaration.builder(ItemMapper.documents()).table("t").keys(noPrefix)
                .searchable("make").build()).isInstanceOf(DeclarationException.class)
                .hasMessageContaining("searchable").hasMessageContaining("technicalPrefix");
        assertThatThrownBy(() -> AdapterDeclaration.builder(ItemMapper.documents()).table("t").keys(Rentals.KEYS)
                .searchable("make", "make").build()).isInstanceOf(DeclarationException.class)
                .hasMessageContaining("twice");
        assertThatThrownBy(() -> AdapterDeclaration.builder(ItemMapper.documents()).table("t").keys(Rentals.KEYS)
                .searchable("_sk").build()).isInstanceOf(DeclarationException.class)
                .hasMessageContaining("technical");
        assertThat(AdapterDeclaration.builder(ItemMapper.documents()).table("t").keys(Rentals.KEYS)
                .searchable("vin", "make").build().search().attributes())
                .as("key fields may be searchable").containsExactly("_search-vin", "_search-make");
    }

    private static Map<String, Object> with(Map<String, Object> item, Object... pairs) {
        Map<String, Object> copy = new HashMap<>(item);
        for (int i = 0; i < pairs.length; i += 2) {
            copy.put((String) pairs[i], pairs[i + 1]);
        }
        return copy;
    }
}
