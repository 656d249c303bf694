package io.dynamodbtoolkit.boot.autoconfigure.provision;

import java.util.ArrayList;
import java.util.Collection;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentSkipListMap;
import java.util.function.Predicate;

import io.dynamodbtoolkit.provision.BackfillNeed;
import io.dynamodbtoolkit.provision.RetiredIndex;
import io.dynamodbtoolkit.provision.TableReport;
import io.dynamodbtoolkit.provision.UniqueBackfillNeed;

/**
 * What start-up provisioning found about the adapters' indexes beyond the table's shape: indexes whose computed
 * attributes items written before them lack (a sampled estimate), and indexes the table has that the declaration no
 * longer names, whose computed attributes items still carry; and unique fields some of whose rows hold a value
 * without a guard pointing at them (a sampled estimate). Read by the health indicator (as warnings) and the
 * {@code dynamodbtoolkit} Actuator endpoint. An entry is cleared when its backfill or removal completes over the whole
 * table: a run of the endpoint, or of a template or repository ({@link IndexEvolutionUpdates}); a unique field's when
 * a {@code backfillUnique} leaves no row failed or in conflict.
 */
public class IndexEvolution {

    private final Map<String, Found> byAdapter = new ConcurrentSkipListMap<>();

    /** Records what provisioning found for an adapter's table. */
    public void record(String adapter, TableReport report) {
        List<RetiredIndex> retired = report.retiredIndexes().stream().filter(index -> !index.attributes().isEmpty())
                .toList();
        Found found = new Found(report.backfills(), retired, report.uniqueBackfills());
        if (found.isEmpty()) {
            byAdapter.remove(adapter);
        } else {
            byAdapter.put(adapter, found);
        }
    }

    /** Forgets an index of an adapter: its backfill or the removal of its stale attributes completed. */
    public void completed(String adapter, String index) {
        forget(adapter, need -> need.index().equals(index), retired -> retired.index().equals(index),
                unique -> false);
    }

    /** Forgets a unique field of an adapter: a backfill of its guards left no row without one. */
    public void uniqueCompleted(String adapter, String field) {
        forget(adapter, need -> false, retired -> false, unique -> unique.field().equals(field));
    }

    /**
     * Forgets the indexes no longer declared of an adapter whose every computed attribute was removed from the table.
     *
     * @param adapter    the adapter
     * @param attributes the attributes a completed removal took off every item
     */
    public void staleRemoved(String adapter, Collection<String> attributes) {
        forget(adapter, need -> false, retired -> attributes.containsAll(retired.attributes()), unique -> false);
    }

    private void forget(String adapter, Predicate<BackfillNeed> backfilled, Predicate<RetiredIndex> cleaned,
            Predicate<UniqueBackfillNeed> guarded) {
        byAdapter.computeIfPresent(adapter, (name, found) -> {
            Found rest = new Found(found.backfills().stream().filter(backfilled.negate()).toList(),
                    found.retiredIndexes().stream().filter(cleaned.negate()).toList(),
                    found.uniqueBackfills().stream().filter(guarded.negate()).toList());
            return rest.isEmpty() ? null : rest;
        });
    }

    /** @return what was found, by adapter name in name order (adapters with nothing to do are absent) */
    public Map<String, Found> byAdapter() {
        return Collections.unmodifiableMap(new TreeMap<>(byAdapter));
    }

    /**
     * @return one line per index to backfill or to clean and per unique field whose guards to backfill, e.g. for a
     *         health indicator's warnings
     */
    public List<String> warnings() {
        List<String> warnings = new ArrayList<>();
        byAdapter.forEach((adapter, found) -> {
            found.backfills().forEach(need -> warnings.add("adapter '" + adapter + "': " + need.describe()));
            found.retiredIndexes().forEach(retired -> warnings.add("adapter '" + adapter + "': index '"
                    + retired.index() + "' is no longer declared; items may keep its computed attributes "
                    + retired.attributes() + " until removed, and the index stays until deleted"));
            found.uniqueBackfills().forEach(need -> warnings.add("adapter '" + adapter + "': " + need.describe()));
        });
        return warnings;
    }

    /**
     * What was found for one adapter.
     *
     * @param backfills      the indexes whose computed attributes older items lack
     * @param retiredIndexes  the indexes no longer declared whose computed attributes items keep
     * @param uniqueBackfills the unique fields some of whose rows hold a value without a guard pointing at them
     */
    public record Found(List<BackfillNeed> backfills, List<RetiredIndex> retiredIndexes,
            List<UniqueBackfillNeed> uniqueBackfills) {

        public Found {
            backfills = List.copyOf(backfills);
            retiredIndexes = List.copyOf(retiredIndexes);
            uniqueBackfills = List.copyOf(uniqueBackfills);
        }

        boolean isEmpty() {
            return backfills.isEmpty() && retiredIndexes.isEmpty() && uniqueBackfills.isEmpty();
        }
    }
}
