package io.dynamodbtoolkit.embedded.engine;

import io.dynamodbtoolkit.embedded.error.DynamoDbException;
import io.dynamodbtoolkit.embedded.error.ErrorCode;
import io.dynamodbtoolkit.embedded.model.DataType;
import org.jspecify.annotations.Nullable;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.UUID;

/** CreateTable, DeleteTable, DescribeTable, ListTables, UpdateTable and the time-to-live settings. */
final class TableOperations {

    private static final int MAX_GLOBAL_INDEXES = 20;
    private static final int MAX_LOCAL_INDEXES = 5;
    private static final int MAX_MULTI_KEY_ATTRIBUTES = 4;

    private final Catalog catalog;

    TableOperations(Catalog catalog) {
        this.catalog = catalog;
    }

    TableDescription create(CreateTableRequest request) {
        KeySchema key = tableKeySchema(request.keySchema());
        Map<String, DataType> definitions = request.attributeDefinitions();
        List<IndexDefinition> locals = new ArrayList<>();
        List<IndexDefinition> globals = new ArrayList<>();
        Set<String> indexNames = new LinkedHashSet<>();
        for (IndexRequest index : request.localIndexes()) {
            requireUniqueName(indexNames, index.name());
            locals.add(localIndex(index, key, definitions));
        }
        for (IndexRequest index : request.globalIndexes()) {
            requireUniqueName(indexNames, index.name());
            globals.add(globalIndex(index, definitions, request.billingMode()));
        }
        if (locals.size() > MAX_LOCAL_INDEXES) {
            throw DynamoDbException.invalidParameter("LocalSecondaryIndex count exceeds the per-table limit of 5");
        }
        if (globals.size() > MAX_GLOBAL_INDEXES) {
            throw DynamoDbException.invalidParameter("GlobalSecondaryIndex count exceeds the per-table limit of 20");
        }
        Set<String> used = new LinkedHashSet<>(key.attributeNames());
        locals.forEach(index -> used.addAll(index.keySchema().attributeNames()));
        globals.forEach(index -> used.addAll(index.keySchema().attributeNames()));
        for (String name : used) {
            if (!definitions.containsKey(name)) {
                throw DynamoDbException.invalidParameter("Some index key attributes are not defined in "
                        + "AttributeDefinitions. Keys: " + new ArrayList<>(used) + ", AttributeDefinitions: "
                        + new ArrayList<>(definitions.keySet()));
            }
        }
        if (used.size() != definitions.size()) {
            throw DynamoDbException.invalidParameter("Number of attributes in KeySchema does not exactly match number"
                    + " of attributes defined in AttributeDefinitions");
        }
        checkBilling(request.billingMode(), request.throughput());
        EngineTableDefinition definition = new EngineTableDefinition(request.tableName(), UUID.randomUUID().toString(),
                withTypes(key, definitions), definitions, locals, globals, request.billingMode(),
                request.throughput(), catalog.clock().instant());
        Tags.check(request.tags());
        StreamViewType streamViewType = checkedStream(request.stream());
        return catalog.write(() -> {
            if (catalog.find(request.tableName()) != null) {
                throw new DynamoDbException(ErrorCode.RESOURCE_IN_USE, "Table already exists: " + request.tableName());
            }
            if (catalog.deleting().containsKey(request.tableName())) {
                throw new DynamoDbException(ErrorCode.RESOURCE_IN_USE, "Attempt to change a resource which is still in"
                        + " use: Table is being deleted: " + request.tableName());
            }
            Table table = new Table(definition, catalog.changes());
            table.tags().putAll(request.tags());
            if (streamViewType != null) {
                catalog.streams().enable(table, streamViewType);
            }
            if (!catalog.statusDelay().isZero()) {
                table.pending(TableStatus.CREATING, catalog.now().plus(catalog.statusDelay()));
            }
            catalog.tables().put(request.tableName(), table);
            catalog.changes().tableChanged(table);
            return describe(table);
        });
    }

    TableDescription delete(String tableName) {
        return catalog.write(() -> {
            Table table = catalog.find(tableName);
            if (table == null) {
                throw notFound(tableName);
            }
            checkNotChanging(table);
            catalog.streams().disable(table);
            catalog.tables().remove(tableName);
            catalog.changes().tableDropped(tableName);
            TableDescription deleted = describe(table).withStatus(TableStatus.DELETING);
            if (!catalog.statusDelay().isZero()) {
                catalog.deleting().put(tableName, new Catalog.DeletedTable(deleted,
                        catalog.now().plus(catalog.statusDelay())));
            }
            return deleted;
        });
    }

    TableDescription describe(String tableName) {
        return catalog.read(() -> {
            Table table = catalog.find(tableName);
            if (table != null) {
                return describe(table);
            }
            Catalog.DeletedTable deleted = catalog.deleting().get(tableName);
            if (deleted == null) {
                throw notFound(tableName);
            }
            return deleted.description();
        });
    }

    private static DynamoDbException notFound(String tableName) {
        return new DynamoDbException(ErrorCode.RESOURCE_NOT_FOUND,
                "Requested resource not found: Table: " + tableName + " not found");
    }

    /** Refuses a change to a table while it is being created or updated. */
    private void checkNotChanging(Table table) {
        TableStatus status = table.status(catalog.now());
        if (status != TableStatus.ACTIVE) {
            throw new DynamoDbException(ErrorCode.RESOURCE_IN_USE, "Attempt to change a resource which is still in use:"
                    + " Table is being " + (status == TableStatus.CREATING ? "created" : "updated") + ": "
                    + table.name());
        }
    }

    /** Table names after {@code exclusiveStart}, at most {@code limit}, in name order (DELETING ones too). */
    List<String> list(@Nullable String exclusiveStart, int limit) {
        return catalog.read(() -> {
            List<String> names = new ArrayList<>();
            java.util.SortedSet<String> all = new java.util.TreeSet<>(catalog.tables().keySet());
            all.addAll(catalog.deleting().keySet());
            for (String name : all) {
                if (exclusiveStart == null || name.compareTo(exclusiveStart) > 0) {
                    names.add(name);
                    if (names.size() > limit) {
                        break;
                    }
                }
            }
            return names;
        });
    }

    TableDescription update(UpdateTableRequest request) {
        return catalog.write(() -> {
            Table table = catalog.find(request.tableName());
            if (table == null) {
                throw notFound(request.tableName());
            }
            checkNotChanging(table);
            EngineTableDefinition current = table.definition();
            if (request.createIndexes().size() + request.deleteIndexes().size() > 1) {
                throw new DynamoDbException(ErrorCode.LIMIT_EXCEEDED,
                        "Subscriber limit exceeded: Only 1 online index can be created or deleted simultaneously "
                        + "per table");
            }
            BillingMode billing = request.billingMode() != null ? request.billingMode() : current.billingMode();
            Throughput throughput = request.throughput() != null ? request.throughput()
                    : billing == BillingMode.PAY_PER_REQUEST ? null : current.throughput();
            if (request.billingMode() != null || request.throughput() != null) {
                checkBilling(billing, throughput);
            }
            Map<String, DataType> definitions = new LinkedHashMap<>(current.attributeDefinitions());
            request.attributeDefinitions().forEach((name, type) -> {
                DataType existing = definitions.get(name);
                if (existing != null && existing != type) {
                    throw DynamoDbException.invalidParameter("Cannot change the type of attribute " + name);
                }
                definitions.put(name, type);
            });
            List<IndexDefinition> globals = new ArrayList<>();
            for (IndexDefinition index : current.globalIndexes()) {
                Throughput newThroughput = request.updateIndexes().get(index.name());
                globals.add(newThroughput == null ? index : new IndexDefinition(index.name(), true, index.keySchema(),
                        index.projectionType(), index.nonKeyAttributes(), newThroughput));
            }
            for (String name : request.updateIndexes().keySet()) {
                if (current.index(name) == null) {
                    throw new DynamoDbException(ErrorCode.RESOURCE_NOT_FOUND,
                            "Requested resource not found: Index: " + name + " not found");
                }
            }
            for (String name : request.deleteIndexes()) {
                if (globals.removeIf(index -> index.name().equals(name))) {
                    table.removeGlobalIndex(name, current.with(globals, definitions, billing, throughput));
                } else {
                    throw new DynamoDbException(ErrorCode.RESOURCE_NOT_FOUND,
                            "Requested resource not found: Index: " + name + " not found");
                }
            }
            for (IndexRequest create : request.createIndexes()) {
                if (current.index(create.name()) != null) {
                    throw DynamoDbException.invalidParameter("Index with name " + create.name() + " already exists");
                }
                IndexDefinition index = globalIndex(create, definitions, billing);
                for (String attribute : index.keySchema().attributeNames()) {
                    if (!definitions.containsKey(attribute)) {
                        throw DynamoDbException.invalidParameter("Some index key attributes are not defined in "
                                + "AttributeDefinitions. Keys: " + index.keySchema().attributeNames()
                                + ", AttributeDefinitions: " + new ArrayList<>(definitions.keySet()));
                    }
                }
                if (globals.size() >= MAX_GLOBAL_INDEXES) {
                    throw DynamoDbException.invalidParameter("GlobalSecondaryIndex count exceeds the per-table limit "
                            + "of 20");
                }
                index = new IndexDefinition(index.name(), true, withTypes(index.keySchema(), definitions),
                        index.projectionType(), index.nonKeyAttributes(), index.throughput());
                globals.add(index);
                EngineTableDefinition updated = current.with(globals, definitions, billing, throughput);
                table.addGlobalIndex(index, updated);
                if (!catalog.statusDelay().isZero()) {
                    table.indexCreating(index.name(), catalog.now().plus(catalog.statusDelay()));
                }
            }
            table.redefine(table.definition().with(globals, definitions, billing, throughput));
            updateStream(table, request.stream());
            if (!catalog.statusDelay().isZero()) {
                table.pending(TableStatus.UPDATING, catalog.now().plus(catalog.statusDelay()));
            }
            catalog.changes().tableChanged(table);
            return describe(table);
        });
    }

    /** The view type of an enabled stream, {@code null} for none, or a ValidationException for an invalid setting. */
    private static @Nullable StreamViewType checkedStream(@Nullable StreamSpecification stream) {
        if (stream == null || !stream.enabled()) {
            if (stream != null && stream.viewType() != null) {
                throw DynamoDbException.validation("One or more parameter values were invalid: StreamViewType cannot"
                        + " be specified when StreamEnabled is false");
            }
            return null;
        }
        if (stream.viewType() == null) {
            throw DynamoDbException.validation("One or more parameter values were invalid: StreamViewType must be"
                    + " specified when StreamEnabled is true");
        }
        return stream.viewType();
    }

    private void updateStream(Table table, @Nullable StreamSpecification stream) {
        if (stream == null) {
            return;
        }
        StreamViewType viewType = checkedStream(stream);
        TableStream current = table.latestStream();
        boolean enabled = current != null && current.enabled();
        if (viewType != null && current != null && current.enabled()) {
            throw DynamoDbException.validation("Table already has an enabled stream: " + table.name() + "/stream/"
                    + current.label());
        }
        if (viewType == null && !enabled) {
            throw DynamoDbException.validation("Table does not have an enabled stream to disable: " + table.name());
        }
        if (viewType != null) {
            catalog.streams().enable(table, viewType);
        } else {
            catalog.streams().disable(table);
        }
    }

    /** The tags of a table, sorted by key. */
    Map<String, String> tags(String tableName) {
        return catalog.read(() -> new java.util.TreeMap<>(existing(tableName).tags()));
    }

    /** Adds or replaces tags of a table. */
    void tag(String tableName, Map<String, String> tags) {
        Tags.check(tags);
        catalog.write(() -> {
            Table table = existing(tableName);
            Map<String, String> merged = new LinkedHashMap<>(table.tags());
            merged.putAll(tags);
            Tags.checkCount(merged.size());
            table.tags().putAll(tags);
            catalog.changes().tableChanged(table);
            return null;
        });
    }

    /** Removes tags of a table by key (keys it does not have are ignored). */
    void untag(String tableName, List<String> keys) {
        catalog.write(() -> {
            Table table = existing(tableName);
            table.tags().keySet().removeAll(keys);
            catalog.changes().tableChanged(table);
            return null;
        });
    }

    private Table existing(String tableName) {
        Table table = catalog.find(tableName);
        if (table == null) {
            throw DynamoDbException.resourceNotFound();
        }
        return table;
    }

    TimeToLive describeTimeToLive(String tableName) {
        return catalog.read(() -> catalog.require(tableName).timeToLive());
    }

    TimeToLive updateTimeToLive(String tableName, TimeToLive setting) {
        return catalog.write(() -> {
            Table table = catalog.require(tableName);
            TimeToLive current = table.timeToLive();
            if (current.enabled() && setting.enabled()) {
                throw DynamoDbException.validation("TimeToLive is already enabled");
            }
            if (!current.enabled() && !setting.enabled()) {
                throw DynamoDbException.validation("TimeToLive is already disabled");
            }
            if (!setting.enabled() && current.attributeName() != null
                    && !current.attributeName().equals(setting.attributeName())) {
                throw DynamoDbException.validation("TimeToLive attribute name does not match the enabled attribute: "
                        + current.attributeName());
            }
            table.timeToLive(setting);
            catalog.changes().tableChanged(table);
            return setting;
        });
    }

    private TableDescription describe(Table table) {
        Map<String, Long> counts = new LinkedHashMap<>();
        Map<String, Long> sizes = new LinkedHashMap<>();
        for (IndexStore index : table.indexes()) {
            counts.put(index.definition().name(), index.store().itemCount());
            sizes.put(index.definition().name(), index.store().sizeBytes());
        }
        TableStream stream = table.latestStream();
        StreamSpecification streamSetting = stream != null && stream.enabled()
                ? new StreamSpecification(true, stream.viewType()) : new StreamSpecification(false, null);
        return new TableDescription(table.definition(), table.status(catalog.now()), table.items().itemCount(),
                table.items().sizeBytes(), counts, sizes, table.creatingIndexes(catalog.now()), streamSetting,
                stream == null ? null : stream.label());
    }

    // ---------------------------------------------------------------- declaration checks

    private static KeySchema tableKeySchema(List<KeyElement> elements) {
        if (elements.isEmpty() || elements.size() > 2) {
            throw DynamoDbException.validation("1 validation error detected: Value '" + elements + "' at 'keySchema' "
                    + "failed to satisfy constraint: Member must have length less than or equal to 2");
        }
        if (!elements.get(0).keyType().equals("HASH")) {
            throw DynamoDbException.validation("Invalid KeySchema: The first KeySchemaElement is not a HASH key type");
        }
        if (elements.size() == 2 && !elements.get(1).keyType().equals("RANGE")) {
            throw DynamoDbException.validation(
                    "Too many hash keys specified.  All Dynamo DB tables must have exactly one hash key");
        }
        if (elements.size() == 2 && elements.get(0).attributeName().equals(elements.get(1).attributeName())) {
            throw DynamoDbException.validation("Both the Hash Key and the Range Key element in the KeySchema have the"
                    + " same name");
        }
        return untyped(elements);
    }

    private static KeySchema untyped(List<KeyElement> elements) {
        List<KeyAttributeDefinition> hash = new ArrayList<>();
        List<KeyAttributeDefinition> range = new ArrayList<>();
        for (KeyElement element : elements) {
            KeyAttributeDefinition attribute = new KeyAttributeDefinition(element.attributeName(), null);
            if (element.keyType().equals("HASH")) {
                if (!range.isEmpty()) {
                    throw DynamoDbException.validation("Invalid KeySchema: HASH key elements must come before RANGE"
                            + " key elements");
                }
                hash.add(attribute);
            } else if (element.keyType().equals("RANGE")) {
                range.add(attribute);
            } else {
                throw DynamoDbException.validation("1 validation error detected: Value '" + element.keyType()
                        + "' at 'keySchema.member.keyType' failed to satisfy constraint: Member must satisfy enum"
                        + " value set: [HASH, RANGE]");
            }
        }
        if (hash.isEmpty()) {
            throw DynamoDbException.validation("Invalid KeySchema: The first KeySchemaElement is not a HASH key type");
        }
        return new KeySchema(hash, range);
    }

    private static KeySchema withTypes(KeySchema schema, Map<String, DataType> definitions) {
        List<KeyAttributeDefinition> hash = new ArrayList<>();
        for (KeyAttributeDefinition attribute : schema.hashKeys()) {
            hash.add(new KeyAttributeDefinition(attribute.name(), typeOf(attribute.name(), definitions)));
        }
        List<KeyAttributeDefinition> range = new ArrayList<>();
        for (KeyAttributeDefinition attribute : schema.rangeKeys()) {
            range.add(new KeyAttributeDefinition(attribute.name(), typeOf(attribute.name(), definitions)));
        }
        return new KeySchema(hash, range);
    }

    private static DataType typeOf(String name, Map<String, DataType> definitions) {
        DataType type = definitions.get(name);
        if (type == null) {
            throw DynamoDbException.invalidParameter("Some index key attributes are not defined in "
                    + "AttributeDefinitions."
                    + " Keys: [" + name + "], AttributeDefinitions: " + new ArrayList<>(definitions.keySet()));
        }
        return type;
    }

    private static IndexDefinition localIndex(IndexRequest request, KeySchema tableKey,
                                              Map<String, DataType> definitions) {
        if (tableKey.rangeKeys().isEmpty()) {
            throw DynamoDbException.invalidParameter("Table KeySchema does not have a range key, which is required when"
                    + " specifying a LocalSecondaryIndex");
        }
        KeySchema key = untyped(request.keySchema());
        if (key.hashKeys().size() != 1 || key.rangeKeys().size() != 1) {
            throw DynamoDbException.invalidParameter("Index KeySchema does not have a range key for index: "
                    + request.name());
        }
        if (!key.hashKeys().get(0).name().equals(tableKey.hashKeys().get(0).name())) {
            throw DynamoDbException.invalidParameter("Index KeySchema does not have the same leading hash key as table"
                    + " KeySchema for index: " + request.name() + ". index hash key: " + key.hashKeys().get(0).name()
                    + ", table hash key: " + tableKey.hashKeys().get(0).name());
        }
        checkProjection(request);
        return new IndexDefinition(request.name(), false, withTypes(key, definitions), request.projectionType(),
                request.nonKeyAttributes(), null);
    }

    private static IndexDefinition globalIndex(IndexRequest request, Map<String, DataType> definitions,
                                               BillingMode billing) {
        KeySchema key = untyped(request.keySchema());
        if (key.hashKeys().size() > MAX_MULTI_KEY_ATTRIBUTES || key.rangeKeys().size() > MAX_MULTI_KEY_ATTRIBUTES) {
            throw DynamoDbException.invalidParameter("A global secondary index key can have at most 4 partition key"
                    + " attributes and 4 sort key attributes; index: " + request.name());
        }
        Set<String> distinct = new LinkedHashSet<>(key.attributeNames());
        if (distinct.size() != key.all().size()) {
            throw DynamoDbException.invalidParameter("Duplicate attribute in the KeySchema of index: "
                    + request.name());
        }
        checkProjection(request);
        if (billing == BillingMode.PROVISIONED && request.throughput() == null) {
            throw DynamoDbException.invalidParameter("ProvisionedThroughput should be specified for index: "
                    + request.name());
        }
        if (billing == BillingMode.PAY_PER_REQUEST && request.throughput() != null) {
            throw DynamoDbException.invalidParameter("ProvisionedThroughput should not be specified for index: "
                    + request.name() + " when BillingMode is PAY_PER_REQUEST");
        }
        KeySchema typed = definitions.keySet().containsAll(key.attributeNames()) ? withTypes(key, definitions) : key;
        return new IndexDefinition(request.name(), true, typed, request.projectionType(), request.nonKeyAttributes(),
                request.throughput());
    }

    private static void checkProjection(IndexRequest request) {
        if (request.projectionType() == ProjectionType.INCLUDE && request.nonKeyAttributes().isEmpty()) {
            throw DynamoDbException.invalidParameter("NonKeyAttributes must not be empty when ProjectionType is INCLUDE"
                    + " for index: " + request.name());
        }
        if (request.projectionType() != ProjectionType.INCLUDE && !request.nonKeyAttributes().isEmpty()) {
            throw DynamoDbException.invalidParameter("ProjectionType is " + request.projectionType()
                    + ", but NonKeyAttributes is specified");
        }
    }

    private static void requireUniqueName(Set<String> names, String name) {
        if (!names.add(name)) {
            throw DynamoDbException.invalidParameter("Duplicate index name: " + name);
        }
    }

    private static void checkBilling(BillingMode billing, @Nullable Throughput throughput) {
        if (billing == BillingMode.PROVISIONED && throughput == null) {
            throw DynamoDbException.invalidParameter("ReadCapacityUnits and WriteCapacityUnits must both be specified"
                    + " when BillingMode is PROVISIONED");
        }
        if (billing == BillingMode.PAY_PER_REQUEST && throughput != null) {
            throw DynamoDbException.invalidParameter("Neither ReadCapacityUnits nor WriteCapacityUnits can be specified"
                    + " when BillingMode is PAY_PER_REQUEST");
        }
    }
}
