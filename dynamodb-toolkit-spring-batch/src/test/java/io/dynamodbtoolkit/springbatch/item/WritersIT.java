package io.dynamodbtoolkit.springbatch.item;

import static io.dynamodbtoolkit.springbatch.Fleet.AUSTIN;
import static io.dynamodbtoolkit.springbatch.Fleet.DALLAS;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

import io.dynamodbtoolkit.adapter.Adapter;
import io.dynamodbtoolkit.adapter.Hooks;
import io.dynamodbtoolkit.adapter.ItemValidationException;
import io.dynamodbtoolkit.adapter.ListOptions;
import io.dynamodbtoolkit.adapter.WriteKind;
import io.dynamodbtoolkit.key.KeyValues;
import io.dynamodbtoolkit.key.SubtreeQuery;
import io.dynamodbtoolkit.mass.MassOptions;
import io.dynamodbtoolkit.springbatch.Fleet;
import io.dynamodbtoolkit.test.DynamoDbEndpoint;
import io.dynamodbtoolkit.test.DynamoDbTest;
import io.dynamodbtoolkit.test.TestTables;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.springframework.batch.core.scope.context.StepSynchronizationManager;
import org.springframework.batch.core.step.StepExecution;
import org.springframework.batch.infrastructure.item.Chunk;
import org.springframework.batch.infrastructure.item.ExecutionContext;
import org.springframework.batch.test.MetaDataInstanceFactory;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/** The writers' outcomes, as an operator sees them in the step, and their failures, which fail the chunk. */
@DynamoDbTest
class WritersIT {

    private DynamoDbClient client;
    private Adapter<Map<String, Object>> rentals;
    private StepExecution step;
    private boolean isolatedWrites;

    @BeforeEach
    void load(DynamoDbClient dynamo, TestTables tables, DynamoDbEndpoint endpoint) {
        client = dynamo;
        isolatedWrites = endpoint.isolatesConcurrentWrites();
        rentals = Fleet.create(dynamo, tables, "writers");
        Fleet.load(rentals, Map.of("Dallas", 30, "Dallasville", 5));
        step = MetaDataInstanceFactory.createStepExecution();
        StepSynchronizationManager.register(step);
    }

    @AfterEach
    void release() {
        StepSynchronizationManager.close();
    }

    @Test
    void aMoveWriterCountsWhatItMovedAndReportsATakenTargetAsAConflict() {
        rentals.post(Fleet.item("state", "TX", "facility", "Austin", "vin", "DA0003", "note", "already here"));
        MoveItemWriter writer = MoveItemWriter.prefixSwap(rentals, DALLAS, AUSTIN);
        writer.setName("move");

        writer.write(new Chunk<>(stored(DALLAS).subList(1, 11)));

        ExecutionContext counters = step.getExecutionContext();
        assertThat(counters.getLong("move.processed")).isEqualTo(9);
        assertThat(counters.getLong("move.conflicts")).isEqualTo(1);
        assertThat(counters.getLong("move.skipped")).isZero();
        assertThat(Fleet.keysUnder(rentals, DALLAS)).contains("TX|Dallas|DA0003").hasSize(31 - 9);
        assertThat(rentals.get(KeyValues.of("state", "TX", "facility", "Austin", "vin", "DA0003")).orElseThrow())
                .containsEntry("note", "already here");
    }

    @Test
    void aFailedItemFailsTheChunkNamingItAndARedoAfterTheCauseIsGoneCompletesIt() {
        Set<String> refused = ConcurrentHashMap.newKeySet();
        refused.add("TX|Dallas|DA0004");
        Adapter<Map<String, Object>> guarded = Fleet.withHooks(rentals, Hooks.NONE.withValidator((item, kind) -> {
            if (kind == WriteKind.BATCH_DELETE && refused.contains(item.get("_sk").s())) {
                throw new ItemValidationException("DA0004 is on hold");
            }
        }), client);
        DeleteItemWriter writer = new DeleteItemWriter(guarded);
        List<Map<String, AttributeValue>> chunk = stored(DALLAS).subList(1, 11);

        assertThatThrownBy(() -> writer.write(new Chunk<>(chunk))).isInstanceOf(MassWriteFailedException.class)
                .hasMessageContaining("delete failed for 1 item(s) of the chunk (9 written")
                .hasMessageContaining("TX|Dallas|DA0004").hasMessageContaining("DA0004 is on hold")
                .satisfies(e -> assertThat(((MassWriteFailedException) e).retryable()).isFalse());
        assertThat(step.getExecutionContext().containsKey("DeleteItemWriter.processed")).as("nothing counted")
                .isFalse();

        refused.clear();
        writer.write(new Chunk<>(chunk));

        assertThat(step.getExecutionContext().getLong("DeleteItemWriter.processed")).isEqualTo(10);
        assertThat(Fleet.keysUnder(rentals, DALLAS)).hasSize(21).doesNotContain("TX|Dallas|DA0004");
    }

    @Test
    void anIfNotExistsCopyWriterLeavesATakenTargetAloneAndCountsItSkipped() {
        CopyItemWriter writer = CopyItemWriter.prefixSwap(rentals, DALLAS, AUSTIN);
        // a taken target cancels a conditional copy's transaction: where that can undo its neighbours' (moto), the
        // copies go one at a time
        writer.setOptions(MassOptions.defaults().withConditional(MassOptions.Conditional.IF_NOT_EXISTS)
                .withConcurrency(isolatedWrites ? MassOptions.defaults().concurrency() : 1));
        writer.write(new Chunk<>(stored(DALLAS).subList(0, 4)));

        writer.write(new Chunk<>(stored(DALLAS)));

        // Austin's own row was there before: the copy of Dallas's row is left out both times
        assertThat(step.getExecutionContext().getLong("CopyItemWriter.processed")).isEqualTo(30);
        assertThat(step.getExecutionContext().getLong("CopyItemWriter.skipped")).isEqualTo(1 + 4);
        assertThat(Fleet.keysUnder(rentals, AUSTIN)).hasSize(31);
        assertThat(rentals.get(AUSTIN).orElseThrow()).doesNotContainKey("city");
    }

    @Test
    void aGuardedDeleteWriterRefusesAChunkOutsideItsNode() {
        GuardedDeleteItemWriter writer = new GuardedDeleteItemWriter(rentals, DALLAS);

        assertThatThrownBy(() -> writer.write(new Chunk<>(stored(KeyValues.of("state", "TX", "facility",
                "Dallasville"))))).isInstanceOf(IllegalArgumentException.class).hasMessageContaining("not under node");
        writer.write(new Chunk<>(stored(DALLAS)));

        assertThat(Fleet.keysUnder(rentals, DALLAS)).containsExactly("TX|Dallas");
        assertThat(step.getExecutionContext().getLong("GuardedDeleteItemWriter.skipped")).isEqualTo(1);
    }

    @Test
    void aPutWriterRewritesTheItemsInPlaceWithTheirIndexAttributes() {
        client.putItem(put -> put.tableName(rentals.table()).item(Map.of("state", AttributeValue.fromS("TX"),
                "_sk", AttributeValue.fromS("TX|Houston"), "facility", AttributeValue.fromS("Houston"),
                "kind", AttributeValue.fromS("facility"))));
        PutItemWriter writer = new PutItemWriter(rentals);

        writer.write(new Chunk<>(stored(Fleet.TEXAS)));

        assertThat(step.getExecutionContext().getLong("PutItemWriter.processed")).isEqualTo(1 + 1 + 31 + 6 + 1);
        assertThat(rentals.stored().read(Map.of("state", AttributeValue.fromS("TX"),
                "_sk", AttributeValue.fromS("TX|Houston")))).containsKey("_facilityMarker");
    }

    @Test
    void anEditWriterWritesOnlyWhatChanges() {
        EditItemWriter<Map<String, Object>> writer = new EditItemWriter<>(rentals, row -> {
            row.put("checked", true);
            return row;
        });
        writer.write(new Chunk<>(stored(DALLAS)));
        writer.write(new Chunk<>(stored(DALLAS)));

        assertThat(step.getExecutionContext().getLong("EditItemWriter.processed")).isEqualTo(31);
        assertThat(step.getExecutionContext().getLong("EditItemWriter.skipped")).isEqualTo(31);
    }

    @Test
    void aBackfillWriterBringsAnIndexsAttributesOntoOlderItems() {
        client.putItem(put -> put.tableName(rentals.table()).item(Map.of("state", AttributeValue.fromS("TX"),
                "_sk", AttributeValue.fromS("TX|Houston"), "facility", AttributeValue.fromS("Houston"),
                "kind", AttributeValue.fromS("facility"))));
        List<Map<String, AttributeValue>> texas = stored(Fleet.TEXAS);
        BackfillItemWriter writer = new BackfillItemWriter(rentals, "all-facilities");

        writer.write(new Chunk<>(texas));

        assertThat(step.getExecutionContext().getLong("BackfillItemWriter.processed")).isEqualTo(1);
        assertThat(rentals.stored().read(Map.of("state", AttributeValue.fromS("TX"),
                "_sk", AttributeValue.fromS("TX|Houston")))).containsKey("_facilityMarker");
        assertThatThrownBy(() -> new BackfillItemWriter(rentals, "no-such-index"))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("no-such-index");
    }

    private List<Map<String, AttributeValue>> stored(KeyValues node) {
        return rentals.stored().page(rentals.plan(SubtreeQuery.selfAndDescendants(node)),
                ListOptions.defaults().consistently()).items();
    }
}
