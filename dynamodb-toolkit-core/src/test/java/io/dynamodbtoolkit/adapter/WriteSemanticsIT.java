package io.dynamodbtoolkit.adapter;

import static io.dynamodbtoolkit.adapter.Rentals.item;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.math.BigDecimal;
import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.HashMap;
import java.util.Map;

import io.dynamodbtoolkit.expression.Condition;
import io.dynamodbtoolkit.expression.Update;
import io.dynamodbtoolkit.key.KeyModel;
import io.dynamodbtoolkit.key.KeyValues;
import io.dynamodbtoolkit.test.DynamoDbTest;
import io.dynamodbtoolkit.test.RequestLog;
import io.dynamodbtoolkit.test.TableSpec;
import io.dynamodbtoolkit.test.TestTables;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.ReturnValue;
import software.amazon.awssdk.services.dynamodb.model.ScalarAttributeType;

/**
 * Every write operation against an absent item, a present one, a matching version and a mismatching version,
 * on a real server.
 */
@DynamoDbTest
class WriteSemanticsIT {

    private static final KeyValues DALLAS = KeyValues.of("state", "TX", "facility", "Dallas");
    private static final KeyValues AUSTIN = KeyValues.of("state", "TX", "facility", "Austin");
    private static final Instant NOW = Instant.parse("2026-11-30T00:00:00Z");

    private static final TableSpec TABLE = TableSpec.named("sites").partitionKey("state", ScalarAttributeType.S)
            .sortKey("_sk", ScalarAttributeType.S);

    private DynamoDbClient client;
    private Adapter<Map<String, Object>> sites;

    @BeforeEach
    void createTable(DynamoDbClient client, TestTables tables) {
        this.client = client;
        KeyModel keys = KeyModel.builder().keyFields("state", "facility").structuralKey("_sk").technicalPrefix("_")
                .typeLabels("state", "facility").typeField("kind").versionField("_version")
                .createdAtField("_createdAt").build();
        sites = Adapter.create(AdapterDeclaration.builder(ItemMapper.documents()).table(tables.create(TABLE))
                .keys(keys).build(), client, AdapterOptions.defaults().withClock(Clock.fixed(NOW, ZoneOffset.UTC)));
    }

    private Map<String, Object> dallas(Object... more) {
        Map<String, Object> item = item("state", "TX", "facility", "Dallas");
        item.putAll(item(more));
        return item;
    }

    private Map<String, AttributeValue> stored(KeyValues key) {
        return client.getItem(b -> b.tableName(sites.table()).key(sites.keys().codec().primaryKeyFromKeyValues(key)).consistentRead(true))
                .item();
    }

    private static long version(Map<String, Object> item) {
        return ((BigDecimal) item.get("_version")).longValue();
    }

    @Nested
    class Post {
        @Test
        void createsAnAbsentItemAtVersionOneWithCreatedAtAndTypeField() {
            Map<String, Object> written = sites.post(dallas("city", "Dallas"));

            assertThat(version(written)).isEqualTo(1);
            assertThat(stored(DALLAS)).containsEntry("_sk", AttributeValue.fromS("TX|Dallas"))
                    .containsEntry("kind", AttributeValue.fromS("facility"))
                    .containsEntry("_createdAt", AttributeValue.fromN(Long.toString(NOW.toEpochMilli())));
        }

        @Test
        void refusesAPresentItemAndReturnsIt() {
            sites.post(dallas("city", "Dallas"));

            assertThatThrownBy(() -> sites.post(dallas("city", "Other")))
                    .isInstanceOfSatisfying(ItemAlreadyExistsException.class, e -> assertThat(e.current().orElseThrow())
                            .containsEntry("city", AttributeValue.fromS("Dallas")).doesNotContainKey("_sk"));
            assertThat(stored(DALLAS)).containsEntry("city", AttributeValue.fromS("Dallas"));
        }

        @Test
        void ignoresCallerWrittenTechnicalFields() {
            Map<String, Object> written = sites.post(dallas("_sk", "forged", "_version", 7, "_marker", "x"));

            assertThat(version(written)).isEqualTo(1);
            assertThat(stored(DALLAS)).containsEntry("_sk", AttributeValue.fromS("TX|Dallas")).doesNotContainKey("_marker");
        }
    }

    @Nested
    class Put {
        @Test
        void refusesAnAbsentItem() {
            assertThatThrownBy(() -> sites.put(dallas("_version", 1))).isInstanceOf(ItemNotFoundException.class);
            assertThat(stored(DALLAS)).isEmpty();
        }

        @Test
        void replacesAtTheObservedVersionAndBumpsIt() {
            Map<String, Object> read = sites.post(dallas("city", "Dallas", "old", "x"));

            Map<String, Object> replaced = sites.put(dallas("city", "Big D", "_version", version(read),
                    "_createdAt", read.get("_createdAt")));

            assertThat(version(replaced)).isEqualTo(2);
            assertThat(stored(DALLAS)).containsEntry("city", AttributeValue.fromS("Big D")).doesNotContainKey("old")
                    .containsEntry("_createdAt", AttributeValue.fromN(Long.toString(NOW.toEpochMilli())));
        }

        @Test
        void refusesAMismatchingVersion() {
            sites.post(dallas("city", "Dallas"));
            sites.patch(DALLAS, Map.of("city", "Moved on"));

            assertThatThrownBy(() -> sites.put(dallas("city", "Stale", "_version", 1)))
                    .isInstanceOfSatisfying(VersionConflictException.class, e -> {
                        assertThat(e.expectedVersion()).isEqualTo(1);
                        assertThat(e.actualVersion()).isEqualTo(2);
                    });
            assertThat(stored(DALLAS)).containsEntry("city", AttributeValue.fromS("Moved on"));
        }

        @Test
        void needsTheObservedVersionOfAVersionedItem() {
            assertThatThrownBy(() -> sites.put(dallas("city", "x")))
                    .isInstanceOf(IllegalArgumentException.class)
                    .hasMessageContaining("needs the version it was read at ('_version')");
        }

        @Test
        void returnsTheOldItemWhenAsked() {
            sites.post(dallas("city", "Dallas"));

            WriteResult<Map<String, Object>> result = sites.put(dallas("city", "Big D", "_version", 1),
                    WriteOptions.defaults().withReturnValues(ReturnValue.ALL_OLD));

            assertThat(result.returned()).containsEntry("city", AttributeValue.fromS("Dallas")).doesNotContainKey("_sk");
        }
    }

    @Nested
    class PutForce {
        @Test
        void createsAnAbsentItemWithoutVersion() {
            assertThat(version(sites.putForce(dallas("city", "Dallas")))).isEqualTo(1);
        }

        @Test
        void replacesAtTheObservedVersion() {
            sites.post(dallas("city", "Dallas"));

            assertThat(version(sites.putForce(dallas("city", "Big D", "_version", 1)))).isEqualTo(2);
        }

        @Test
        void refusesAMismatchingVersionAndAVersionlessOverwrite() {
            sites.post(dallas("city", "Dallas"));

            assertThatThrownBy(() -> sites.putForce(dallas("_version", 5))).isInstanceOf(VersionConflictException.class);
            assertThatThrownBy(() -> sites.putForce(dallas("city", "x"))).isInstanceOf(ItemAlreadyExistsException.class);
        }
    }

    @Nested
    class Patch {
        @Test
        void neverCreatesAnAbsentItem() {
            assertThatThrownBy(() -> sites.patch(DALLAS, Map.of("city", "Dallas")))
                    .isInstanceOf(ItemNotFoundException.class);
            assertThat(stored(DALLAS)).isEmpty();
        }

        @Test
        void neverRecreatesADeletedItem() {
            sites.post(dallas("city", "Dallas"));
            assertThat(sites.delete(DALLAS)).isTrue();

            assertThatThrownBy(() -> sites.patch(DALLAS, Map.of("city", "Ghost"), Update.empty(),
                    WriteOptions.defaults().withExpectedVersion(1))).isInstanceOf(ItemNotFoundException.class);
            assertThat(stored(DALLAS)).isEmpty();
        }

        @Test
        void updatesChangesBumpsTheVersionAndIgnoresKeyFields() {
            sites.post(dallas("city", "Dallas", "gone", "x"));
            Map<String, Object> changes = new HashMap<>(Map.of("city", "Big D", "facility", "Elsewhere"));
            changes.put("gone", null);

            Map<String, Object> patched = sites.patch(DALLAS, changes);

            assertThat(version(patched)).isEqualTo(2);
            assertThat(patched).containsEntry("city", "Big D").containsEntry("facility", "Dallas")
                    .doesNotContainKey("gone");
        }

        @Test
        void checksAnExpectedVersion() {
            sites.post(dallas("city", "Dallas"));

            sites.patch(DALLAS, Map.of("city", "A"), Update.empty(), WriteOptions.defaults().withExpectedVersion(1));
            assertThatThrownBy(() -> sites.patch(DALLAS, Map.of("city", "B"), Update.empty(),
                    WriteOptions.defaults().withExpectedVersion(1))).isInstanceOf(VersionConflictException.class);
            assertThat(stored(DALLAS)).containsEntry("city", AttributeValue.fromS("A"));
        }

        @Test
        void appliesUpdateActionsAndExtraConditions() {
            sites.post(dallas("city", "Dallas", "cars", 1));

            WriteResult<Map<String, Object>> result = sites.patch(DALLAS, Map.of(), Update.empty().increment("cars", 2),
                    WriteOptions.defaults().withCondition(Condition.attribute("city").eq("Dallas")));
            assertThat(result.item()).containsEntry("cars", new BigDecimal(3));

            assertThatThrownBy(() -> sites.patch(DALLAS, Map.of("city", "x"), Update.empty(),
                    WriteOptions.defaults().withCondition(Condition.attribute("city").eq("Houston"))))
                    .isInstanceOfSatisfying(ConditionFailedException.class, e -> assertThat(e.current().orElseThrow())
                            .containsEntry("cars", AttributeValue.fromN("3")));
        }
    }

    @Nested
    class Delete {
        @Test
        void isIdempotentOnAnAbsentItem() {
            assertThat(sites.delete(DALLAS)).isFalse();
        }

        @Test
        void deletesAPresentItem() {
            sites.post(dallas());

            assertThat(sites.delete(DALLAS)).isTrue();
            assertThat(stored(DALLAS)).isEmpty();
        }

        @Test
        void checksAnExpectedVersion() {
            sites.post(dallas());
            sites.patch(DALLAS, Map.of("city", "x"));

            assertThatThrownBy(() -> sites.delete(DALLAS, WriteOptions.defaults().withExpectedVersion(1)))
                    .isInstanceOf(VersionConflictException.class);
            assertThat(stored(DALLAS)).isNotEmpty();
            sites.delete(DALLAS, WriteOptions.defaults().withExpectedVersion(2));
            assertThat(stored(DALLAS)).isEmpty();
        }

        @Test
        void withAnExpectedVersionAnAbsentItemIsNotFound() {
            assertThatThrownBy(() -> sites.delete(DALLAS, WriteOptions.defaults().withExpectedVersion(1)))
                    .isInstanceOf(ItemNotFoundException.class);
        }
    }

    @Nested
    class Edit {
        @Test
        void refusesAnAbsentItem() {
            assertThatThrownBy(() -> sites.edit(DALLAS, item -> item)).isInstanceOf(ItemNotFoundException.class);
        }

        @Test
        void writesOnlyTheChangedAttributes(RequestLog log) {
            sites.post(dallas("city", "Dallas", "cars", 3, "note", "old"));
            log.clear();

            WriteResult<Map<String, Object>> result = sites.edit(DALLAS, item -> {
                item.put("city", "Big D");
                item.remove("note");
                return item;
            });

            assertThat(result.written()).isTrue();
            assertThat(version(result.item())).isEqualTo(2);
            var update = log.calls("UpdateItem").get(0).request(
                    software.amazon.awssdk.services.dynamodb.model.UpdateItemRequest.class);
            assertThat(update.expressionAttributeNames()).containsValues("city", "note", "_version")
                    .doesNotContainValue("cars");
            assertThat(stored(DALLAS)).containsEntry("city", AttributeValue.fromS("Big D")).doesNotContainKey("note")
                    .containsEntry("cars", AttributeValue.fromN("3"));
        }

        @Test
        void writesNothingWhenNothingChanges(RequestLog log) {
            sites.post(dallas("city", "Dallas"));
            log.clear();

            WriteResult<Map<String, Object>> result = sites.edit(DALLAS, item -> item);

            assertThat(result.written()).isFalse();
            assertThat(log.calls("UpdateItem")).isEmpty();
            assertThat(version(sites.get(DALLAS).orElseThrow())).isEqualTo(1);
        }

        @Test
        void refusesAConcurrentChange() {
            sites.post(dallas("city", "Dallas"));

            assertThatThrownBy(() -> sites.edit(DALLAS, item -> {
                sites.patch(DALLAS, Map.of("city", "Sneaky"));
                item.put("city", "Mine");
                return item;
            })).isInstanceOf(VersionConflictException.class);
            assertThat(stored(DALLAS)).containsEntry("city", AttributeValue.fromS("Sneaky"));
        }

        @Test
        void refusesAKeyChangeUnlessAllowedThenMoves() {
            sites.post(dallas("city", "Dallas"));

            assertThatThrownBy(() -> sites.edit(DALLAS, item -> {
                item.put("facility", "Austin");
                return item;
            })).isInstanceOf(IllegalArgumentException.class).hasMessageContaining("keys are identity");

            sites.edit(DALLAS, item -> {
                item.put("facility", "Austin");
                return item;
            }, true);
            assertThat(stored(DALLAS)).isEmpty();
            assertThat(stored(AUSTIN)).containsEntry("city", AttributeValue.fromS("Dallas"))
                    .containsEntry("_version", AttributeValue.fromN("2"));
        }
    }

    @Nested
    class CloneAndMove {
        @Test
        void cloneCreatesAFreshCopy() {
            sites.post(dallas("city", "Dallas"));
            sites.patch(DALLAS, Map.of("cars", 4));

            Map<String, Object> copy = sites.clone(DALLAS, item -> {
                item.put("facility", "Austin");
                return item;
            });

            assertThat(version(copy)).isEqualTo(1);
            assertThat(stored(AUSTIN)).containsEntry("cars", AttributeValue.fromN("4"));
            assertThat(stored(DALLAS)).isNotEmpty();
        }

        @Test
        void cloneRefusesAnExistingTargetAndAnAbsentSource() {
            sites.post(dallas());
            sites.post(item("state", "TX", "facility", "Austin"));

            assertThatThrownBy(() -> sites.clone(DALLAS, item -> {
                item.put("facility", "Austin");
                return item;
            })).isInstanceOf(ItemAlreadyExistsException.class);
            assertThatThrownBy(() -> sites.clone(KeyValues.of("state", "TX", "facility", "Nowhere"), item -> item))
                    .isInstanceOf(ItemNotFoundException.class);
        }

        @Test
        void moveCreatesTheTargetAndDeletesTheSourceInOneTransaction() {
            sites.post(dallas("city", "Dallas"));

            Map<String, Object> moved = sites.move(DALLAS, item -> {
                item.put("facility", "Austin");
                return item;
            });

            assertThat(version(moved)).isEqualTo(2);
            assertThat(stored(DALLAS)).isEmpty();
            assertThat(stored(AUSTIN)).containsEntry("_sk", AttributeValue.fromS("TX|Austin"))
                    .containsEntry("_createdAt", AttributeValue.fromN(Long.toString(NOW.toEpochMilli())));
        }

        @Test
        void moveOntoAnExistingTargetChangesNothing() {
            sites.post(dallas("city", "Dallas"));
            sites.post(item("state", "TX", "facility", "Austin", "city", "Austin"));

            assertThatThrownBy(() -> sites.move(DALLAS, item -> {
                item.put("facility", "Austin");
                return item;
            })).isInstanceOf(ItemAlreadyExistsException.class);
            assertThat(stored(DALLAS)).isNotEmpty();
            assertThat(stored(AUSTIN)).containsEntry("city", AttributeValue.fromS("Austin"));
        }

        @Test
        void moveToTheSameKeyIsAnError() {
            sites.post(dallas());

            assertThatThrownBy(() -> sites.move(DALLAS, item -> item))
                    .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("same key");
        }
    }

    @Nested
    class Unversioned {
        private Adapter<Map<String, Object>> plain;

        @BeforeEach
        void createPlainAdapter(TestTables tables) {
            KeyModel keys = KeyModel.builder().keyFields("state", "facility").structuralKey("_sk").technicalPrefix("_")
                    .build();
            plain = Adapter.create(AdapterDeclaration.builder(ItemMapper.documents()).table(tables.create(TABLE))
                    .keys(keys).build(), client);
        }

        @Test
        void putNeedsAnExistingItemAndPutForceDoesNot() {
            assertThatThrownBy(() -> plain.put(dallas("city", "x"))).isInstanceOf(ItemNotFoundException.class);
            plain.putForce(dallas("city", "first"));
            plain.putForce(dallas("city", "second"));
            assertThat(plain.put(dallas("city", "third"))).containsEntry("city", "third");
        }

        @Test
        void patchNeverUpserts() {
            assertThatThrownBy(() -> plain.patch(DALLAS, Map.of("city", "x"))).isInstanceOf(ItemNotFoundException.class);
        }
    }
}
