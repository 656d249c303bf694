package io.dynamodbtoolkit.adapter;

import static io.dynamodbtoolkit.adapter.Rentals.item;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.function.IntPredicate;
import java.util.stream.IntStream;

import io.dynamodbtoolkit.cursor.InvalidCursorException;
import io.dynamodbtoolkit.filter.FieldRule;
import io.dynamodbtoolkit.filter.Filter;
import io.dynamodbtoolkit.filter.FilterOperator;
import io.dynamodbtoolkit.filter.FilterSpec;
import io.dynamodbtoolkit.key.KeyValues;
import io.dynamodbtoolkit.key.SubtreeQuery;
import io.dynamodbtoolkit.test.DynamoDbTest;
import io.dynamodbtoolkit.test.RequestLog;
import io.dynamodbtoolkit.test.TestTables;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.QueryRequest;
import software.amazon.awssdk.services.dynamodb.model.QueryResponse;

/**
 * Keyset pagination over a real server: a facility with {@value #FLEET} vehicles (plus a sibling facility whose
 * name extends it, and a neighbour) walked by cursor with several page sizes in both directions, filters that
 * discard most rows, offset pages, totals, projections, and cursors that must be refused.
 */
@DynamoDbTest
class PaginationIT {

    /** Vehicles under Dallas. */
    private static final int FLEET = 1000;
    /** Vehicles under Plano, a second subtree of the same partition. */
    private static final int SMALL_FLEET = 3;
    private static final String[] COLORS = {"red", "green", "blue"};

    private static final KeyValues DALLAS = KeyValues.of("state", "TX", "facility", "Dallas");
    private static final KeyValues PLANO = KeyValues.of("state", "TX", "facility", "Plano");
    private static final FilterSpec FILTERS = FilterSpec.of(
            FieldRule.string("color").allowOnly(FilterOperator.EQ, FilterOperator.IN),
            FieldRule.number("miles"));

    private static Adapter<Map<String, Object>> rentals;

    @BeforeAll
    static void loadFleets(DynamoDbClient client, TestTables tables) {
        rentals = Adapter.create(Rentals.declaration(tables.create(Rentals.TABLE)), client);
        List<Map<String, Object>> items = new ArrayList<>();
        items.add(item("state", "TX", "name", "Texas"));
        items.add(item("state", "TX", "facility", "Dallas", "city", "Dallas"));
        for (int i = 0; i < FLEET; i++) {
            items.add(vehicle("Dallas", i));
        }
        items.add(item("state", "TX", "facility", "Dallasville", "city", "Dallasville"));
        for (int i = 0; i < 5; i++) {
            items.add(vehicle("Dallasville", i));
        }
        items.add(item("state", "TX", "facility", "Plano", "city", "Plano"));
        for (int i = 0; i < SMALL_FLEET; i++) {
            items.add(vehicle("Plano", i));
        }
        rentals.putAll(items);
    }

    private static Map<String, Object> vehicle(String facility, int number) {
        return item("state", "TX", "facility", facility, "vin", vin(number), "color", COLORS[number % 3],
                "miles", number);
    }

    private static String vin(int number) {
        return String.format("V%04d", number);
    }

    /** The node row as "node", a vehicle as its vin. */
    private static String label(Map<String, Object> item) {
        return item.get("vin") == null ? "node:" + item.get("facility") : (String) item.get("vin");
    }

    private static List<String> vins(int count, IntPredicate matching) {
        return IntStream.range(0, count).filter(matching).mapToObj(PaginationIT::vin).toList();
    }

    private static List<String> reversed(List<String> labels) {
        List<String> copy = new ArrayList<>(labels);
        Collections.reverse(copy);
        return copy;
    }

    private static List<String> withNode(String facility, List<String> vins, boolean descending) {
        List<String> all = new ArrayList<>(vins);
        if (descending) {
            all.add("node:" + facility);
        } else {
            all.add(0, "node:" + facility);
        }
        return all;
    }

    /** Walks a subtree page by page, checking that every page but the last is full. */
    private static Walk walk(SubtreeQuery subtree, ListOptions options) {
        List<List<Map<String, Object>>> pages = new ArrayList<>();
        String cursor = null;
        do {
            ItemPage<Map<String, Object>> page = rentals.list(subtree, options.withCursor(cursor));
            pages.add(page.items());
            cursor = page.nextCursor();
            assertThat(pages.size()).as("pages").isLessThanOrEqualTo(FLEET + 10);
        } while (cursor != null);
        return new Walk(pages, options.limit());
    }

    private record Walk(List<List<Map<String, Object>>> pages, int limit) {

        List<Map<String, Object>> items() {
            return pages.stream().flatMap(List::stream).toList();
        }

        List<String> labels() {
            return items().stream().map(PaginationIT::label).toList();
        }

        /** Every page but the last holds exactly the limit; the last at most that, and empty only after a full one. */
        void assertFullPages(int expectedItems) {
            for (int i = 0; i < pages.size() - 1; i++) {
                assertThat(pages.get(i)).as("page %d of %d", i, pages.size()).hasSize(limit);
            }
            assertThat(pages.get(pages.size() - 1).size()).isLessThanOrEqualTo(limit);
            int fullPages = (expectedItems + limit - 1) / limit;
            assertThat(pages.size()).as("pages for %d items, %d a page", expectedItems, limit)
                    .isBetween(Math.max(1, fullPages), fullPages + 1);
        }
    }

    @ParameterizedTest(name = "page size {0}, descending={1}")
    @CsvSource({"7, false", "7, true", "100, false", "100, true"})
    void walksSelfAndDescendantsOfAThousandItemsExactlyOnceInOrder(int pageSize, boolean descending,
            RequestLog log) {
        ListOptions options = ListOptions.defaults().withLimit(pageSize);
        Walk walk = walk(SubtreeQuery.selfAndDescendants(DALLAS), descending ? options.inDescendingOrder() : options);

        List<String> ascending = withNode("Dallas", vins(FLEET, i -> true), false);
        assertThat(walk.labels()).isEqualTo(descending ? reversed(ascending) : ascending);
        walk.assertFullPages(FLEET + 1);
        assertThat(walk.items()).noneMatch(item -> "Dallasville".equals(item.get("facility")));
        log.assertNoReadAmplification();
    }

    @ParameterizedTest(name = "descending={0}")
    @CsvSource({"false", "true"})
    void walksOneItemPerPageOverAThousandItems(boolean descending, RequestLog log) {
        ListOptions options = ListOptions.defaults().withLimit(1);
        Walk walk = walk(SubtreeQuery.selfAndDescendants(DALLAS), descending ? options.inDescendingOrder() : options);

        List<String> ascending = withNode("Dallas", vins(FLEET, i -> true), false);
        assertThat(walk.labels()).isEqualTo(descending ? reversed(ascending) : ascending);
        walk.assertFullPages(FLEET + 1);
        // one Query per item, plus at most one per segment that finds the segment's end (about 15 s on moto)
        assertThat(log.calls("Query")).hasSizeBetween(FLEET + 1, FLEET + 4);
        log.assertNoReadAmplification();
    }

    @Test
    void aPageReportsTheCapacityItConsumedThoughTheAdapterDoesNotReportCapacity(RequestLog log) {
        ItemPage<Map<String, Object>> page = rentals.list(SubtreeQuery.children(PLANO), ListOptions.defaults());

        assertThat(page.stats().consumedCapacity().orElseThrow()).isPositive();
        assertThat(log.calls("Query")).allSatisfy(call -> assertThat(call.request(QueryRequest.class)
                .returnConsumedCapacityAsString()).isEqualTo("TOTAL"));
    }

    @Test
    void capacityThatWasNotReportedIsUnknownNeverZero() {
        ReadStats reported = new ReadStats(1, 3, 3, 0.5);
        ReadStats unreported = new ReadStats(1, 3, 3, Double.NaN);

        assertThat(reported.plus(unreported).consumedCapacity()).isEmpty();
        assertThat(unreported.toString()).isEqualTo("ReadStats[requests=1, returned=3, scanned=3, "
                + "capacityUnits=not reported]");
        assertThat(ReadStats.NONE.plus(reported).consumedCapacity()).hasValue(0.5);
    }

    @ParameterizedTest(name = "page size {0}")
    @CsvSource({"1000, 1", "500, 2", "100, 10"})
    void thePageThatEndsTheReadSaysSoWithoutACursorToAnEmptyPage(int pageSize, int pages, RequestLog log) {
        Walk walk = walk(SubtreeQuery.children(DALLAS), ListOptions.defaults().withLimit(pageSize));

        assertThat(walk.pages()).hasSize(pages).allSatisfy(page -> assertThat(page).hasSize(pageSize));
        assertThat(log.calls("Query")).as("one call a page, none for an empty page after the last")
                .hasSize(pages).allSatisfy(call -> assertThat(call.request(QueryRequest.class).limit())
                        .as("the page and one item more").isEqualTo(pageSize + 1));
    }

    @ParameterizedTest(name = "page size {0}")
    @CsvSource({"1000, 2", "300, 4"})
    void withoutLookaheadEveryCallAsksForThePageOnlyAndReadsNothingItDoesNotReturn(int pageSize, int calls,
            RequestLog log) {
        Walk walk = walk(SubtreeQuery.children(DALLAS), ListOptions.defaults().withLimit(pageSize)
                .withoutLookahead());

        assertThat(walk.items()).hasSize(FLEET);
        assertThat(log.calls("Query")).hasSize(calls).allSatisfy(call -> assertThat(call.request(QueryRequest.class)
                .limit()).as("the page, no item more").isEqualTo(pageSize));
        assertThat(log.calls("Query").stream().mapToInt(call -> call.response(QueryResponse.class).scannedCount())
                .sum()).as("items read").isEqualTo(FLEET);
        log.assertNoReadAmplification();
    }

    @Test
    void walksChildrenOnlyWithoutTheNodeRow() {
        Walk walk = walk(SubtreeQuery.children(DALLAS), ListOptions.defaults().withLimit(100));

        assertThat(walk.labels()).isEqualTo(vins(FLEET, i -> true));
        walk.assertFullPages(FLEET);
    }

    @ParameterizedTest(name = "page size {0}, descending={1}")
    @CsvSource({"7, false", "7, true", "100, false", "100, true"})
    void aFilteredWalkReturnsFullPagesAndEveryMatchOnce(int pageSize, boolean descending) {
        Filter redAndLow = FILTERS.parse(List.of("eq-color=red", "lt-miles=600"));
        ListOptions options = ListOptions.defaults().withLimit(pageSize).withFilter(redAndLow);
        Walk walk = walk(SubtreeQuery.selfAndDescendants(DALLAS), descending ? options.inDescendingOrder() : options);

        List<String> expected = vins(FLEET, i -> i % 3 == 0 && i < 600);
        assertThat(walk.labels()).hasSize(200).isEqualTo(descending ? reversed(expected) : expected);
        walk.assertFullPages(200);
    }

    @Test
    void aSparseFilterStillFillsPagesAcrossManyReads(RequestLog log) {
        Filter rare = FILTERS.parse(Map.of("in-color", List.of("red,blue"), "ge-miles", List.of("980"),
                "limit", List.of("ignored: not a clause")));
        Walk walk = walk(SubtreeQuery.children(DALLAS), ListOptions.defaults().withLimit(5).withFilter(rare));

        assertThat(walk.labels()).isEqualTo(vins(FLEET, i -> i >= 980 && i % 3 != 1));
        walk.assertFullPages(14);
        QueryRequest first = log.calls("Query").get(0).request(QueryRequest.class);
        assertThat(first.filterExpression()).isNotNull();
        assertThat(first.keyConditionExpression()).doesNotContain("miles").doesNotContain("color");
    }

    @Test
    void offsetPagesSkipExactlyAndContinueByCursor() {
        ListOptions options = ListOptions.defaults().withLimit(10).withOffset(250);
        ItemPage<Map<String, Object>> page = rentals.list(SubtreeQuery.selfAndDescendants(DALLAS), options);

        // position 0 is the node row, so 250 skipped rows are the node and V0000..V0248
        assertThat(page.items()).extracting(PaginationIT::label)
                .isEqualTo(vins(FLEET, i -> i >= 249 && i < 259));
        ItemPage<Map<String, Object>> next = rentals.list(SubtreeQuery.selfAndDescendants(DALLAS),
                ListOptions.defaults().withLimit(10).withCursor(page.nextCursor()));
        assertThat(next.items()).extracting(PaginationIT::label).isEqualTo(vins(FLEET, i -> i >= 259 && i < 269));
    }

    @Test
    void anOffsetOfOneSkipsOnlyTheNodeRowAndOffsetsWorkDescending() {
        assertThat(rentals.list(SubtreeQuery.selfAndDescendants(DALLAS),
                ListOptions.defaults().withLimit(2).withOffset(1)).items())
                .extracting(PaginationIT::label).containsExactly("V0000", "V0001");
        assertThat(rentals.list(SubtreeQuery.selfAndDescendants(DALLAS),
                ListOptions.defaults().withLimit(3).withOffset(998).inDescendingOrder()).items())
                .extracting(PaginationIT::label).containsExactly("V0001", "V0000", "node:Dallas");
    }

    @Test
    void anOffsetPastTheEndIsAnEmptyLastPage() {
        ItemPage<Map<String, Object>> page = rentals.list(SubtreeQuery.children(DALLAS),
                ListOptions.defaults().withLimit(10).withOffset(FLEET + 5));

        assertThat(page.items()).isEmpty();
        assertThat(page.nextCursor()).isNull();
    }

    @Test
    void offsetsCountMatchesOfAFilter() {
        Filter red = FILTERS.parse(List.of("eq-color=red"));
        ItemPage<Map<String, Object>> page = rentals.list(SubtreeQuery.children(DALLAS),
                ListOptions.defaults().withFilter(red).withOffset(10).withLimit(3));

        // the 11th, 12th and 13th red vehicles
        assertThat(page.items()).extracting(PaginationIT::label).containsExactly("V0030", "V0033", "V0036");
    }

    @Test
    void totalsCountEveryMatch() {
        ItemPage<Map<String, Object>> all = rentals.list(SubtreeQuery.selfAndDescendants(DALLAS),
                ListOptions.defaults().withLimit(10).countingTotal());
        ItemPage<Map<String, Object>> children = rentals.list(SubtreeQuery.children(DALLAS),
                ListOptions.defaults().withLimit(10).countingTotal());
        ItemPage<Map<String, Object>> red = rentals.list(SubtreeQuery.children(DALLAS),
                ListOptions.defaults().withLimit(10).withFilter(FILTERS.parse(List.of("eq-color=red")))
                        .countingTotal());
        ItemPage<Map<String, Object>> offset = rentals.list(SubtreeQuery.children(DALLAS),
                ListOptions.defaults().withLimit(10).withOffset(500).countingTotal());

        assertThat(all.total()).hasValue(FLEET + 1);
        assertThat(children.total()).hasValue(FLEET);
        assertThat(red.total()).hasValue(334);
        assertThat(offset.total()).hasValue(FLEET);
        assertThat(offset.items()).extracting(PaginationIT::label).first().isEqualTo("V0500");
        assertThat(rentals.list(SubtreeQuery.children(DALLAS), ListOptions.defaults().withLimit(10)).total())
                .isEmpty();
    }

    @ParameterizedTest(name = "descending={0}")
    @CsvSource({"false", "true"})
    void projectedPagesHoldOnlyTheFieldsAndKeysAndStillWalkEverything(boolean descending) {
        ListOptions options = ListOptions.defaults().withLimit(7).withFields("facility", "vin", "miles");
        Walk walk = walk(SubtreeQuery.selfAndDescendants(DALLAS), descending ? options.inDescendingOrder() : options);

        List<String> ascending = withNode("Dallas", vins(FLEET, i -> true), false);
        assertThat(walk.labels()).isEqualTo(descending ? reversed(ascending) : ascending);
        walk.assertFullPages(FLEET + 1);
        assertThat(walk.items().subList(descending ? 0 : 1, descending ? FLEET : FLEET + 1))
                .allSatisfy(item -> assertThat(item).containsOnlyKeys("state", "facility", "vin", "miles"));
    }

    @Test
    void aProjectedFilteredWalkPositionsPagesOnKeysItDidNotAskFor() {
        ListOptions options = ListOptions.defaults().withLimit(9).withFields("miles")
                .withFilter(FILTERS.parse(List.of("eq-color=blue", "lt-miles=300")));
        Walk walk = walk(SubtreeQuery.children(DALLAS), options);

        assertThat(walk.items()).extracting(item -> ((BigDecimal) item.get("miles")).intValue())
                .isEqualTo(IntStream.range(0, 300).filter(i -> i % 3 == 2).boxed().toList());
        walk.assertFullPages(100);
        assertThat(walk.items()).allSatisfy(item -> assertThat(item).containsOnlyKeys("state", "miles"));
    }

    @Test
    void aTamperedCursorIsRefused() {
        String cursor = rentals.list(SubtreeQuery.children(DALLAS), ListOptions.defaults().withLimit(3)).nextCursor();
        char[] chars = cursor.toCharArray();
        int middle = chars.length / 2;
        chars[middle] = chars[middle] == 'A' ? 'B' : 'A';
        String tampered = new String(chars);

        assertThatThrownBy(() -> rentals.list(SubtreeQuery.children(DALLAS),
                ListOptions.defaults().withLimit(3).withCursor(tampered)))
                .isInstanceOf(InvalidCursorException.class).hasMessageContaining("altered");
        assertThatThrownBy(() -> rentals.list(SubtreeQuery.children(DALLAS),
                ListOptions.defaults().withLimit(3).withCursor(cursor.substring(0, 12))))
                .isInstanceOf(InvalidCursorException.class);
        assertThatThrownBy(() -> rentals.list(SubtreeQuery.children(DALLAS),
                ListOptions.defaults().withLimit(3).withCursor("not a cursor!")))
                .isInstanceOf(InvalidCursorException.class);
    }

    @Test
    void aCursorOfAnotherQueryIsRefusedBeforeAnythingIsRead(RequestLog log) {
        String dallasCursor = rentals.list(SubtreeQuery.children(DALLAS), ListOptions.defaults().withLimit(3))
                .nextCursor();
        log.clear();

        assertThatThrownBy(() -> rentals.list(SubtreeQuery.children(PLANO),
                ListOptions.defaults().withLimit(3).withCursor(dallasCursor)))
                .isInstanceOf(InvalidCursorException.class).hasMessageContaining("another query");
        assertThatThrownBy(() -> rentals.list(SubtreeQuery.children(DALLAS),
                ListOptions.defaults().withLimit(3).withCursor(dallasCursor).inDescendingOrder()))
                .isInstanceOf(InvalidCursorException.class).hasMessageContaining("another query");
        assertThatThrownBy(() -> rentals.list(SubtreeQuery.children(DALLAS), ListOptions.defaults().withLimit(3)
                .withFilter(FILTERS.parse(List.of("eq-color=red"))).withCursor(dallasCursor)))
                .isInstanceOf(InvalidCursorException.class).hasMessageContaining("another query");
        assertThatThrownBy(() -> rentals.list(SubtreeQuery.selfAndDescendants(DALLAS),
                ListOptions.defaults().withLimit(3).withCursor(dallasCursor)))
                .isInstanceOf(InvalidCursorException.class).hasMessageContaining("another query");
        assertThat(log.calls()).isEmpty();
    }

    @Test
    void aCursorSignedByAnotherKeyIsRefused(DynamoDbClient client) {
        Adapter<Map<String, Object>> otherInstance = Adapter.create(rentals.declaration(), client);
        String foreign = otherInstance.list(SubtreeQuery.children(DALLAS), ListOptions.defaults().withLimit(3))
                .nextCursor();

        assertThatThrownBy(() -> rentals.list(SubtreeQuery.children(DALLAS),
                ListOptions.defaults().withLimit(3).withCursor(foreign)))
                .isInstanceOf(InvalidCursorException.class).hasMessageContaining("another key");
    }

    @Test
    void aCursorSurvivesAChangeOfPageSizeAndProjection() {
        ItemPage<Map<String, Object>> first = rentals.list(SubtreeQuery.children(DALLAS),
                ListOptions.defaults().withLimit(4));
        ItemPage<Map<String, Object>> second = rentals.list(SubtreeQuery.children(DALLAS),
                ListOptions.defaults().withLimit(2).withFields("vin").withCursor(first.nextCursor()));

        assertThat(second.items()).extracting(PaginationIT::label).containsExactly("V0004", "V0005");
    }
}
