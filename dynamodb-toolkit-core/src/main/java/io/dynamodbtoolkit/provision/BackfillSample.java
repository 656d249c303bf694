package io.dynamodbtoolkit.provision;

import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.IntStream;

import io.dynamodbtoolkit.adapter.AdapterDeclaration;
import io.dynamodbtoolkit.adapter.UniqueFields;
import io.dynamodbtoolkit.index.IndexDeclaration;
import io.dynamodbtoolkit.index.IndexSet;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.ScanResponse;

/**
 * Estimates, at provisioning, which indexes need a backfill: reads a bounded sample of the table and counts the
 * items whose computed index attributes differ from what a fresh write computes; and, from the same sample, which
 * unique fields' rows lack their guards ({@link UniqueGuardSample}). Guard items are left out of the sample. Bounded
 * so start-up stays fast: at most {@code size} items in at most {@value #MAX_CALLS} Scan calls (each at most 1 MB),
 * drawn evenly from {@value #SEGMENTS} parallel Scan segments so that the sample spreads over the table's key space
 * (segments that run dry leave their share to the others); nothing is read for an adapter whose indexes compute
 * nothing and which declares no unique field. When the sample reads the whole table the count is exact; otherwise
 * the sampled share is scaled to the table's item count (DynamoDB refreshes it about every six hours; the guards'
 * share of the sample taken off; never less than the sample).
 */
final class BackfillSample {

    /** The Scan segments the sample is drawn from. */
    static final int SEGMENTS = 8;
    /** The most Scan calls one sample makes. */
    static final int MAX_CALLS = 3 * SEGMENTS;

    private final DynamoDbClient client;
    private final int size;

    /**
     * @param client the client
     * @param size   the most items read per adapter; 0 reads nothing
     */
    BackfillSample(DynamoDbClient client, int size) {
        this.client = client;
        this.size = size;
    }

    /**
     * @param declaration the adapter
     * @param itemCount   the table's item count as DynamoDB last reported it
     * @return the indexes that need a backfill and the unique fields whose rows lack guards, in declaration order
     */
    Findings find(AdapterDeclaration<?> declaration, long itemCount) {
        IndexSet indexes = declaration.indexes();
        List<String> computed = indexes.all().stream().map(IndexDeclaration::name)
                .filter(name -> !indexes.maintainedAttributes(name).isEmpty()).toList();
        UniqueFields uniques = declaration.uniques();
        if (size == 0 || computed.isEmpty() && uniques.isEmpty()) {
            return Findings.NONE;
        }
        Sample sample = read(declaration.table());
        List<Map<String, AttributeValue>> rows = sample.items().stream().filter(item -> !uniques.isGuard(item))
                .toList();
        long rowCount = sample.items().isEmpty() ? 0
                : Math.round((double) itemCount * rows.size() / sample.items().size()); // the guards left out
        List<UniqueBackfillNeed> unguarded = uniques.isEmpty() || rows.isEmpty() ? List.of()
                : new UniqueGuardSample(client).needs(declaration, rows, rowCount, sample.whole());
        return new Findings(computed.isEmpty() ? List.of() : needs(indexes, computed, rows, rowCount, sample.whole()),
                unguarded);
    }

    /** @return the indexes whose computed attributes sampled rows lack or carry stale */
    private static List<BackfillNeed> needs(IndexSet indexes, List<String> computed,
            List<Map<String, AttributeValue>> rows, long itemCount, boolean whole) {
        Map<String, Long> stale = new LinkedHashMap<>();
        computed.forEach(name -> stale.put(name, 0L));
        long sampled = 0;
        for (Map<String, AttributeValue> item : rows) {
            List<String> drifted = new ArrayList<>();
            try {
                for (String name : computed) {
                    if (!indexes.driftOf(item, List.of(name)).isEmpty()) {
                        drifted.add(name);
                    }
                }
            } catch (RuntimeException notThisAdaptersItem) {
                continue; // an item the key design cannot read (another adapter's on a shared table): not sampled
            }
            drifted.forEach(name -> stale.merge(name, 1L, Long::sum));
            sampled++;
        }
        List<BackfillNeed> needs = new ArrayList<>();
        long total = Math.max(itemCount, sampled);
        for (Map.Entry<String, Long> index : stale.entrySet()) {
            long count = index.getValue();
            if (count > 0) {
                long items = whole ? count : Math.round((double) count * total / sampled);
                needs.add(new BackfillNeed(index.getKey(), items, count, sampled, whole));
            }
        }
        return needs;
    }

    /** Reads up to {@code size} items, a share from each segment in turn, until done or out of calls. */
    private Sample read(String table) {
        int segments = Math.min(SEGMENTS, size);
        List<Map<String, AttributeValue>> starts = new ArrayList<>(Collections.nCopies(segments, null));
        Set<Integer> open = new LinkedHashSet<>();
        IntStream.range(0, segments).forEach(open::add);
        List<Map<String, AttributeValue>> items = new ArrayList<>();
        int calls = 0;
        while (items.size() < size && !open.isEmpty() && calls < MAX_CALLS) {
            int share = -Math.floorDiv(-(size - items.size()), open.size());
            for (Integer segment : List.copyOf(open)) {
                int limit = Math.min(share, size - items.size());
                if (limit == 0 || calls == MAX_CALLS) {
                    break;
                }
                Map<String, AttributeValue> start = starts.get(segment);
                ScanResponse page = client.scan(request -> request.tableName(table).segment(segment)
                        .totalSegments(segments).limit(limit).exclusiveStartKey(start));
                calls++;
                items.addAll(page.items());
                if (page.hasLastEvaluatedKey() && !page.lastEvaluatedKey().isEmpty()) {
                    starts.set(segment, page.lastEvaluatedKey());
                } else {
                    open.remove(segment);
                }
            }
        }
        return new Sample(items, open.isEmpty());
    }

    /**
     * The items sampled.
     *
     * @param items the items as stored
     * @param whole whether they are every item of the table
     */
    private record Sample(List<Map<String, AttributeValue>> items, boolean whole) {
    }

    /**
     * What a sample found.
     *
     * @param backfills       the indexes whose computed attributes sampled rows lack or carry stale
     * @param uniqueBackfills the unique fields some sampled rows hold without a guard pointing at them
     */
    record Findings(List<BackfillNeed> backfills, List<UniqueBackfillNeed> uniqueBackfills) {

        static final Findings NONE = new Findings(List.of(), List.of());
    }
}
