package io.dynamodbtoolkit.mass;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.function.UnaryOperator;

import io.dynamodbtoolkit.adapter.ItemValidationException;
import io.dynamodbtoolkit.adapter.QueryPlan;
import io.dynamodbtoolkit.cursor.CursorCodec;
import io.dynamodbtoolkit.cursor.CursorState;
import io.dynamodbtoolkit.cursor.InvalidCursorException;
import io.dynamodbtoolkit.expression.IndexKeySchema;
import io.dynamodbtoolkit.expression.KeyAttribute;
import io.dynamodbtoolkit.expression.KeyCondition;
import io.dynamodbtoolkit.filter.FieldRule;
import io.dynamodbtoolkit.filter.Filter;
import io.dynamodbtoolkit.filter.FilterSpec;
import io.dynamodbtoolkit.key.InvalidKeyException;
import io.dynamodbtoolkit.key.KeyModel;
import io.dynamodbtoolkit.key.KeyValues;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.core.exception.SdkClientException;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.ScalarAttributeType;

/** What a mass run is told and what it hands back, without a server: options, scopes, cursors, swaps, tallies. */
class MassRunValuesTest {

    private static final KeyModel RENTALS = KeyModel.builder()
            .keyFields("state", "facility", "vin").structuralKey("_sk").technicalPrefix("_").build();
    private static final CursorCodec CODEC = CursorCodec.signed("a secret of sixteen bytes or more".getBytes());
    private static final Map<String, AttributeValue> KEY_A = Map.of("state", s("TX"), "_sk", s("TX|A"));
    private static final Map<String, AttributeValue> KEY_B = Map.of("state", s("TX"), "_sk", s("TX|B"));

    private static final IndexKeySchema TABLE_SCHEMA = IndexKeySchema.of("table rentals",
            List.of(new KeyAttribute("state", ScalarAttributeType.S)),
            List.of(new KeyAttribute("_sk", ScalarAttributeType.S)));

    private static AttributeValue s(String value) {
        return AttributeValue.fromS(value);
    }

    private static String binding(String operation, MassScope scope, MassOptions options) {
        PageProcessor nothing = (items, tally, previous) -> previous;
        return MassBinding.of("vehicles", "rentals", RENTALS, MassRunner.Work.of(operation, scope, nothing), options);
    }

    @Test
    void optionsRefuseLimitsOutOfRange() {
        assertThatThrownBy(() -> MassOptions.defaults().withMaxItems(-1)).isInstanceOf(IllegalArgumentException.class)
                .hasMessage("maxItems must be >= 0, pageSize and concurrency >= 1");
        assertThatThrownBy(() -> MassOptions.defaults().withPageSize(0)).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> MassOptions.defaults().withConcurrency(0))
                .isInstanceOf(IllegalArgumentException.class);
        assertThat(MassOptions.defaults().withMaxItems(0).withPageSize(1).withConcurrency(1))
                .extracting(MassOptions::maxItems, MassOptions::pageSize, MassOptions::concurrency)
                .containsExactly(0L, 1, 1);
    }

    @Test
    void eachOptionChangesItsOwnSettingOnly() {
        Filter open = FilterSpec.of(FieldRule.string("status")).parse(List.of("eq-status=open"));
        MassProgressListener listener = progress -> { };
        Instant asOf = Instant.parse("2026-01-01T00:00:00Z");

        MassOptions options = MassOptions.defaults().withMaxItems(10).withPageSize(20).withConcurrency(3)
                .withCursor("c").withFilter(open).withAsOf(asOf).withConditional(MassOptions.Conditional.IF_EXISTS)
                .confirmingUnscopedDelete().withListener(listener).withTarget("archive");

        assertThat(options).isEqualTo(new MassOptions(10, 20, 3, "c", open, asOf, MassOptions.Conditional.IF_EXISTS,
                true, listener, "archive"));
        assertThat(MassOptions.defaults()).isEqualTo(new MassOptions(0, 500, 4, null, Filter.empty(), null,
                MassOptions.Conditional.NONE, false, MassProgressListener.NONE, ""));
        assertThat(MassOptions.defaults().withFilter(null).withListener(null).withTarget(null))
                .isEqualTo(MassOptions.defaults());
    }

    @Test
    void aWholeTableScopeReadsOneToAThousandSegments() {
        assertThat(MassScope.wholeTable(1).scanSegments()).isEqualTo(1);
        assertThat(MassScope.wholeTable(MassScope.MAX_SCAN_SEGMENTS).isWholeTable()).isTrue();
        assertThatThrownBy(() -> MassScope.wholeTable(0)).isInstanceOf(IllegalArgumentException.class)
                .hasMessage("A Scan reads 1 to 1000 segments, not 0");
        assertThatThrownBy(() -> MassScope.wholeTable(MassScope.MAX_SCAN_SEGMENTS + 1))
                .isInstanceOf(IllegalArgumentException.class);
    }

    @Test
    void aCursorResumesWhereItsRunStoppedWithTheFailedKeysFirst() {
        MassCursor reading = new MassCursor("list-cursor", MassCursor.Stage.READING, List.of(KEY_A, KEY_B));

        String cursor = reading.encode("binding", CODEC);

        assertThat(cursor).endsWith(".list-cursor");
        assertThat(MassCursor.decode(cursor, "binding", CODEC)).isEqualTo(reading);
        MassCursor done = new MassCursor(null, MassCursor.Stage.DONE, List.of(KEY_A));
        assertThat(MassCursor.decode(done.encode("binding", CODEC), "binding", CODEC)).isEqualTo(done);
        assertThat(MassCursor.decode(MassCursor.START.encode("binding", CODEC), "binding", CODEC))
                .isEqualTo(MassCursor.START);
        assertThat(MassCursor.decode(null, "binding", CODEC)).isSameAs(MassCursor.START);
    }

    @Test
    void aRunThatReadEverythingAndFailedNothingHasNoCursor() {
        assertThat(new MassCursor(null, MassCursor.Stage.DONE, List.of()).encode("binding", CODEC)).isNull();
    }

    @Test
    void aCursorOfAnotherRunOrNoMassCursorIsRefused() {
        String cursor = new MassCursor("list-cursor", MassCursor.Stage.READING, List.of()).encode("binding", CODEC);
        String sealed = cursor.substring(0, cursor.indexOf('.'));

        assertThatThrownBy(() -> MassCursor.decode(cursor, "another binding", CODEC))
                .isInstanceOf(InvalidCursorException.class)
                .hasMessageStartingWith("The cursor cannot resume this mass operation: ");
        assertThatThrownBy(() -> MassCursor.decode(sealed + ".other-list-cursor", "binding", CODEC))
                .isInstanceOf(InvalidCursorException.class);
        assertThatThrownBy(() -> MassCursor.decode("no-separator", "binding", CODEC))
                .isInstanceOf(InvalidCursorException.class)
                .hasMessageStartingWith("The cursor cannot resume this mass operation: it is not the cursor of a mass"
                        + " operation's run");
    }

    @Test
    void aCursorWhoseStageDisagreesWithItsListCursorIsMalformed() {
        String readingWithoutPosition = new MassCursor(null, MassCursor.Stage.READING, List.of())
                .encode("binding", CODEC);
        String startedWithPosition = new MassCursor("x", MassCursor.Stage.START, List.of()).encode("binding", CODEC);

        assertThatThrownBy(() -> MassCursor.decode(readingWithoutPosition, "binding", CODEC))
                .isInstanceOf(InvalidCursorException.class)
                .hasMessageStartingWith("The cursor cannot resume this mass operation: it is malformed.");
        assertThatThrownBy(() -> MassCursor.decode(startedWithPosition, "binding", CODEC))
                .isInstanceOf(InvalidCursorException.class)
                .hasMessageStartingWith("The cursor cannot resume this mass operation: it is malformed.");
    }

    @Test
    void aCursorWithAStageOrAPositionNoRunWritesIsMalformed() {
        String list = "list-cursor";
        CursorState afterA = new CursorState(1, List.of(CursorState.Position.after(KEY_A)), List.of());

        assertThat(MassCursor.decode(sealedCursor(afterA, list), "binding", CODEC))
                .isEqualTo(new MassCursor(list, MassCursor.Stage.READING, List.of(KEY_A)));
        for (CursorState state : List.of(new CursorState(-1, List.of(), List.of()),
                new CursorState(MassCursor.Stage.values().length, List.of(), List.of()),
                new CursorState(1, List.of(CursorState.Position.after(KEY_A), CursorState.Position.done()),
                        List.of()),
                new CursorState(1, List.of(CursorState.Position.start()), List.of()))) {
            assertThatThrownBy(() -> MassCursor.decode(sealedCursor(state, list), "binding", CODEC))
                    .as("phase %s, positions %s", state.phase(), state.positions())
                    .isInstanceOf(InvalidCursorException.class)
                    .hasMessageStartingWith("The cursor cannot resume this mass operation: it is malformed.");
        }
    }

    /** @return a cursor sealing a state as a mass run's cursor of binding {@code binding} would */
    private static String sealedCursor(CursorState state, String listCursor) {
        return CODEC.encode(state, "mass|binding|" + listCursor) + "." + listCursor;
    }

    @Test
    void theBindingTellsRunsApartByEveryChoiceThatShapesThem() {
        Filter open = FilterSpec.of(FieldRule.string("status")).parse(List.of("eq-status=open"));
        String base = binding("delete", MassScope.wholeTable(), MassOptions.defaults());

        assertThat(binding("delete", MassScope.wholeTable(), MassOptions.defaults())).isEqualTo(base);
        assertThat(binding("clone", MassScope.wholeTable(), MassOptions.defaults())).isNotEqualTo(base);
        assertThat(binding("delete", MassScope.wholeTable(4), MassOptions.defaults())).isNotEqualTo(base);
        assertThat(binding("delete", MassScope.wholeTable(), MassOptions.defaults().withFilter(open)))
                .isNotEqualTo(base);
        assertThat(binding("delete", MassScope.wholeTable(), MassOptions.defaults().withFilter(open.withSearch("x"))))
                .isNotEqualTo(binding("delete", MassScope.wholeTable(), MassOptions.defaults().withFilter(open)));
        assertThat(binding("delete", MassScope.wholeTable(), MassOptions.defaults().withTarget("t")))
                .isNotEqualTo(base);
        assertThat(binding("delete", MassScope.wholeTable(),
                MassOptions.defaults().withConditional(MassOptions.Conditional.IF_EXISTS))).isNotEqualTo(base);
        assertThat(base).startsWith("operation:6:delete;");
    }

    @Test
    void theBindingOfAQueryPlanHoldsItsIndexAndEveryKeyConditionValuesIncluded() {
        KeyCondition texas = KeyCondition.partition("state", "TX");
        String dallas = binding("delete", MassScope.of(plan(null, texas.beginsWith("_sk", "TX|Dallas|"))),
                MassOptions.defaults());

        assertThat(binding("delete", MassScope.of(plan(null, texas.beginsWith("_sk", "TX|Dallas|"))),
                MassOptions.defaults())).isEqualTo(dallas);
        assertThat(binding("delete", MassScope.of(plan(null, texas.beginsWith("_sk", "TX|Austin|"))),
                MassOptions.defaults())).as("the range's value").isNotEqualTo(dallas);
        assertThat(binding("delete", MassScope.of(plan(null, texas.gt("_sk", "TX|Dallas|"))),
                MassOptions.defaults())).as("the range's operator").isNotEqualTo(dallas);
        assertThat(binding("delete", MassScope.of(plan(null, KeyCondition.partition("state", "OK")
                .beginsWith("_sk", "TX|Dallas|"))), MassOptions.defaults())).as("the partition's value")
                .isNotEqualTo(dallas);
        assertThat(binding("delete", MassScope.of(plan("byCity", texas.beginsWith("_sk", "TX|Dallas|"))),
                MassOptions.defaults())).as("the index").isNotEqualTo(dallas);
        assertThat(binding("delete", MassScope.of(plan(null, texas.eq("_sk", "TX|Dallas"))), MassOptions.defaults()))
                .as("a sort equality").isNotEqualTo(binding("delete", MassScope.of(plan(null,
                        texas.eq("_sk", "TX|Austin"))), MassOptions.defaults()));
        assertThat(binding("delete", MassScope.of(plan(null, texas, texas.beginsWith("_sk", "TX|Dallas|"))),
                MassOptions.defaults())).as("a segment more").isNotEqualTo(dallas);
        assertThat(dallas).isNotEqualTo(binding("delete", MassScope.wholeTable(), MassOptions.defaults()));
    }

    @Test
    void theBindingTellsApartTheOrderTheAdapterAndTheFilterValues() {
        PageProcessor nothing = (items, tally, previous) -> previous;
        MassRunner.Work work = MassRunner.Work.of("delete", MassScope.wholeTable(), nothing);
        String base = MassBinding.of("vehicles", "rentals", RENTALS, work, MassOptions.defaults());
        KeyModel flat = KeyModel.builder().keyFields("state", "vin").build();
        FilterSpec status = FilterSpec.of(FieldRule.string("status"));

        assertThat(MassBinding.of("vehicles", "rentals", RENTALS, work.inDescendingOrder(), MassOptions.defaults()))
                .isNotEqualTo(base);
        assertThat(MassBinding.of("cars", "rentals", RENTALS, work, MassOptions.defaults())).isNotEqualTo(base);
        assertThat(MassBinding.of("vehicles", "archive", RENTALS, work, MassOptions.defaults())).isNotEqualTo(base);
        assertThat(MassBinding.of("vehicles", "rentals", flat, work, MassOptions.defaults())).isNotEqualTo(base);
        assertThat(MassBinding.of("vehicles", "rentals", RENTALS, work.towards("fields"), MassOptions.defaults()))
                .isNotEqualTo(base);
        assertThat(binding("delete", MassScope.wholeTable(), MassOptions.defaults()
                .withFilter(status.parse(List.of("eq-status=open"))))).isNotEqualTo(binding("delete",
                MassScope.wholeTable(), MassOptions.defaults().withFilter(status.parse(List.of("eq-status=closed")))));
    }

    @Test
    void aScopeIsAQueryPlanOrTheWholeTableInSegmentsNeverBoth() {
        QueryPlan texas = plan(null, KeyCondition.partition("state", "TX"));

        assertThat(MassScope.of(texas).isWholeTable()).isFalse();
        assertThat(MassScope.of(texas).requirePlan()).isSameAs(texas);
        assertThat(MassScope.wholeTable().isWholeTable()).isTrue();
        assertThatThrownBy(() -> new MassScope(texas, 2)).isInstanceOf(IllegalArgumentException.class)
                .hasMessage("Scan segments are for the whole table, not a query plan");
        assertThatThrownBy(() -> MassScope.wholeTable().requirePlan()).isInstanceOf(NullPointerException.class)
                .hasMessage("the whole table is read without a query plan");
    }

    private static QueryPlan plan(String index, KeyCondition... segments) {
        return new QueryPlan(index, TABLE_SCHEMA, List.of(segments), List.of("state", "_sk"), false, false);
    }

    @Test
    void aPrefixSwapMovesTheItemsUnderOnePrefixToAnother() {
        PrefixSwap swap = PrefixSwap.of(RENTALS, KeyValues.of("state", "TX", "facility", "Dallas"),
                KeyValues.of("state", "TX", "facility", "Austin"));

        assertThat(swap.apply(Map.of("state", s("TX"), "facility", s("Dallas"), "vin", s("1H"), "color", s("red"))))
                .isEqualTo(Map.of("state", s("TX"), "facility", s("Austin"), "vin", s("1H"), "color", s("red")));
        assertThatThrownBy(() -> swap.apply(Map.of("state", s("TX"), "facility", s("Waco"), "vin", s("1H"))))
                .isInstanceOf(InvalidKeyException.class)
                .hasMessage("Item {state=" + s("TX") + ", facility=" + s("Waco") + ", vin=" + s("1H")
                        + "} is not under {state=" + s("TX") + ", facility=" + s("Dallas")
                        + "}, so its prefix cannot be swapped");
        assertThatThrownBy(() -> swap.apply(Map.of("state", s("TX")))).isInstanceOf(InvalidKeyException.class);
        assertThat(swap).hasToString("swap {state=" + s("TX") + ", facility=" + s("Dallas") + "} -> {state="
                + s("TX") + ", facility=" + s("Austin") + "}");
        assertThat(MassBinding.targetOf(swap)).contains("value").isNotEqualTo(MassBinding.targetOf(PrefixSwap.of(
                RENTALS, KeyValues.of("state", "TX"), KeyValues.of("state", "OK"))));
        assertThat(MassBinding.targetOf(swap)).as("the prefix moved from").isNotEqualTo(MassBinding.targetOf(
                PrefixSwap.of(RENTALS, KeyValues.of("state", "TX", "facility", "Waco"),
                        KeyValues.of("state", "TX", "facility", "Austin"))));
        assertThat(MassBinding.targetOf(UnaryOperator.identity())).isEmpty();
    }

    @Test
    void aPrefixSwapChangesTheSameFieldsToOtherValues() {
        assertThatThrownBy(() -> PrefixSwap.of(RENTALS, KeyValues.of("state", "TX"),
                KeyValues.of("state", "TX", "facility", "Austin"))).isInstanceOf(InvalidKeyException.class)
                .hasMessage("A prefix swap replaces the same key fields: [state] cannot become [state, facility]");
        assertThatThrownBy(() -> PrefixSwap.of(RENTALS, KeyValues.of("state", "TX"), KeyValues.of("state", "TX")))
                .isInstanceOf(InvalidKeyException.class)
                .hasMessage("A prefix swap from {state=TX} to itself changes nothing");
    }

    @Test
    void theTallyCountsEachOutcomeAndNamesTheFailureThatStopsTheRun() {
        MassTally tally = new MassTally();
        IllegalStateException broken = new IllegalStateException("broken");
        tally.read(5);
        tally.processed(2);
        tally.skipped();
        tally.skipped(2);
        tally.failed(KEY_A, "invalid", new ItemValidationException("invalid"));
        tally.failed(KEY_A, "again", SdkClientException.create("network"));
        tally.failed(KEY_B, "broken", broken);
        tally.conflict(KEY_B, "changed");

        assertThat(tally.readCount()).isEqualTo(5);
        assertThat(tally.failedCount()).isEqualTo(3);
        assertThat(tally.failedKeys()).containsExactly(KEY_A, KEY_B);
        assertThat(tally.stopper()).extracting(MassFailure::cause).isSameAs(broken);
        assertThat(tally.progress("vehicles", "delete", Duration.ofSeconds(1)))
                .isEqualTo(new MassProgress("vehicles", "delete", 5, 2, 3, 4, Duration.ofSeconds(1)));
        MassResult result = tally.result("next", broken);
        assertThat(result).extracting(MassResult::processed, MassResult::skipped).containsExactly(2L, 3L);
        assertThat(result.failed()).hasSize(3);
        assertThat(result.conflicts()).containsExactly(new MassConflict(KEY_B, "changed"));
        assertThat(result.isComplete()).isFalse();
        assertThat(result.next()).contains("next");
        assertThat(result.stopped()).contains(broken);
        assertThat(tally.pageResult()).isEqualTo(new MassPageResult(2, 3, result.failed(), result.conflicts()));
        assertThat(tally.pageResult().succeeded()).as("items failed").isFalse();
        assertThat(new MassPageResult(2, 3, List.of(), result.conflicts()).succeeded())
                .as("conflicts and skips are outcomes, not failures").isTrue();
    }

    @Test
    void progressRatesTheItemsReadPerSecondOfTheRunSoFar() {
        assertThat(new MassProgress("vehicles", "delete", 10, 4, 1, 0, Duration.ofSeconds(4)).ratePerSecond())
                .isEqualTo(2.5);
        assertThat(new MassProgress("vehicles", "delete", 10, 4, 1, 0, Duration.ofMillis(500)).ratePerSecond())
                .isEqualTo(20.0);
        assertThat(new MassProgress("vehicles", "delete", 10, 4, 1, 0, Duration.ZERO).ratePerSecond())
                .as("no time elapsed yet").isZero();
    }

    @Test
    void aUniqueReportIsCleanOnlyWithNoDuplicateNoUnguardedRowNoMisdirectedAndNoOrphanGuard() {
        Map<String, List<Map<String, AttributeValue>>> duplicate = Map.of("\"P1\"", List.of(KEY_A, KEY_B));

        assertThat(new UniqueReport("plate", 2, Map.of(), List.of(), Map.of(), Map.of()).isClean()).isTrue();
        assertThat(new UniqueReport("plate", 2, duplicate, List.of(), Map.of(), Map.of()).isClean()).isFalse();
        assertThat(new UniqueReport("plate", 2, Map.of(), List.of(KEY_A), Map.of(), Map.of()).isClean()).isFalse();
        assertThat(new UniqueReport("plate", 2, Map.of(), List.of(), Map.of(KEY_A, KEY_B), Map.of()).isClean())
                .isFalse();
        assertThat(new UniqueReport("plate", 2, Map.of(), List.of(), Map.of(), Map.of(KEY_A, KEY_B)).isClean())
                .isFalse();
    }

    @Test
    void aRunWithoutCursorIsCompleteAndOnlyAPermanentFailureStopsIt() {
        MassResult done = new MassTally().result(null, null);

        assertThat(done.isComplete()).isTrue();
        assertThat(done.next()).isEmpty();
        assertThat(done.stopped()).isEmpty();
        assertThat(new MassTally().stopper()).isNull();
        assertThat(new MassFailure(KEY_A, null, SdkClientException.create("network")).stopsRun()).isFalse();
        assertThat(new MassFailure(KEY_A, null, SdkClientException.create("network")).retryable()).isTrue();
        assertThat(new MassFailure(KEY_A, null, new ItemValidationException("invalid")).stopsRun()).isFalse();
        assertThat(new MassFailure(KEY_A, null, new ItemValidationException("invalid")).retryable()).isFalse();
        assertThat(new MassFailure(KEY_A, null, new IllegalStateException("broken")).stopsRun()).isTrue();
    }
}
