package io.dynamodbtoolkit.adapter;

import static io.dynamodbtoolkit.adapter.Rentals.item;
import static io.dynamodbtoolkit.adapter.UniqueFieldsIT.rawItems;
import static io.dynamodbtoolkit.adapter.UniqueFieldsIT.vehicle;
import static io.dynamodbtoolkit.adapter.UniqueFieldsIT.vin;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.Map;

import io.dynamodbtoolkit.DeclarationException;
import io.dynamodbtoolkit.key.KeyModel;
import io.dynamodbtoolkit.key.KeyValues;
import io.dynamodbtoolkit.mass.MassOperations;
import io.dynamodbtoolkit.mass.MassPageResult;
import io.dynamodbtoolkit.mass.UniqueReport;
import io.dynamodbtoolkit.provision.TableProvisioner;
import io.dynamodbtoolkit.test.DynamoDbTest;
import io.dynamodbtoolkit.test.TestTables;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;

/**
 * A unique field declared for some tiers only: a value is unique among the rows of those tiers, rows of other tiers
 * take no guard, and an unknown tier fails the declaration naming the key design's tiers.
 */
@DynamoDbTest
class UniqueTiersIT {

    private DynamoDbClient client;
    private String table;
    private Adapter<Map<String, Object>> rentals;

    @BeforeEach
    void seed(DynamoDbClient client, TestTables tables) {
        this.client = client;
        this.table = tables.create(Rentals.TABLE);
        this.rentals = Adapter.create(AdapterDeclaration.builder(ItemMapper.documents()).table(table)
                .keys(Rentals.KEYS).unique(UniqueField.of("code").inTiers("vehicle")).build(), client);
        rentals.post(item("state", "TX", "name", "Texas"));
        rentals.post(item("state", "TX", "facility", "Dallas", "city", "Dallas"));
    }

    @Test
    void aValueIsUniqueAmongTheRowsOfItsTiersOnlyAndOnlyThoseTakeGuards() {
        rentals.post(vehicle("Dallas", "V1", "code", "C1"));
        rentals.post(item("state", "TX", "facility", "Austin", "city", "Austin", "code", "C1"));
        rentals.patch(KeyValues.of("state", "TX", "facility", "Dallas"), Map.of("code", "C1"));

        assertThatThrownBy(() -> rentals.post(vehicle("Dallas", "V2", "code", "C1")))
                .isInstanceOf(UniqueValueTakenException.class).hasMessageContaining("among tiers [vehicle]")
                .hasMessageContaining("nothing was written");
        assertThat(rentals.get(vin("V2"))).isEmpty();
        assertThat(rawItems(client, table).stream().filter(item -> item.containsKey("_uniqueOwner"))
                .map(item -> item.get("state").s() + " -> " + item.get("_uniqueOwner").m().get("_sk").s()))
                .containsExactly("_unique|S4:code|S2:C1 -> TX|Dallas|V1");
        assertThat(rentals.getByUnique("code", "C1", KeyValues.empty(), ReadOptions.defaults()).orElseThrow())
                .containsEntry("vin", "V1");

        rentals.patch(vin("V1"), Map.of("code", "C2"));
        rentals.post(vehicle("Dallas", "V2", "code", "C1"));
        assertThat(rawItems(client, table).stream().filter(item -> item.containsKey("_uniqueOwner"))
                .map(item -> item.get("state").s())).containsExactlyInAnyOrder("_unique|S4:code|S2:C1",
                        "_unique|S4:code|S2:C2");
    }

    @Test
    void theStartUpSampleAVerifyAndABackfillOfAPerTierFieldCountTheRowsOfItsTiersOnly() {
        Adapter<Map<String, Object>> before = Adapter.create(AdapterDeclaration.builder(ItemMapper.documents())
                .table(table).keys(Rentals.KEYS).build(), client);
        before.post(vehicle("Dallas", "V1", "code", "C1"));
        before.post(vehicle("Dallas", "V2", "code", "C2"));
        before.post(item("state", "TX", "facility", "Austin", "city", "Austin", "code", "C1"));

        assertThat(TableProvisioner.of(client).validate(rentals.declaration()).uniqueBackfills())
                .singleElement().satisfies(need -> assertThat(need.unguarded()).isEqualTo(2));
        UniqueReport report = MassOperations.of(rentals).verifyUnique("code");
        assertThat(report.duplicates()).as("the facility's C1 is in no tier of the field").isEmpty();
        assertThat(report.unguarded()).hasSize(2);

        MassPageResult backfill = MassOperations.of(rentals).backfillUnique("code");

        assertThat(backfill.processed()).isEqualTo(2);
        assertThat(MassOperations.of(rentals).verifyUnique("code").isClean()).isTrue();
        assertThat(rawItems(client, table).stream().filter(item -> item.containsKey("_uniqueOwner"))
                .map(item -> item.get("_uniqueOwner").m().get("_sk").s()))
                .containsExactlyInAnyOrder("TX|Dallas|V1", "TX|Dallas|V2");
    }

    @Test
    void anUnknownTierFailsTheDeclarationNamingTheTiersOfTheKeyDesign() {
        assertThatThrownBy(() -> AdapterDeclaration.builder(ItemMapper.documents()).table("t").keys(Rentals.KEYS)
                .unique(UniqueField.of("plate"), UniqueField.of("code").inTiers("vehicle", "car")).build())
                .isInstanceOfSatisfying(DeclarationException.class, e -> assertThat(e.property())
                        .isEqualTo("unique[1].tiers[1]")).hasMessageContaining("'car'")
                .hasMessageContaining("[state, facility, vehicle]");
        KeyModel unlabelled = KeyModel.builder().keyFields("state", "facility").structuralKey("_sk")
                .technicalPrefix("_").build();
        assertThatThrownBy(() -> AdapterDeclaration.builder(ItemMapper.documents()).table("t").keys(unlabelled)
                .unique(UniqueField.of("code").inTiers("vehicle")).build())
                .isInstanceOf(DeclarationException.class).hasMessageContaining("declare typeLabels");
    }
}
