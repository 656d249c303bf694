package io.dynamodbtoolkit.provision;

import java.time.Duration;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import java.util.function.Function;
import java.util.stream.Collectors;

import io.dynamodbtoolkit.adapter.AdapterDeclaration;
import org.jspecify.annotations.Nullable;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeDefinition;
import software.amazon.awssdk.services.dynamodb.model.DynamoDbException;
import software.amazon.awssdk.services.dynamodb.model.GlobalSecondaryIndex;
import software.amazon.awssdk.services.dynamodb.model.GlobalSecondaryIndexDescription;
import software.amazon.awssdk.services.dynamodb.model.IndexStatus;
import software.amazon.awssdk.services.dynamodb.model.KeySchemaElement;
import software.amazon.awssdk.services.dynamodb.model.LocalSecondaryIndex;
import software.amazon.awssdk.services.dynamodb.model.LocalSecondaryIndexDescription;
import software.amazon.awssdk.services.dynamodb.model.Projection;
import software.amazon.awssdk.services.dynamodb.model.ResourceInUseException;
import software.amazon.awssdk.services.dynamodb.model.ResourceNotFoundException;
import software.amazon.awssdk.services.dynamodb.model.ScalarAttributeType;
import software.amazon.awssdk.services.dynamodb.model.TableDescription;
import software.amazon.awssdk.services.dynamodb.model.TableStatus;
import software.amazon.awssdk.services.dynamodb.model.TimeToLiveStatus;

/**
 * Creates and checks tables from adapter declarations: {@link #validate} compares a live table with what the
 * declaration needs (key schema, attribute types, indexes and projections, TTL) and reports every difference;
 * {@link #create} creates what is missing (the table with its indexes, a missing global index, TTL) and waits
 * until it is ACTIVE. Nothing is ever dropped or altered: a conflict fails with the report.
 *
 * <p>Both also notice items that predate an index: an index keyed on attributes the toolkit computes (markers,
 * shards, composites, a restricted membership) misses every item written before it was declared or changed, since
 * DynamoDB's own backfill only sees attributes items carry. A bounded sample of the table (at most
 * {@link #DEFAULT_BACKFILL_SAMPLE} items unless set, see {@link #withBackfillSample}) estimates how many items each
 * such index misses ({@link TableReport#backfills()}); {@code IndexBackfill} mends them. Indexes the table has and
 * the declaration no longer names are reported with their stale computed attributes
 * ({@link TableReport#retiredIndexes()}), never removed. The same sample finds the rows holding a value of a unique
 * field without a guard pointing at them (the field declared unique after they were written), reading the guards of
 * the sampled rows' values in BatchGetItem calls ({@link TableReport#uniqueBackfills()});
 * {@code MassOperations.backfillUnique} writes them. Duplicates cannot be estimated from a sample:
 * {@code MassOperations.verifyUnique} finds them.
 */
public final class TableProvisioner {

    /** The items read per adapter to estimate backfills, unless set otherwise. */
    public static final int DEFAULT_BACKFILL_SAMPLE = 1000;

    private final DynamoDbClient client;
    private final Duration timeout;
    private final int backfillSample;

    /**
     * @param client  the client
     * @param timeout how long to wait for a table or index to become ACTIVE
     */
    public TableProvisioner(DynamoDbClient client, Duration timeout) {
        this(client, timeout, DEFAULT_BACKFILL_SAMPLE);
    }

    private TableProvisioner(DynamoDbClient client, Duration timeout, int backfillSample) {
        this.client = Objects.requireNonNull(client, "client");
        this.timeout = Objects.requireNonNull(timeout, "timeout");
        if (backfillSample < 0) {
            throw new IllegalArgumentException("The backfill sample is a number of items, 0 or more, not "
                    + backfillSample);
        }
        this.backfillSample = backfillSample;
    }

    /** @return a provisioner waiting up to 5 minutes */
    public static TableProvisioner of(DynamoDbClient client) {
        return new TableProvisioner(client, Duration.ofMinutes(5));
    }

    /**
     * @param items the most items read per adapter to estimate which indexes need a backfill (see
     *              {@link BackfillNeed}) and which unique fields' rows lack guards (see {@link UniqueBackfillNeed});
     *              0 to not estimate
     * @return a copy sampling that many items
     */
    public TableProvisioner withBackfillSample(int items) {
        return new TableProvisioner(client, timeout, items);
    }

    /**
     * @return how the live table compares with the declaration (a plan of what {@link #create} would add), with
     *         the indexes whose computed attributes existing items lack, estimated from a bounded sample
     */
    public TableReport validate(AdapterDeclaration<?> declaration) {
        return inspect(declaration, true);
    }

    /**
     * Creates the table (with its indexes) if missing, else adds missing global indexes one at a time; enables
     * TTL when declared; waits until everything is ACTIVE. Several processes may provision the same table at once
     * (instances of one application starting together): a table, index or TTL another process created first is
     * waited for and checked like one that existed, never an error.
     *
     * @return the report after provisioning (matching), with the backfills the items of a table that existed need
     * @throws ProvisioningException when the live table conflicts with the declaration
     */
    public TableReport create(AdapterDeclaration<?> declaration) {
        TableDefinition definition = TableDefinition.of(declaration);
        TableReport before = inspect(declaration, false);
        if (!before.conflicts().isEmpty()) {
            throw new ProvisioningException("Table " + definition.table() + " conflicts with its declaration and "
                    + "provisioning never drops or alters", before);
        }
        if (before.exists() || !createTable(definition)) {
            if (!before.exists()) {
                TableReport joined = inspect(declaration, false);
                if (!joined.conflicts().isEmpty()) {
                    throw new ProvisioningException("Table " + definition.table() + ", created meanwhile by another "
                            + "process, conflicts with its declaration and provisioning never drops or alters", joined);
                }
            }
            Set<String> liveIndexes = liveIndexNames(definition.table());
            for (GlobalSecondaryIndex index : definition.globalIndexes()) {
                if (!liveIndexes.contains(index.indexName())) {
                    addIndex(definition, index);
                }
            }
        }
        definition.ttlAttribute().ifPresent(attribute -> enableTtl(definition.table(), attribute));
        TableReport after = inspect(declaration, before.exists());
        if (!after.matches()) {
            throw new ProvisioningException("Table " + definition.table() + " still differs after provisioning",
                    after);
        }
        return after;
    }

    /** Compares the live table with the declaration and, when asked, samples it for backfills. */
    private TableReport inspect(AdapterDeclaration<?> declaration, boolean sampleBackfills) {
        TableDefinition definition = TableDefinition.of(declaration);
        Optional<TableDescription> live = describe(definition.table());
        if (live.isEmpty()) {
            return new TableReport(definition.table(), false,
                    List.of(new TableReport.Difference("table " + definition.table(), "a table", "none")),
                    List.of(), List.of(), List.of(), List.of());
        }
        TableReport report = compare(definition, live.get(), ttlEnabled(definition.table()), declaration);
        if (!sampleBackfills) {
            return report;
        }
        long itemCount = live.get().itemCount() == null ? 0 : live.get().itemCount();
        BackfillSample.Findings found = new BackfillSample(client, backfillSample).find(declaration, itemCount);
        return report.withBackfills(found.backfills()).withUniqueBackfills(found.uniqueBackfills());
    }

    /**
     * Creates the table and waits until it is ACTIVE.
     *
     * @return false when another process created it first (it is then waited for, ACTIVE)
     */
    private boolean createTable(TableDefinition definition) {
        try {
            client.createTable(definition.createRequest());
            awaitActive(definition.table(), null);
            return true;
        } catch (ResourceInUseException createdMeanwhile) {
            awaitActive(definition.table(), null);
            return false;
        }
    }

    /**
     * Adds a global index and waits until it is ACTIVE. When another process added it meanwhile, waits for theirs; when
     * the table is busy (another process adding another index), waits until it is ACTIVE and adds the index if it is
     * still missing, until the timeout.
     */
    private void addIndex(TableDefinition definition, GlobalSecondaryIndex index) {
        List<String> keyNames = index.keySchema().stream().map(KeySchemaElement::attributeName).toList();
        long deadline = System.nanoTime() + timeout.toNanos();
        while (!liveIndexNames(definition.table()).contains(index.indexName())) {
            try {
                client.updateTable(b -> b.tableName(definition.table())
                        .attributeDefinitions(definition.definitions(keyNames))
                        .globalSecondaryIndexUpdates(u -> u.create(c -> c.indexName(index.indexName())
                                .keySchema(index.keySchema()).projection(index.projection()))));
            } catch (DynamoDbException refused) {
                boolean addedMeanwhile = liveIndexNames(definition.table()).contains(index.indexName());
                if (!addedMeanwhile && (!(refused instanceof ResourceInUseException)
                        || System.nanoTime() > deadline)) {
                    throw refused;
                }
                awaitActive(definition.table(), null);
            }
        }
        awaitActive(definition.table(), index.indexName());
    }

    /** Enables TTL on the attribute unless it is on already (or was turned on meanwhile by another process). */
    private void enableTtl(String table, String attribute) {
        if (ttlEnabledOn(table, attribute)) {
            return;
        }
        try {
            client.updateTimeToLive(b -> b.tableName(table)
                    .timeToLiveSpecification(s -> s.attributeName(attribute).enabled(true)));
        } catch (DynamoDbException refused) {
            if (!ttlEnabledOn(table, attribute)) {
                throw refused;
            }
        }
    }

    private boolean ttlEnabledOn(String table, String attribute) {
        return ttlEnabled(table).map(attribute::equals).orElse(false);
    }

    /** @return the names of the table's global indexes now (none when the table is missing) */
    private Set<String> liveIndexNames(String table) {
        return describe(table).map(TableProvisioner::globalIndexNames).orElse(Set.of());
    }

    private void awaitActive(String table, @Nullable String index) {
        long deadline = System.nanoTime() + timeout.toNanos();
        while (true) {
            TableDescription description = describe(table).orElse(null);
            if (description != null && description.tableStatus() == TableStatus.ACTIVE
                    && (index == null || description.globalSecondaryIndexes().stream()
                            .anyMatch(g -> g.indexName().equals(index) && g.indexStatus() == IndexStatus.ACTIVE))) {
                return;
            }
            if (System.nanoTime() > deadline) {
                throw new IllegalStateException("Table " + table + (index == null ? "" : " index " + index)
                        + " did not become ACTIVE within " + timeout);
            }
            try {
                Thread.sleep(200);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new IllegalStateException("Interrupted while waiting for table " + table, e);
            }
        }
    }

    private Optional<TableDescription> describe(String table) {
        try {
            return Optional.of(client.describeTable(b -> b.tableName(table)).table());
        } catch (ResourceNotFoundException e) {
            return Optional.empty();
        }
    }

    private Optional<String> ttlEnabled(String table) {
        var ttl = client.describeTimeToLive(b -> b.tableName(table)).timeToLiveDescription();
        if (ttl == null || ttl.timeToLiveStatus() != TimeToLiveStatus.ENABLED
                && ttl.timeToLiveStatus() != TimeToLiveStatus.ENABLING) {
            return Optional.empty();
        }
        return Optional.ofNullable(ttl.attributeName());
    }

    private static TableReport compare(TableDefinition expected, TableDescription live, Optional<String> liveTtl,
            AdapterDeclaration<?> declaration) {
        List<TableReport.Difference> fixable = new ArrayList<>();
        List<TableReport.Difference> conflicts = new ArrayList<>();
        List<String> notes = new ArrayList<>();
        Map<String, ScalarAttributeType> liveTypes = live.attributeDefinitions().stream().collect(
                Collectors.toMap(AttributeDefinition::attributeName, AttributeDefinition::attributeType, (a, b) -> a));
        if (!sameKeys(expected.keySchema(), live.keySchema())) {
            conflicts.add(new TableReport.Difference("key schema", keys(expected.keySchema()), keys(live.keySchema())));
        }
        checkTypes("table", expected.keySchema(), expected, liveTypes, conflicts);
        Map<String, GlobalSecondaryIndexDescription> liveGlobals = live.globalSecondaryIndexes().stream()
                .collect(Collectors.toMap(GlobalSecondaryIndexDescription::indexName, Function.identity()));
        for (GlobalSecondaryIndex index : expected.globalIndexes()) {
            GlobalSecondaryIndexDescription found = liveGlobals.remove(index.indexName());
            String subject = "global index '" + index.indexName() + "'";
            if (found == null) {
                fixable.add(new TableReport.Difference(subject, keys(index.keySchema()) + " " + projection(
                        index.projection()), "none"));
                continue;
            }
            compareIndex(subject, index.keySchema(), index.projection(), found.keySchema(), found.projection(),
                    expected, liveTypes, conflicts);
        }
        Map<String, LocalSecondaryIndexDescription> liveLocals = live.localSecondaryIndexes().stream()
                .collect(Collectors.toMap(LocalSecondaryIndexDescription::indexName, Function.identity()));
        for (LocalSecondaryIndex index : expected.localIndexes()) {
            LocalSecondaryIndexDescription found = liveLocals.remove(index.indexName());
            String subject = "local index '" + index.indexName() + "'";
            if (found == null) {
                conflicts.add(new TableReport.Difference(subject, keys(index.keySchema()) + " (local indexes can only "
                        + "be created with the table)", "none"));
                continue;
            }
            compareIndex(subject, index.keySchema(), index.projection(), found.keySchema(), found.projection(),
                    expected, liveTypes, conflicts);
        }
        List<RetiredIndex> retired = new ArrayList<>();
        liveGlobals.values().forEach(index -> retired.add(retired(index.indexName(), index.keySchema(), declaration)));
        liveLocals.values().forEach(index -> retired.add(retired(index.indexName(), index.keySchema(), declaration)));
        for (RetiredIndex index : retired) {
            String kind = liveGlobals.containsKey(index.index()) ? "global" : "local";
            notes.add(kind + " index '" + index.index() + "' is not declared" + (index.attributes().isEmpty() ? ""
                    : "; items may keep its computed attributes " + index.attributes() + " until removed "
                    + "(IndexBackfill.removeStale)"));
        }
        expected.ttlAttribute().ifPresent(attribute -> {
            if (liveTtl.isEmpty()) {
                fixable.add(new TableReport.Difference("time to live", "enabled on '" + attribute + "'", "disabled"));
            } else if (!liveTtl.get().equals(attribute)) {
                conflicts.add(new TableReport.Difference("time to live", "on '" + attribute + "'",
                        "on '" + liveTtl.get() + "'"));
            }
        });
        return new TableReport(expected.table(), true, fixable, conflicts, notes, List.of(), retired);
    }

    /**
     * @return an index the declaration no longer names, with the key attributes that are the toolkit's (under the
     *         technical prefix; none without one, since they cannot be told from the application's data) and that
     *         the declaration does not use otherwise
     */
    private static RetiredIndex retired(String name, List<KeySchemaElement> keys, AdapterDeclaration<?> declaration) {
        Set<String> used = declaration.declaredAttributes();
        List<String> stale = keys.stream().map(KeySchemaElement::attributeName)
                .filter(attribute -> declaration.keys().technicalPrefix().isPresent()
                        && declaration.keys().isTechnical(attribute) && !used.contains(attribute))
                .toList();
        return new RetiredIndex(name, stale);
    }

    private static void compareIndex(String subject, List<KeySchemaElement> expectedKeys, Projection expectedProjection,
            List<KeySchemaElement> liveKeys, Projection liveProjection, TableDefinition expected,
            Map<String, ScalarAttributeType> liveTypes, List<TableReport.Difference> conflicts) {
        if (!sameKeys(expectedKeys, liveKeys)) {
            conflicts.add(new TableReport.Difference(subject, "key " + keys(expectedKeys), "key " + keys(liveKeys)));
        }
        checkTypes(subject, expectedKeys, expected, liveTypes, conflicts);
        if (!sameProjection(expectedProjection, liveProjection)) {
            conflicts.add(new TableReport.Difference(subject, projection(expectedProjection),
                    projection(liveProjection)));
        }
    }

    private static void checkTypes(String subject, List<KeySchemaElement> keys, TableDefinition expected,
            Map<String, ScalarAttributeType> liveTypes, List<TableReport.Difference> conflicts) {
        for (KeySchemaElement key : keys) {
            ScalarAttributeType want = expected.attributes().get(key.attributeName());
            ScalarAttributeType have = liveTypes.get(key.attributeName());
            if (want != null && have != null && want != have) {
                conflicts.add(new TableReport.Difference(subject + " attribute '" + key.attributeName() + "'",
                        "type " + want, "type " + have));
            }
        }
    }

    private static boolean sameKeys(List<KeySchemaElement> expected, List<KeySchemaElement> live) {
        return keys(expected).equals(keys(live));
    }

    private static boolean sameProjection(Projection expected, Projection live) {
        if (expected.projectionType() != live.projectionType()) {
            return false;
        }
        Set<String> want = new HashSet<>(expected.hasNonKeyAttributes() ? expected.nonKeyAttributes() : List.of());
        Set<String> have = new HashSet<>(live.hasNonKeyAttributes() ? live.nonKeyAttributes() : List.of());
        return want.equals(have);
    }

    private static String keys(List<KeySchemaElement> keys) {
        return keys.stream().map(k -> k.attributeName() + " " + k.keyTypeAsString())
                .collect(Collectors.joining(", ", "(", ")"));
    }

    private static String projection(Projection projection) {
        return projection.projectionTypeAsString() + " projection"
                + (projection.hasNonKeyAttributes() ? " of " + projection.nonKeyAttributes() : "");
    }

    private static Set<String> globalIndexNames(TableDescription description) {
        return description.globalSecondaryIndexes().stream().map(GlobalSecondaryIndexDescription::indexName)
                .collect(Collectors.toSet());
    }
}
