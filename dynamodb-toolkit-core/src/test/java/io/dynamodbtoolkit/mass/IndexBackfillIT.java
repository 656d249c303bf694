package io.dynamodbtoolkit.mass;

import static io.dynamodbtoolkit.mass.EvolvingRentals.ALL_FACILITIES;
import static io.dynamodbtoolkit.mass.EvolvingRentals.BY_CITY;
import static io.dynamodbtoolkit.mass.EvolvingRentals.allVehicles;
import static io.dynamodbtoolkit.mass.EvolvingRentals.assertComputedLikeFreshWrites;
import static io.dynamodbtoolkit.mass.EvolvingRentals.declaration;
import static io.dynamodbtoolkit.mass.EvolvingRentals.fleet;
import static io.dynamodbtoolkit.mass.EvolvingRentals.scanAll;
import static io.dynamodbtoolkit.mass.EvolvingRentals.written;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.concurrent.CompletionException;
import java.util.concurrent.atomic.AtomicReference;

import io.dynamodbtoolkit.adapter.Adapter;
import io.dynamodbtoolkit.adapter.AdapterDeclaration;
import io.dynamodbtoolkit.adapter.AdapterOptions;
import io.dynamodbtoolkit.adapter.ItemMapper;
import io.dynamodbtoolkit.adapter.ListOptions;
import io.dynamodbtoolkit.batch.RetryPolicy;
import io.dynamodbtoolkit.cursor.InvalidCursorException;
import io.dynamodbtoolkit.index.IndexDeclaration;
import io.dynamodbtoolkit.index.IndexQuery;
import io.dynamodbtoolkit.index.MarkerKeyPart;
import io.dynamodbtoolkit.index.Membership;
import io.dynamodbtoolkit.key.KeyModel;
import io.dynamodbtoolkit.key.KeyValues;
import io.dynamodbtoolkit.provision.BackfillNeed;
import io.dynamodbtoolkit.provision.RetiredIndex;
import io.dynamodbtoolkit.provision.TableProvisioner;
import io.dynamodbtoolkit.provision.TableReport;
import io.dynamodbtoolkit.test.DynamoDbTest;
import io.dynamodbtoolkit.test.RequestLog;
import io.dynamodbtoolkit.test.TestTables;
import org.junit.jupiter.api.Test;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.ScanRequest;
import software.amazon.awssdk.services.dynamodb.model.ScanResponse;

/**
 * Index evolution on a table whose items predate their indexes: provisioning notices them, {@link IndexBackfill}
 * writes what a fresh write computes (markers, shards, composites, membership), runs resume by cursor through item
 * bounds and crashes, and the attributes of a retired index are removed on request.
 */
@DynamoDbTest
class IndexBackfillIT {

    private static final Logger LOG = LoggerFactory.getLogger(IndexBackfillIT.class);

    /** @return the backfill of an adapter, as this class runs it (the async variant overrides it) */
    Backfills backfillOf(Adapter<Map<String, Object>> adapter) {
        return Backfills.blocking(IndexBackfill.of(adapter));
    }

    @Test
    void fiveThousandOlderItemsAreBackfilledThroughStopsAndCrashesAndEndLikeFreshWrites(DynamoDbClient client,
            TestTables tables) {
        List<Map<String, Object>> items = fleet(5, 10, 99);
        String table = tables.uniqueName("rentals");
        written(client, declaration(table), items);
        AdapterDeclaration<Map<String, Object>> evolved = declaration(table, ALL_FACILITIES, allVehicles(8), BY_CITY);

        TableReport added = TableProvisioner.of(client).create(evolved);

        assertThat(added.backfills()).extracting(BackfillNeed::index)
                .containsExactly("all-facilities", "all-vehicles", "by-city");
        assertThat(added.backfills()).allSatisfy(need -> {
            assertThat(need.counted()).as("a sample of 1,000 of 5,055 items").isFalse();
            assertThat(need.sampled()).isBetween(990L, 1000L);
        });
        BackfillNeed vehicles = added.backfills().get(1);
        assertThat(vehicles.items()).as("4,950 vehicles, estimated").isBetween(4_500L, 5_055L);
        assertThat(vehicles.describe()).startsWith("index 'all-vehicles' needs a backfill of " + vehicles.items()
                + " items (estimate: ");
        Adapter<Map<String, Object>> rentals = Adapter.create(evolved, client);
        assertThat(rentals.query(IndexQuery.on("all-vehicles"), ListOptions.defaults()).items())
                .as("DynamoDB's own backfill of the new index finds no vehicle").isEmpty();

        MassFaultInjectionIT.Crashes crashes = new MassFaultInjectionIT.Crashes(client, new Random(17));
        Adapter<Map<String, Object>> crashing = Adapter.create(evolved, crashes.client(), AdapterOptions.defaults()
                .withRetryPolicy(RetryPolicy.DEFAULT.withDelays(Duration.ofMillis(1), Duration.ofMillis(20))));
        Backfills backfill = backfillOf(crashing);
        Random random = new Random(5);
        String cursor = null;
        long processed = 0;
        int runs = 0;
        do {
            runs++;
            crashes.arm(random.nextInt(3) == 0 ? 20 + random.nextInt(400) : -1);
            MassOptions options = MassOptions.defaults().withMaxItems(300 + random.nextInt(1_500)).withPageSize(200)
                    .withConcurrency(8).withCursor(cursor);
            try {
                MassResult run = backfill.backfill("all-vehicles", options);
                assertThat(run.failed()).isEmpty();
                assertThat(run.conflicts()).isEmpty();
                processed += run.processed();
                cursor = run.cursor();
            } catch (MassFaultInjectionIT.SimulatedCrash | CompletionException crash) {
                assertThat(crashes.crashedLastRun()).as("only simulated crashes end a run: %s", crash).isTrue();
            }
            assertThat(runs).as("resuming ends").isLessThan(200);
        } while (cursor != null || crashes.crashedLastRun());
        LOG.info("Backfilled all-vehicles in {} runs with {} crashes; {} items written by completed runs", runs,
                crashes.count(), processed);
        assertThat(crashes.count()).isPositive();
        assertThat(runs).isGreaterThan(3);

        Backfills healthy = backfillOf(rentals);
        MassOptions largePages = MassOptions.defaults().withPageSize(2_500); // fewer Scan calls (moto's are slow)
        assertThat(healthy.backfillTiers("all-facilities", largePages).processed()).isEqualTo(50);
        assertThat(healthy.backfill("by-city", largePages).processed()).isEqualTo(50);

        assertComputedLikeFreshWrites(client, evolved, tables.uniqueName("fresh"), items);
        assertThat(listAll(rentals, "all-vehicles")).hasSize(4_950);
        assertThat(rentals.queryIndirect(IndexQuery.on("all-facilities"), ListOptions.defaults()).items()).hasSize(50);
        assertThat(TableProvisioner.of(client).validate(evolved).backfills()).isEmpty();
        MassResult again = healthy.backfill("all-vehicles", largePages);
        assertThat(again.processed()).as("a second backfill finds nothing to write").isZero();
        assertThat(again.skipped()).isEqualTo(items.size());
    }

    @Test
    void aShardCountChangeMovesEachMemberToItsNewShard(DynamoDbClient client, TestTables tables) {
        List<Map<String, Object>> items = fleet(2, 2, 100);
        String table = tables.uniqueName("rentals");
        written(client, declaration(table, allVehicles(4)), items);
        AdapterDeclaration<Map<String, Object>> evolved = declaration(table, allVehicles(16));

        List<BackfillNeed> needs = TableProvisioner.of(client).validate(evolved).backfills();

        assertThat(needs).singleElement().satisfies(need -> {
            assertThat(need.counted()).as("the sample read the whole table").isTrue();
            assertThat(need.items()).as("vehicles whose shard of 16 differs from their shard of 4")
                    .isBetween(250L, 350L);
        });
        Adapter<Map<String, Object>> rentals = Adapter.create(evolved, client);
        MassResult run = backfillOf(rentals).backfill("all-vehicles", MassOptions.defaults());
        assertThat(run.processed()).isEqualTo(needs.get(0).items());
        assertComputedLikeFreshWrites(client, evolved, tables.uniqueName("fresh"), items);
        assertThat(listAll(rentals, "all-vehicles")).hasSize(400).isSorted();
    }

    @Test
    void aNarrowedMembershipRemovesTheMarkerFromTheItemsThatLeft(DynamoDbClient client, TestTables tables) {
        List<Map<String, Object>> items = fleet(3, 4, 2);
        String table = tables.uniqueName("rentals");
        written(client, declaration(table, upperTiers(Membership.types("state", "facility"))), items);
        AdapterDeclaration<Map<String, Object>> evolved = declaration(table, upperTiers(Membership.types("state")));

        assertThat(TableProvisioner.of(client).validate(evolved).backfills()).singleElement()
                .satisfies(need -> assertThat(need.items()).isEqualTo(12));
        MassResult run = backfillOf(Adapter.create(evolved, client)).backfill("upper-tiers",
                MassOptions.defaults());

        assertThat(run.processed()).isEqualTo(12);
        assertThat(scanAll(client, table).values()).filteredOn(item -> item.containsKey("_upperMarker"))
                .extracting(item -> item.get("kind").s()).containsOnly("state").hasSize(3);
        assertComputedLikeFreshWrites(client, evolved, tables.uniqueName("fresh"), items);
    }

    @Test
    void backfillTiersReadsOnlyTheTiersOfTheIndex(DynamoDbClient client, TestTables tables) {
        List<Map<String, Object>> items = fleet(3, 4, 10);
        String table = tables.uniqueName("rentals");
        written(client, declaration(table), items);
        AdapterDeclaration<Map<String, Object>> evolved = declaration(table, ALL_FACILITIES, BY_CITY);
        TableProvisioner.of(client).create(evolved);
        AtomicReference<MassProgress> last = new AtomicReference<>();

        Backfills backfill = backfillOf(Adapter.create(evolved, client)).withListener(last::set);
        MassResult run = backfill.backfillTiers("all-facilities", MassOptions.defaults());

        assertThat(run.isComplete()).isTrue();
        assertThat(run.processed()).isEqualTo(12);
        assertThat(last.get().read()).as("only facilities were returned by the scan").isEqualTo(12);
        assertThat(last.get().operation()).isEqualTo("backfill:all-facilities");
        assertThat(last.get().adapter()).isEqualTo("rentals");
        assertThatThrownBy(() -> backfill.backfillTiers("by-city", MassOptions.defaults()))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("global index 'by-city' does not "
                        + "restrict its membership to tiers").hasMessageContaining("backfill the whole table");
        assertThatThrownBy(() -> backfill.backfill("no-such-index", MassOptions.defaults()))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("Unknown index 'no-such-index'")
                .hasMessageContaining("[all-facilities, by-city]");
    }

    @Test
    void backfillTiersTellsSeveralTiersByTheTypeFieldAndOneTierWithoutItByItsKeyFields(DynamoDbClient client,
            TestTables tables) {
        List<Map<String, Object>> items = fleet(3, 4, 10);
        String table = tables.uniqueName("rentals");
        written(client, declaration(table), items);
        AdapterDeclaration<Map<String, Object>> evolved = declaration(table,
                upperTiers(Membership.types("state", "facility")));
        TableProvisioner.of(client).create(evolved);

        MassResult upper = backfillOf(Adapter.create(evolved, client)).backfillTiers("upper-tiers",
                MassOptions.defaults());

        assertThat(upper.processed()).as("3 states and 12 facilities").isEqualTo(15);
        assertThat(upper.skipped()).as("no vehicle read").isZero();

        KeyModel withoutTypeField = KeyModel.builder().keyFields("state", "facility", "vin").structuralKey("_sk")
                .technicalPrefix("_").typeLabels("state", "facility", "vehicle").versionField("_version").build();
        IndexDeclaration stateTier = IndexDeclaration.global("state-tier").partition(MarkerKeyPart.of("_stateMarker",
                "Y")).sortKey("_sk").membership(Membership.types("state")).build();
        for (IndexDeclaration index : List.of(stateTier, ALL_FACILITIES)) {
            Adapter<Map<String, Object>> untyped = Adapter.create(AdapterDeclaration.builder(ItemMapper.documents())
                    .name("rentals").table(table).keys(withoutTypeField).indexes(index).build(), client);

            MassResult tier = backfillOf(untyped).backfillTiers(index.name(), MassOptions.defaults());

            assertThat(tier.processed()).as(index.name()).isEqualTo(index == stateTier ? 3 : 12);
            assertThat(tier.skipped()).as("%s: only its tier read", index.name()).isZero();
        }
    }

    @Test
    void theAttributesOfARetiredIndexAreReportedAndRemovedOnlyOnRequest(DynamoDbClient client, TestTables tables) {
        List<Map<String, Object>> items = fleet(3, 4, 2);
        String table = tables.uniqueName("rentals");
        written(client, declaration(table, upperTiers(Membership.types("state", "facility")), ALL_FACILITIES),
                items);
        AdapterDeclaration<Map<String, Object>> evolved = declaration(table, ALL_FACILITIES);

        TableReport report = TableProvisioner.of(client).create(evolved);

        assertThat(report.retiredIndexes()).containsExactly(new RetiredIndex("upper-tiers", List.of("_upperMarker")));
        assertThat(report.notes()).containsExactly("global index 'upper-tiers' is not declared; items may keep its "
                + "computed attributes [_upperMarker] until removed (IndexBackfill.removeStale)");
        assertThat(scanAll(client, table).values()).filteredOn(item -> item.containsKey("_upperMarker")).hasSize(15);
        Backfills backfill = backfillOf(Adapter.create(evolved, client));
        assertThatThrownBy(() -> backfill.removeStale(List.of("_facilityMarker"), MassOptions.defaults()))
                .hasMessageContaining("'_facilityMarker' is still used by the declaration of adapter 'rentals'");
        assertThatThrownBy(() -> backfill.removeStale(List.of("make"), MassOptions.defaults()))
                .hasMessageContaining("'make' is outside the technical prefix \"_\": it is the application's data");
        assertThatThrownBy(() -> backfill.removeStale(List.of("_version"), MassOptions.defaults()))
                .hasMessageContaining("still used");

        MassResult removed = backfill.removeStale(List.of("_upperMarker"), MassOptions.defaults());

        assertThat(removed.processed()).isEqualTo(15);
        assertThat(removed.skipped()).as("one attribute: only the items carrying it are read").isZero();
        assertThat(scanAll(client, table).values()).noneSatisfy(item -> assertThat(item).containsKey("_upperMarker"))
                .filteredOn(item -> item.containsKey("_facilityMarker")).hasSize(12);
    }

    @Test
    void aCursorResumesOnlyTheSameScopeAndSegments(DynamoDbClient client, TestTables tables) {
        String table = tables.uniqueName("rentals");
        written(client, declaration(table), fleet(2, 3, 20));
        AdapterDeclaration<Map<String, Object>> evolved = declaration(table, ALL_FACILITIES);
        TableProvisioner.of(client).create(evolved);
        Backfills backfill = backfillOf(Adapter.create(evolved, client));

        MassResult first = backfill.backfill("all-facilities", MassOptions.defaults().withMaxItems(30)
                .withPageSize(10));

        assertThat(first.isComplete()).isFalse();
        assertThatThrownBy(() -> backfill.backfill("all-facilities", MassScope.wholeTable(8),
                MassOptions.defaults().withCursor(first.cursor()))).isInstanceOf(InvalidCursorException.class);
        MassResult rest = backfill.backfill("all-facilities", MassOptions.defaults().withCursor(first.cursor()));
        assertThat(rest.isComplete()).isTrue();
        assertThat(first.processed() + rest.processed()).isEqualTo(6);
        assertThat(first.processed() + first.skipped() + rest.processed() + rest.skipped()).isEqualTo(128);
    }

    @Test
    void aRunInSegmentsReadsEveryItemOnceWithOneCallPerSegmentAPage(DynamoDbClient client, TestTables tables,
            RequestLog log) {
        String table = tables.uniqueName("rentals");
        written(client, declaration(table), fleet(2, 3, 20));
        AdapterDeclaration<Map<String, Object>> evolved = declaration(table, ALL_FACILITIES);
        TableProvisioner.of(client).create(evolved);
        Backfills backfill = backfillOf(Adapter.create(evolved, client));
        assertThat(backfill.backfill("all-facilities", MassOptions.defaults()).processed()).isEqualTo(6);
        log.clear();

        MassResult again = backfill.backfill("all-facilities", MassScope.wholeTable(4),
                MassOptions.defaults().withPageSize(20));

        assertThat(again.skipped()).isEqualTo(128);
        List<ScanResponse> scans = log.calls("Scan").stream().map(call -> (ScanResponse) call.response()).toList();
        assertThat(scans.stream().mapToInt(ScanResponse::scannedCount).sum()).as("every item read once")
                .isEqualTo(128);
        List<ScanRequest> requests = log.calls("Scan").stream().map(call -> (ScanRequest) call.request()).toList();
        assertThat(requests).extracting(ScanRequest::totalSegments).containsOnly(4);
        assertThat(requests).extracting(ScanRequest::segment).containsOnly(0, 1, 2, 3);
        assertThat(requests).extracting(ScanRequest::limit).as("a page of 20 shared by the segments still open")
                .allSatisfy(limit -> assertThat(limit).isBetween(5, 20));
        log.assertNoReadAmplification();
    }

    @Test
    void anItemTheIndexCannotBeComputedForStopsTheRunWithItsKeyInTheCursor(DynamoDbClient client,
            TestTables tables) {
        String table = tables.uniqueName("rentals");
        List<Map<String, Object>> items = fleet(1, 3, 0);
        items.get(2).put("opened", "a year");
        written(client, declaration(table), items);
        AdapterDeclaration<Map<String, Object>> evolved = declaration(table, BY_CITY);
        TableProvisioner.of(client).create(evolved);
        Adapter<Map<String, Object>> rentals = Adapter.create(evolved, client);

        MassResult stopped = backfillOf(rentals).backfill("by-city", MassScope.wholeTable(),
                MassOptions.defaults());

        assertThat(stopped.stoppedBy()).isNotNull();
        assertThat(stopped.failed()).singleElement().satisfies(failure -> assertThat(failure.reason())
                .startsWith("Index 'by-city' cannot be computed for this item, and a write of it would fail the "
                        + "same way: ").endsWith("; correct the item, then resume with the cursor"));
        assertThat(stopped.isComplete()).isFalse();
        rentals.patch(KeyValues.of("state", "S0", "facility", "F1"), Map.of("opened", 1991));
        MassResult resumed = backfillOf(rentals).backfill("by-city", MassScope.wholeTable(),
                MassOptions.defaults().withCursor(stopped.cursor()));
        assertThat(resumed.isComplete()).isTrue();
        assertThat(scanAll(client, table).values()).filteredOn(item -> item.containsKey("city"))
                .allSatisfy(item -> assertThat(item).containsKey("_cityOpened"));
    }

    private static IndexDeclaration upperTiers(Membership membership) {
        return IndexDeclaration.global("upper-tiers").partition(MarkerKeyPart.of("_upperMarker", "Y")).sortKey("_sk")
                .membership(membership).build();
    }

    /** @return the sort keys of every member of a (sharded) marker index, page after page */
    private static List<Object> listAll(Adapter<Map<String, Object>> adapter, String index) {
        List<Object> vins = new ArrayList<>();
        String cursor = null;
        do {
            var page = adapter.query(IndexQuery.on(index), ListOptions.defaults().withLimit(500).withCursor(cursor));
            page.items().forEach(item -> vins.add(item.get("vin")));
            cursor = page.nextCursor();
        } while (cursor != null);
        return vins;
    }
}
