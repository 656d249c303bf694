package io.dynamodbtoolkit.patterns;

import static io.dynamodbtoolkit.patterns.Provisioned.item;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.math.BigDecimal;
import java.util.List;
import java.util.Map;
import java.util.Set;

import io.dynamodbtoolkit.DeclarationException;
import io.dynamodbtoolkit.adapter.Adapter;
import io.dynamodbtoolkit.adapter.AdapterDeclaration;
import io.dynamodbtoolkit.adapter.ItemMapper;
import io.dynamodbtoolkit.adapter.ListOptions;
import io.dynamodbtoolkit.expression.Update;
import io.dynamodbtoolkit.adapter.WriteOptions;
import io.dynamodbtoolkit.index.IndexDeclaration;
import io.dynamodbtoolkit.index.IndexQuery;
import io.dynamodbtoolkit.index.MarkerKeyPart;
import io.dynamodbtoolkit.index.Membership;
import io.dynamodbtoolkit.key.KeyField;
import io.dynamodbtoolkit.key.KeyModel;
import io.dynamodbtoolkit.key.KeyValues;
import io.dynamodbtoolkit.test.DynamoDbTest;
import io.dynamodbtoolkit.test.RequestLog;
import io.dynamodbtoolkit.test.TestTables;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * A per-item predicate decides membership of a sparse index and a composite key is derived from two fields; the
 * toolkit keeps both right on every write path: post, put, patch, edit, clone, move and batch.
 */
@DynamoDbTest
class MembershipMaintenanceIT {

    private static final KeyModel KEYS = KeyModel.builder().keyFields("fleet", "vin").structuralKey("_sk")
            .technicalPrefix("_").build();
    private static final IndexQuery LOW_MILEAGE = IndexQuery.on("low-mileage");

    private DynamoDbClient client;
    private Adapter<Map<String, Object>> vehicles;

    @BeforeEach
    void createVehicles(DynamoDbClient dynamo, TestTables tables) {
        client = dynamo;
        vehicles = Provisioned.documents(dynamo, tables, "vehicles", declaration -> declaration.keys(KEYS).indexes(
                IndexDeclaration.global("low-mileage").partition(MarkerKeyPart.of("_lowMileage", "Y"))
                        .sortKey("vin").membership(Membership.onlyWhen(Set.of("mileage"), item ->
                                item.get("mileage") != null && new BigDecimal(item.get("mileage").n()).intValue() < 1000))
                        .build(),
                IndexDeclaration.global("by-make-year").partitionKey("fleet")
                        .sortComposite("_makeYear", KeyField.string("make"), KeyField.number("year", 4)).build()));
    }

    private List<Object> lowMileageVins() {
        return vehicles.query(LOW_MILEAGE, ListOptions.defaults()).items().stream().map(v -> v.get("vin")).toList();
    }

    private Map<String, AttributeValue> stored(String vin) {
        return client.getItem(b -> b.tableName(vehicles.table())
                .key(vehicles.keys().codec().primaryKeyFromKeyValues(KeyValues.of("fleet", "A", "vin", vin))).consistentRead(true)).item();
    }

    @Test
    void postAndPutDecideMembership() {
        vehicles.post(item("fleet", "A", "vin", "v1", "mileage", 10, "make", "Ford", "year", 2024));
        vehicles.post(item("fleet", "A", "vin", "v2", "mileage", 5000, "make", "Ford", "year", 2020));
        assertThat(lowMileageVins()).containsExactly("v1");
        assertThat(stored("v1")).containsEntry("_makeYear", AttributeValue.fromS("Ford|2024"));

        vehicles.put(item("fleet", "A", "vin", "v1", "mileage", 2000, "make", "Ford", "year", 2024));
        assertThat(lowMileageVins()).isEmpty();
        assertThat(stored("v1")).doesNotContainKey("_lowMileage");
    }

    @Test
    void patchesReEvaluateMembershipOnTheWholeItem(RequestLog log) {
        vehicles.post(item("fleet", "A", "vin", "v1", "mileage", 5000, "make", "Ford", "year", 2024));

        vehicles.patch(KeyValues.of("fleet", "A", "vin", "v1"), Map.of("mileage", 100));
        assertThat(lowMileageVins()).containsExactly("v1");

        vehicles.patch(KeyValues.of("fleet", "A", "vin", "v1"), Map.of("mileage", 1500));
        assertThat(lowMileageVins()).isEmpty();

        vehicles.patch(KeyValues.of("fleet", "A", "vin", "v1"), Map.of("year", 2025));
        assertThat(stored("v1")).containsEntry("_makeYear", AttributeValue.fromS("Ford|2025"));

        vehicles.patch(KeyValues.of("fleet", "A", "vin", "v1"), Map.of("color", "red"));
        assertThat(stored("v1")).containsEntry("color", AttributeValue.fromS("red"));
        log.clear();
        lowMileageVins();
        log.assertNoReadAmplification();
    }

    @Test
    void membershipFieldsCannotChangeThroughUpdateActions() {
        vehicles.post(item("fleet", "A", "vin", "v1", "mileage", 5000));

        assertThatThrownBy(() -> vehicles.patch(KeyValues.of("fleet", "A", "vin", "v1"), Map.of(),
                Update.empty().increment("mileage", 1), WriteOptions.defaults()))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("'mileage' decides index membership");
    }

    @Test
    void editsCloneMovesAndBatchesKeepMembershipRight() {
        vehicles.post(item("fleet", "A", "vin", "v1", "mileage", 5000));

        vehicles.edit(KeyValues.of("fleet", "A", "vin", "v1"), v -> {
            v.put("mileage", 1);
            return v;
        });
        assertThat(lowMileageVins()).containsExactly("v1");

        vehicles.clone(KeyValues.of("fleet", "A", "vin", "v1"), v -> {
            v.put("vin", "v2");
            v.put("mileage", 9999);
            return v;
        });
        assertThat(lowMileageVins()).containsExactly("v1");

        vehicles.move(KeyValues.of("fleet", "A", "vin", "v2"), v -> {
            v.put("vin", "v3");
            v.put("mileage", 3);
            return v;
        });
        assertThat(lowMileageVins()).containsExactly("v1", "v3");

        vehicles.putAll(List.of(item("fleet", "A", "vin", "v4", "mileage", 4), item("fleet", "A", "vin", "v5",
                "mileage", 5555)));
        assertThat(lowMileageVins()).containsExactly("v1", "v3", "v4");
    }

    @Test
    void aCompositeIndexKeyIsQueriedFromFieldValues(RequestLog log) {
        vehicles.putAll(List.of(
                item("fleet", "A", "vin", "v1", "make", "Ford", "year", 2019),
                item("fleet", "A", "vin", "v2", "make", "Ford", "year", 2021),
                item("fleet", "A", "vin", "v3", "make", "Ford", "year", 2023),
                item("fleet", "A", "vin", "v4", "make", "Fiat", "year", 2022),
                item("fleet", "B", "vin", "v5", "make", "Ford", "year", 2022)));
        log.clear();

        assertThat(vins(IndexQuery.on("by-make-year").eq("fleet", "A").eq("make", "Ford"))).containsExactly("v1", "v2",
                "v3");
        assertThat(vins(IndexQuery.on("by-make-year").eq("fleet", "A").eq("make", "Ford").between("year", 2020, 2022)))
                .containsExactly("v2");
        assertThat(vins(IndexQuery.on("by-make-year").eq("fleet", "A").eq("make", "Ford").gt("year", 2019)))
                .containsExactly("v2", "v3");
        assertThat(vins(IndexQuery.on("by-make-year").eq("fleet", "A").eq("make", "Ford").lt("year", 2023)))
                .containsExactly("v1", "v2");
        assertThat(vins(IndexQuery.on("by-make-year").eq("fleet", "A").beginsWith("make", "F"))).hasSize(4);
        assertThat(vins(IndexQuery.on("by-make-year").eq("fleet", "A").eq("make", "Ford").eq("year", 2021)))
                .containsExactly("v2");
        log.assertNoReadAmplification();
    }

    @Test
    void keyQueryMistakesAreExplained() {
        assertThatThrownBy(() -> vehicles.query(IndexQuery.on("by-make-year").eq("make", "Ford"), ListOptions.defaults()))
                .hasMessageContaining("needs a value for its partition key [fleet]");
        assertThatThrownBy(() -> vehicles.query(IndexQuery.on("by-make-year").eq("fleet", "A").eq("year", 2020),
                ListOptions.defaults())).hasMessageContaining("'year' is given, but a field before it");
        assertThatThrownBy(() -> vehicles.query(IndexQuery.on("by-make-year").eq("fleet", "A").eq("color", "red"),
                ListOptions.defaults())).hasMessageContaining("'color' is not a key field of index 'by-make-year'");
        assertThatThrownBy(() -> vehicles.query(IndexQuery.on("nope"), ListOptions.defaults()))
                .hasMessage("Unknown index 'nope'; the declared indexes are [low-mileage, by-make-year]");
    }

    @Test
    void declarationsThatWouldStripKeysAreRefused() {
        assertThatThrownBy(() -> AdapterDeclaration.builder(ItemMapper.documents()).table("t").keys(KEYS)
                .indexes(IndexDeclaration.global("by-vin").partitionKey("vin")
                        .membership(Membership.onlyWhen(Set.of("x"), item -> true)).build()).build())
                .isInstanceOf(DeclarationException.class).hasMessageContaining("non-members would lose 'vin'");
        assertThatThrownBy(() -> AdapterDeclaration.builder(ItemMapper.documents()).table("t").keys(KEYS)
                .indexes(IndexDeclaration.global("marked").partition(MarkerKeyPart.of("marker", "Y")).build()).build())
                .isInstanceOf(DeclarationException.class).hasMessageContaining("outside the technicalPrefix");
    }

    @Test
    void aCompositeIndexKeyNeedsPaddedNumbers() {
        assertThatThrownBy(() -> IndexDeclaration.global("by-year").partitionKey("fleet")
                .sortComposite("_year", KeyField.number("year")).build())
                .isInstanceOf(DeclarationException.class)
                .hasMessageStartingWith("indexes.by-year.sk.fields[0].width: number field 'year' is part of "
                        + "composite key '_year' but has no width");
    }

    private List<Object> vins(IndexQuery query) {
        return vehicles.query(query, ListOptions.defaults()).items().stream().map(v -> v.get("vin")).toList();
    }
}
