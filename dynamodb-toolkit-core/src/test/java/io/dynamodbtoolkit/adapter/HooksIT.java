package io.dynamodbtoolkit.adapter;

import static io.dynamodbtoolkit.adapter.Rentals.item;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Consumer;
import java.util.stream.IntStream;
import java.util.stream.Stream;

import io.dynamodbtoolkit.key.KeyModel;
import io.dynamodbtoolkit.key.KeyValues;
import io.dynamodbtoolkit.key.SubtreeQuery;
import io.dynamodbtoolkit.test.DynamoDbTest;
import io.dynamodbtoolkit.test.RecordedCall;
import io.dynamodbtoolkit.test.RequestLog;
import io.dynamodbtoolkit.test.TestTables;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.ScanRequest;

/**
 * User hooks against a real server: the validator runs on every write path and a refusal sends no write; the
 * prepare hook sees the built-in attributes and the validator sees what the prepare hook made; the revive hook
 * sees items with technical fields already stripped.
 */
@DynamoDbTest
class HooksIT {

    private static final Set<String> WRITES = Set.of("PutItem", "UpdateItem", "DeleteItem", "TransactWriteItems",
            "BatchWriteItem");
    private static final KeyValues DALLAS = KeyValues.of("state", "TX", "facility", "Dallas");
    private static final KeyValues PROTECTED = KeyValues.of("state", "TX", "facility", "Protected");
    private static final KeyValues AUSTIN = KeyValues.of("state", "TX", "facility", "Austin");
    private static final KeyModel KEYS = KeyModel.builder().keyFields("state", "facility", "vin").structuralKey("_sk")
            .technicalPrefix("_").typeLabels("state", "facility", "vehicle").typeField("kind")
            .versionField("_version").createdAtField("_createdAt").build();

    private final List<Seen> prepared = Collections.synchronizedList(new ArrayList<>());
    private final List<Seen> validated = Collections.synchronizedList(new ArrayList<>());
    private final List<Map<String, AttributeValue>> revived = Collections.synchronizedList(new ArrayList<>());

    private DynamoDbClient client;
    private String table;
    private Adapter<Map<String, Object>> sites;

    /** What a hook was given. */
    private record Seen(WriteKind kind, Map<String, AttributeValue> item) {
    }

    @BeforeEach
    void createTable(DynamoDbClient client, TestTables tables) {
        this.client = client;
        this.table = tables.create(Rentals.TABLE);
        Hooks hooks = Hooks.NONE.withPrepare(this::addSearchName).withValidator(this::refuseForbidden)
                .withRevive(this::addLabel);
        sites = Adapter.create(AdapterDeclaration.builder(ItemMapper.documents()).table(table).keys(KEYS)
                .hooks(hooks).build(), client);
        sites.post(item("state", "TX", "facility", "Dallas", "name", "Dallas"));
        sites.post(item("state", "TX", "facility", "Protected", "name", "Protected"));
        prepared.clear();
        validated.clear();
        revived.clear();
    }

    /** Prepare: a lower-case copy of the name, for case-insensitive lookups. */
    private Map<String, AttributeValue> addSearchName(Map<String, AttributeValue> item, WriteKind kind) {
        prepared.add(new Seen(kind, Map.copyOf(item)));
        Map<String, AttributeValue> copy = new LinkedHashMap<>(item);
        if (item.containsKey("name")) {
            copy.put("search", AttributeValue.fromS(item.get("name").s().toLowerCase()));
        }
        return copy;
    }

    /** Validator: no item may be named "forbidden", and the Protected facility may not be deleted. */
    private void refuseForbidden(Map<String, AttributeValue> item, WriteKind kind) {
        validated.add(new Seen(kind, Map.copyOf(item)));
        if (AttributeValue.fromS("forbidden").equals(item.get("name"))) {
            throw new ItemValidationException("The name 'forbidden' is not allowed (" + kind + ")");
        }
        if (!kind.isFullWrite() && AttributeValue.fromS("TX|Protected").equals(item.get("_sk"))) {
            throw new ItemValidationException("The Protected facility cannot be deleted (" + kind + ")");
        }
    }

    /** Revive: a display label. */
    private Map<String, AttributeValue> addLabel(Map<String, AttributeValue> item) {
        revived.add(Map.copyOf(item));
        Map<String, AttributeValue> copy = new LinkedHashMap<>(item);
        copy.put("label", AttributeValue.fromS(item.getOrDefault("kind", AttributeValue.fromS("?")).s() + " "
                + item.getOrDefault("name", AttributeValue.fromS("")).s()));
        return copy;
    }

    private static Map<String, Object> forbidden(Map<String, Object> item) {
        item.put("name", "forbidden");
        return item;
    }

    static Stream<Arguments> refusedWrites() {
        return Stream.of(
                refused(WriteKind.POST, a -> a.post(item("state", "TX", "facility", "Austin", "name", "forbidden"))),
                refused(WriteKind.PUT, a -> a.put(item("state", "TX", "facility", "Dallas", "name", "forbidden",
                        "_version", 1))),
                refused(WriteKind.PUT_FORCE, a -> a.putForce(item("state", "TX", "facility", "Austin",
                        "name", "forbidden"))),
                refused(WriteKind.PATCH, a -> a.patch(DALLAS, Map.of("name", "forbidden"))),
                refused(WriteKind.DELETE, a -> a.delete(PROTECTED)),
                refused(WriteKind.CLONE, a -> a.clone(DALLAS, item -> {
                    item.put("facility", "Austin");
                    return forbidden(item);
                })),
                refused(WriteKind.MOVE, a -> a.move(DALLAS, item -> {
                    item.put("facility", "Austin");
                    return forbidden(item);
                })),
                refused(WriteKind.EDIT, a -> a.edit(DALLAS, HooksIT::forbidden)),
                refused(WriteKind.BATCH_PUT, a -> a.putAll(IntStream.range(0, 40).mapToObj(i -> item("state", "TX",
                        "facility", "Plano", "vin", "V" + i, "name", i == 33 ? "forbidden" : "car " + i)).toList())),
                refused(WriteKind.BATCH_DELETE, a -> a.deleteAll(List.of(DALLAS, AUSTIN, PROTECTED))));
    }

    private static Arguments refused(WriteKind kind, Consumer<Adapter<Map<String, Object>>> write) {
        return Arguments.of(kind, write);
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("refusedWrites")
    void theValidatorRunsOnEveryWritePathAndARefusalWritesNothing(WriteKind kind,
            Consumer<Adapter<Map<String, Object>>> write, RequestLog log) {
        List<Map<String, AttributeValue>> before = scan();
        log.clear();

        assertThatThrownBy(() -> write.accept(sites)).isInstanceOf(ItemValidationException.class)
                .hasMessageContaining(kind.name());

        assertThat(validated).extracting(Seen::kind).contains(kind);
        assertThat(log.calls()).extracting(RecordedCall::operation).doesNotContainAnyElementsOf(WRITES);
        assertThat(scan()).isEqualTo(before);
    }

    @Test
    void everyWritePathIsValidatedWhenItSucceedsToo() {
        sites.put(item("state", "TX", "facility", "Dallas", "name", "Dallas", "_version", 1));
        sites.putForce(item("state", "TX", "facility", "Austin", "name", "Austin"));
        sites.patch(DALLAS, Map.of("city", "Dallas"));
        sites.edit(DALLAS, item -> {
            item.put("city", "Big D");
            return item;
        });
        sites.clone(AUSTIN, item -> {
            item.put("facility", "Houston");
            return item;
        });
        sites.move(KeyValues.of("state", "TX", "facility", "Houston"), item -> {
            item.put("facility", "Waco");
            return item;
        });
        sites.putAll(List.of(item("state", "TX", "facility", "Plano", "name", "Plano")));
        sites.deleteAll(List.of(KeyValues.of("state", "TX", "facility", "Plano")));
        sites.delete(AUSTIN);

        assertThat(validated).extracting(Seen::kind).containsExactly(WriteKind.PUT, WriteKind.PUT_FORCE,
                WriteKind.PATCH, WriteKind.EDIT, WriteKind.CLONE, WriteKind.MOVE, WriteKind.BATCH_PUT,
                WriteKind.BATCH_DELETE, WriteKind.DELETE);
    }

    @Test
    void thePrepareHookSeesTheBuiltInAttributesAndTheValidatorSeesWhatItMade() {
        sites.post(item("state", "TX", "facility", "Austin", "name", "Austin Airport", "_sk", "forged"));

        Seen seen = prepared.get(0);
        assertThat(seen.kind()).isEqualTo(WriteKind.POST);
        assertThat(seen.item()).containsEntry("_sk", AttributeValue.fromS("TX|Austin"))
                .containsEntry("kind", AttributeValue.fromS("facility"))
                .containsEntry("_version", AttributeValue.fromN("1"))
                .containsKey("_createdAt")
                .doesNotContainKey("search");
        assertThat(validated.get(0).item()).containsEntry("search", AttributeValue.fromS("austin airport"))
                .containsEntry("_sk", AttributeValue.fromS("TX|Austin"));
        assertThat(stored(AUSTIN)).containsEntry("search", AttributeValue.fromS("austin airport"));
    }

    @Test
    void thePrepareHookOfAPatchSeesOnlyTheChangesAndItsAdditionsAreWritten() {
        sites.patch(DALLAS, Map.of("name", "Big D", "facility", "ignored"));

        assertThat(prepared.get(0).kind()).isEqualTo(WriteKind.PATCH);
        assertThat(prepared.get(0).item()).containsOnlyKeys("name");
        assertThat(stored(DALLAS)).containsEntry("search", AttributeValue.fromS("big d"))
                .containsEntry("_version", AttributeValue.fromN("2"));
    }

    @Test
    void thePrepareHookRunsOnBatchPutsAfterTheBuiltIns() {
        sites.putAll(List.of(item("state", "TX", "facility", "Plano", "name", "Plano"),
                item("state", "TX", "facility", "Plano", "vin", "V1", "name", "Car One")));

        assertThat(prepared).extracting(Seen::kind).containsOnly(WriteKind.BATCH_PUT);
        assertThat(prepared.get(1).item()).containsEntry("_sk", AttributeValue.fromS("TX|Plano|V1"))
                .containsEntry("kind", AttributeValue.fromS("vehicle"));
        assertThat(stored(KeyValues.of("state", "TX", "facility", "Plano", "vin", "V1")))
                .containsEntry("search", AttributeValue.fromS("car one"));
    }

    @Test
    void theReviveHookSeesItemsWithTechnicalFieldsStrippedOnEveryRead() {
        Map<String, Object> got = sites.get(DALLAS).orElseThrow();
        List<Map<String, Object>> listed = sites.list(SubtreeQuery.children(KeyValues.of("state", "TX")),
                ListOptions.defaults()).items();
        List<Map<String, Object>> many = sites.getAll(List.of(DALLAS, PROTECTED), ReadOptions.defaults());
        Map<String, Object> written = sites.post(item("state", "TX", "facility", "Austin", "name", "Austin"));

        assertThat(revived).hasSizeGreaterThanOrEqualTo(6).allSatisfy(item -> assertThat(item)
                .doesNotContainKey("_sk").containsKeys("_version", "_createdAt", "kind"));
        assertThat(got).containsEntry("label", "facility Dallas").containsEntry("search", "dallas");
        assertThat(listed).extracting(item -> item.get("label")).containsExactly("facility Dallas",
                "facility Protected");
        assertThat(many).extracting(item -> item.get("label")).containsExactly("facility Dallas",
                "facility Protected");
        assertThat(written).containsEntry("label", "facility Austin");
    }

    private Map<String, AttributeValue> stored(KeyValues key) {
        return client.getItem(b -> b.tableName(table).key(KEYS.codec().primaryKeyFromKeyValues(key)).consistentRead(true)).item();
    }

    private List<Map<String, AttributeValue>> scan() {
        return client.scan(ScanRequest.builder().tableName(table).consistentRead(true).build()).items().stream()
                .sorted((a, b) -> a.get("_sk").s().compareTo(b.get("_sk").s())).toList();
    }
}
