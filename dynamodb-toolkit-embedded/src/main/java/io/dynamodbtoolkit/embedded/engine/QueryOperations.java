package io.dynamodbtoolkit.embedded.engine;

import io.dynamodbtoolkit.embedded.error.DynamoDbException;
import io.dynamodbtoolkit.embedded.expression.KeyTerm;
import io.dynamodbtoolkit.embedded.model.DataType;
import io.dynamodbtoolkit.embedded.model.AttributeValue;
import io.dynamodbtoolkit.embedded.model.AttributeValue.BinaryValue;
import io.dynamodbtoolkit.embedded.model.AttributeValue.StringValue;
import io.dynamodbtoolkit.embedded.model.Bytes;
import org.jspecify.annotations.Nullable;

import java.util.ArrayList;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.NavigableMap;
import java.util.TreeMap;

/** Query (one partition range, O(log n + k)) and Scan (all partitions in hash order, optionally one segment). */
final class QueryOperations {

    private static final int MAX_TOTAL_SEGMENTS = 1_000_000;

    private final Catalog catalog;

    QueryOperations(Catalog catalog) {
        this.catalog = catalog;
    }

    ReadRequests.Page query(ReadRequests.Query request) {
        checkLimit(request.limit());
        return catalog.read(() -> {
            Table table = catalog.require(request.tableName());
            ReadSource source = ReadSource.resolve(table, request.indexName(), request.select(), request.projection(),
                    request.consistentRead(), request.filterAttributes());
            KeySchema schema = source.keySchema();
            for (String attribute : request.filterName() == null ? List.<String>of() : request.filterAttributes()) {
                if (schema.contains(attribute)) {
                    throw DynamoDbException.validation(request.filterName()
                            + " can only contain non-primary key attributes:"
                            + " Primary key attribute: " + attribute);
                }
            }
            KeyRange range = plan(schema, request.keyTerms());
            PageCollector collector = new PageCollector(source, request.filter(), request.limit(),
                    request.consistentRead());
            NavigableMap<KeyTuple, StoredItem> partition = source.store().partition(range.partition());
            if (partition == null) {
                return collector.page(false);
            }
            NavigableMap<KeyTuple, StoredItem> entries = range.apply(partition);
            if (request.exclusiveStartKey() != null) {
                ItemPosition start = source.startPosition(request.exclusiveStartKey());
                if (!start.partition().equals(range.partition())) {
                    throw DynamoDbException.validation("The provided starting key is invalid: The provided starting key"
                            + " does not match the query's key condition");
                }
                entries = request.scanForward() ? entries.tailMap(start.sort(), false)
                        : entries.headMap(start.sort(), false);
            }
            Iterator<Map.Entry<KeyTuple, StoredItem>> iterator = request.scanForward()
                    ? entries.entrySet().iterator() : entries.descendingMap().entrySet().iterator();
            boolean more = false;
            while (iterator.hasNext()) {
                if (!collector.accept(iterator.next().getValue())) {
                    more = iterator.hasNext();
                    break;
                }
            }
            return collector.page(more);
        });
    }

    ReadRequests.Page scan(ReadRequests.Scan request) {
        checkLimit(request.limit());
        ScanSegment segment = scanSegment(request.segment(), request.totalSegments());
        return catalog.read(() -> {
            Table table = catalog.require(request.tableName());
            List<String> filterAttributes = List.of();
            ReadSource source = ReadSource.resolve(table, request.indexName(), request.select(), request.projection(),
                    request.consistentRead(), filterAttributes);
            PageCollector collector = new PageCollector(source, request.filter(), request.limit(),
                    request.consistentRead());
            NavigableMap<PartitionKey, TreeMap<KeyTuple, StoredItem>> partitions = source.store().partitions();
            ItemPosition start = request.exclusiveStartKey() == null ? null
                    : source.startPosition(request.exclusiveStartKey());
            if (start != null && segment != null && !segment.holds(start.partition())) {
                throw DynamoDbException.validation("The provided starting key is invalid: Invalid ExclusiveStartKey."
                        + " Please use ExclusiveStartKey with correct Segment. TotalSegments: "
                        + segment.totalSegments() + " Segment: " + segment.segment());
            }
            NavigableMap<PartitionKey, TreeMap<KeyTuple, StoredItem>> remaining =
                    start == null ? partitions : partitions.tailMap(start.partition(), true);
            for (Map.Entry<PartitionKey, TreeMap<KeyTuple, StoredItem>> partition : remaining.entrySet()) {
                if (segment != null && !segment.holds(partition.getKey())) {
                    continue;
                }
                NavigableMap<KeyTuple, StoredItem> entries = partition.getValue();
                if (start != null && partition.getKey().equals(start.partition())) {
                    entries = entries.tailMap(start.sort(), false);
                }
                Iterator<StoredItem> iterator = entries.values().iterator();
                while (iterator.hasNext()) {
                    if (!collector.accept(iterator.next())) {
                        boolean more = iterator.hasNext() || hasLaterPartition(remaining, partition.getKey(), segment);
                        return collector.page(more);
                    }
                }
            }
            return collector.page(false);
        });
    }

    /** The part of the table a parallel scan reads: its Segment of TotalSegments. */
    private record ScanSegment(int segment, int totalSegments) {
        boolean holds(PartitionKey key) {
            return key.segment(totalSegments) == segment;
        }
    }

    /** The checked Segment and TotalSegments of a Scan, or {@code null} when it gives neither (a whole scan). */
    private static @Nullable ScanSegment scanSegment(@Nullable Integer segment, @Nullable Integer totalSegments) {
        if (segment == null && totalSegments == null) {
            return null;
        }
        if (segment == null || totalSegments == null) {
            throw DynamoDbException.validation(segment == null
                    ? "The Segment parameter is required but was not present in the request when parameter "
                    + "TotalSegments is present"
                    : "The TotalSegments parameter is required but was not present in the request when Segment "
                    + "parameter is present");
        }
        if (totalSegments < 1 || totalSegments > MAX_TOTAL_SEGMENTS) {
            throw DynamoDbException.validation("1 validation error detected: Value '" + totalSegments
                    + "' at 'totalSegments' failed to satisfy constraint: Member must have value "
                    + (totalSegments < 1 ? "greater than or equal to 1" : "less than or equal to 1000000"));
        }
        if (segment < 0 || segment >= totalSegments) {
            throw DynamoDbException.validation("The Segment parameter is zero-based and must be less than "
                    + "parameter TotalSegments: Segment: " + segment + " is not less than TotalSegments: "
                    + totalSegments);
        }
        return new ScanSegment(segment, totalSegments);
    }

    private static boolean hasLaterPartition(NavigableMap<PartitionKey, TreeMap<KeyTuple, StoredItem>> partitions,
                                             PartitionKey after, @Nullable ScanSegment segment) {
        for (PartitionKey key : partitions.tailMap(after, false).keySet()) {
            if (segment == null || segment.holds(key)) {
                return true;
            }
        }
        return false;
    }

    private static void checkLimit(@Nullable Integer limit) {
        if (limit != null && limit < 1) {
            throw DynamoDbException.validation("1 validation error detected: Value '" + limit
                    + "' at 'limit' failed to satisfy constraint: Member must have value greater than or equal to 1");
        }
    }

    // ---------------------------------------------------------------- key conditions

    /** Checks the key condition against the key schema and turns it into a partition and a sort-key range. */
    static KeyRange plan(KeySchema schema, List<KeyTerm> terms) {
        Map<String, KeyTerm> byAttribute = new LinkedHashMap<>();
        for (KeyTerm term : terms) {
            byAttribute.put(term.attribute(), term);
        }
        List<AttributeValue> partition = new ArrayList<>();
        for (KeyAttributeDefinition attribute : schema.hashKeys()) {
            KeyTerm term = byAttribute.remove(attribute.name());
            if (term == null) {
                throw DynamoDbException.validation("Query condition missed key schema element: " + attribute.name());
            }
            if (term.operator() != KeyTerm.Operator.EQ) {
                throw DynamoDbException.validation("Query key condition not supported");
            }
            checkType(attribute, term.value());
            partition.add(term.value());
        }
        List<KeyTerm> sortTerms = new ArrayList<>();
        for (KeyAttributeDefinition attribute : schema.rangeKeys()) {
            KeyTerm term = byAttribute.remove(attribute.name());
            if (term == null) {
                break;
            }
            checkType(attribute, term.value());
            if (term.upper() != null) {
                checkType(attribute, term.upper());
            }
            if (term.operator() == KeyTerm.Operator.BEGINS_WITH && attribute.type() == DataType.N) {
                throw DynamoDbException.validation("Invalid KeyConditionExpression: Incorrect operand type for operator"
                        + " or function; operator or function: begins_with, operand type: N");
            }
            sortTerms.add(term);
        }
        if (!byAttribute.isEmpty()) {
            String attribute = byAttribute.keySet().iterator().next();
            if (schema.contains(attribute)) {
                throw DynamoDbException.validation("Query key condition not supported");
            }
            throw DynamoDbException.validation("Query condition missed key schema element: "
                    + (schema.rangeKeys().isEmpty() ? attribute : schema.rangeKeys().get(0).name()));
        }
        for (int i = 0; i < sortTerms.size() - 1; i++) {
            if (sortTerms.get(i).operator() != KeyTerm.Operator.EQ) {
                throw DynamoDbException.validation("Query key condition not supported");
            }
        }
        return new KeyRange(PartitionKey.of(partition), sortTerms);
    }

    private static void checkType(KeyAttributeDefinition attribute, AttributeValue value) {
        if (value.type() != attribute.type()) {
            throw DynamoDbException.invalidParameter("Condition parameter type does not match schema type");
        }
    }

    /** A partition and the range of sort tuples a key condition selects in it. */
    record KeyRange(PartitionKey partition, List<KeyTerm> sortTerms) {

        NavigableMap<KeyTuple, StoredItem> apply(NavigableMap<KeyTuple, StoredItem> entries) {
            if (sortTerms.isEmpty()) {
                return entries;
            }
            List<AttributeValue> prefix = new ArrayList<>();
            for (int i = 0; i < sortTerms.size() - 1; i++) {
                prefix.add(sortTerms.get(i).value());
            }
            KeyTerm last = sortTerms.get(sortTerms.size() - 1);
            List<AttributeValue> withValue = new ArrayList<>(prefix);
            withValue.add(last.value());
            KeyTuple from;
            KeyTuple to;
            switch (last.operator()) {
                case EQ -> {
                    from = KeyTuple.lowerProbe(withValue);
                    to = KeyTuple.upperProbe(withValue);
                }
                case LT -> {
                    from = KeyTuple.lowerProbe(prefix);
                    to = KeyTuple.lowerProbe(withValue);
                }
                case LE -> {
                    from = KeyTuple.lowerProbe(prefix);
                    to = KeyTuple.upperProbe(withValue);
                }
                case GT -> {
                    from = KeyTuple.upperProbe(withValue);
                    to = KeyTuple.upperProbe(prefix);
                }
                case GE -> {
                    from = KeyTuple.lowerProbe(withValue);
                    to = KeyTuple.upperProbe(prefix);
                }
                case BEGINS_WITH -> {
                    from = KeyTuple.lowerProbe(withValue);
                    AttributeValue successor = successor(last.value());
                    if (successor == null) {
                        to = KeyTuple.upperProbe(prefix);
                    } else {
                        List<AttributeValue> bound = new ArrayList<>(prefix);
                        bound.add(successor);
                        return entries.subMap(from, true, KeyTuple.lowerProbe(bound), false);
                    }
                }
                default -> {
                    List<AttributeValue> withUpper = new ArrayList<>(prefix);
                    withUpper.add(last.upper());
                    from = KeyTuple.lowerProbe(withValue);
                    to = KeyTuple.upperProbe(withUpper);
                    if (from.compareTo(to) > 0) {
                        return new TreeMap<>();
                    }
                }
            }
            return entries.subMap(from, true, to, true);
        }

        /**
         * The smallest value greater than every value starting with the prefix, or {@code null} when there is
         * none: begins_with is then a plain range, also when read backwards.
         */
        private static @Nullable AttributeValue successor(AttributeValue prefix) {
            if (prefix instanceof StringValue s) {
                int[] codePoints = s.value().codePoints().toArray();
                for (int i = codePoints.length - 1; i >= 0; i--) {
                    if (codePoints[i] < Character.MAX_CODE_POINT) {
                        int next = codePoints[i] + 1;
                        codePoints[i] = next == Character.MIN_SURROGATE ? Character.MAX_SURROGATE + 1 : next;
                        return AttributeValue.string(new String(codePoints, 0, i + 1));
                    }
                }
                return null;
            }
            byte[] bytes = ((BinaryValue) prefix).value().toArray();
            for (int i = bytes.length - 1; i >= 0; i--) {
                if (bytes[i] != (byte) 0xff) {
                    bytes[i]++;
                    return new BinaryValue(Bytes.copyOf(java.util.Arrays.copyOf(bytes, i + 1)));
                }
            }
            return null;
        }
    }
}
