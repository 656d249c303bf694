package io.dynamodbtoolkit.mass;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.Executor;
import java.util.function.Consumer;
import java.util.function.Function;

import io.dynamodbtoolkit.adapter.Adapter;
import io.dynamodbtoolkit.adapter.ListOptions;
import io.dynamodbtoolkit.adapter.StoredItemCalls;
import io.dynamodbtoolkit.adapter.StoredItems;
import io.dynamodbtoolkit.adapter.UniqueFields;
import io.dynamodbtoolkit.expression.AttributeValues;
import io.dynamodbtoolkit.key.KeyModel;
import org.jspecify.annotations.Nullable;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * The check and the backfill of the guards of one unique field ({@link MassOperations#verifyUnique},
 * {@link MassOperations#backfillUnique}): a strongly consistent Scan of the rows (guards left out, in
 * {@value IndexBackfill#DEFAULT_SCAN_SEGMENTS} segments), then one of the field's guards, compared in memory (the
 * rows holding a value, and the guards, are held until the comparison: memory grows with them). The backfill writes
 * the guards of the rows that have none, one transaction each (the guard where none is there or it points at the
 * row, and a check that the row still holds the value), after a check that found no duplicates.
 */
final class UniqueGuardAudit {

    private final StoredItemCalls<?> calls;
    private final StoredItems<?> stored;
    private final String adapter;
    private final String table;
    private final UniqueFields uniques;
    private final KeyModel keys;

    UniqueGuardAudit(Adapter<?> adapter, StoredItemCalls<?> calls) {
        this.calls = calls;
        this.stored = calls.stored();
        this.adapter = adapter.declaration().name();
        this.table = adapter.table();
        this.uniques = adapter.declaration().uniques();
        this.keys = adapter.keys();
    }

    /**
     * @param loop where the reads go on from page to page
     * @return the check of a field's guards
     * @throws IllegalArgumentException when the field is not unique
     */
    CompletableFuture<UniqueReport> verify(String field, Executor loop) {
        return compare(field, loop).thenApply(Comparison::report);
    }

    /**
     * @param concurrency the guards written at once
     * @param loop        where the reads go on from page to page
     * @return the guards written (processed), the rows already guarded (skipped), the rows whose guard points at a
     *         row that does not hold the value and the rows whose guard another row took meanwhile (conflicts); fails
     *         with an {@link IllegalStateException} listing the duplicates, before writing anything, when rows share a
     *         value
     * @throws IllegalArgumentException when the field is not unique
     */
    CompletableFuture<MassPageResult> backfill(String field, int concurrency, Executor loop) {
        return compare(field, loop).thenCompose(comparison -> {
            UniqueReport report = comparison.report();
            if (!report.duplicates().isEmpty()) {
                throw new IllegalStateException("Cannot backfill the guards of the unique field '" + field
                        + "' of adapter '" + adapter + "' (table " + table + "): rows share values, " + shown(report
                        .duplicates()) + "; nothing was written. Give those rows distinct values (or remove them), "
                        + "then backfill again");
            }
            MassTally tally = new MassTally();
            tally.skipped(comparison.guarded());
            report.misguarded().forEach((row, owner) -> tally.conflict(row, "the guard of its " + field
                    + " points at " + AttributeValues.showKey(owner) + ", which does not hold the value; remove that "
                    + "guard, then backfill again"));
            Processors processors = new Processors(calls, new WorkWindow(concurrency, calls));
            return processors.perItem((row, outcome) -> calls.takeGuard(field, row)
                    .thenRun(() -> outcome.processed(1)))
                    .process(comparison.unguardedRows(), tally, MassFutures.DONE)
                    .thenApply(done -> tally.pageResult());
        });
    }

    private CompletableFuture<Comparison> compare(String field, Executor loop) {
        if (!uniques.isUnique(field)) {
            throw new IllegalArgumentException("'" + field + "' is not a unique field of adapter '" + adapter
                    + "'; its unique fields are " + uniques);
        }
        Comparison comparison = new Comparison(field);
        return pages(cursor -> calls.scanPage(ListOptions.defaults().consistently().withCursor(cursor),
                IndexBackfill.DEFAULT_SCAN_SEGMENTS), comparison::addRows, null, loop)
                .thenCompose(rowsRead -> pages(cursor -> calls.guardsPage(field,
                        ListOptions.defaults().withCursor(cursor)), comparison::addGuards, null, loop))
                .thenApply(guardsRead -> comparison);
    }

    /** @return completes once every page from the cursor on is read and handed over, in order */
    private static CompletableFuture<Void> pages(Function<@Nullable String, CompletableFuture<StoredItems.Page>> read,
            Consumer<List<Map<String, AttributeValue>>> each, @Nullable String cursor, Executor loop) {
        return MassFutures.planned(() -> read.apply(cursor)).thenComposeAsync(page -> {
            each.accept(page.items());
            return page.nextCursor() == null ? MassFutures.DONE : pages(read, each, page.nextCursor(), loop);
        }, loop);
    }

    private static String shown(Map<String, List<Map<String, AttributeValue>>> duplicates) {
        List<String> shown = new ArrayList<>();
        duplicates.forEach((value, rows) -> shown.add(value + " held by " + rows.stream()
                .map(AttributeValues::showKey).toList()));
        return String.join("; ", shown);
    }

    /** The rows holding a value of one field and the field's guards, by the guard's key. */
    private final class Comparison {

        private final String field;
        private final Map<Map<String, AttributeValue>, List<Map<String, AttributeValue>>> holders =
                new LinkedHashMap<>();
        private final Map<Map<String, AttributeValue>, Map<String, AttributeValue>> owners = new LinkedHashMap<>();
        private long rows;

        Comparison(String field) {
            this.field = field;
        }

        void addRows(List<Map<String, AttributeValue>> items) {
            for (Map<String, AttributeValue> row : items) {
                uniques.guardKey(field, row, keys).ifPresent(guardKey -> {
                    holders.computeIfAbsent(guardKey, key -> new ArrayList<>()).add(row);
                    rows++;
                });
            }
        }

        void addGuards(List<Map<String, AttributeValue>> guards) {
            for (Map<String, AttributeValue> guard : guards) {
                Map<String, AttributeValue> guardKey = new LinkedHashMap<>();
                keys.primaryKeyNames().forEach(name -> guardKey.put(name, guard.get(name)));
                owners.put(guardKey, Objects.requireNonNull(guard.get(uniques.ownerAttribute()), "a guard's owner")
                        .m());
            }
        }

        UniqueReport report() {
            Map<String, List<Map<String, AttributeValue>>> duplicates = new LinkedHashMap<>();
            List<Map<String, AttributeValue>> unguarded = new ArrayList<>();
            Map<Map<String, AttributeValue>, Map<String, AttributeValue>> misguarded = new LinkedHashMap<>();
            holders.forEach((guardKey, rowsHolding) -> {
                if (rowsHolding.size() > 1) {
                    duplicates.put(shownValue(rowsHolding.get(0)), rowsHolding.stream().map(stored::keyOf).toList());
                    return;
                }
                Map<String, AttributeValue> row = stored.keyOf(rowsHolding.get(0));
                Map<String, AttributeValue> owner = owners.get(guardKey);
                if (owner == null) {
                    unguarded.add(row);
                } else if (!owner.equals(row)) {
                    misguarded.put(row, owner);
                }
            });
            Map<Map<String, AttributeValue>, Map<String, AttributeValue>> orphans = new LinkedHashMap<>();
            owners.forEach((guardKey, owner) -> {
                if (!holders.containsKey(guardKey)) {
                    orphans.put(guardKey, owner);
                }
            });
            return new UniqueReport(field, rows, duplicates, unguarded, misguarded, orphans);
        }

        /** @return the rows holding a value no other row holds, that has no guard */
        List<Map<String, AttributeValue>> unguardedRows() {
            List<Map<String, AttributeValue>> unguarded = new ArrayList<>();
            holders.forEach((guardKey, rowsHolding) -> {
                if (rowsHolding.size() == 1 && !owners.containsKey(guardKey)) {
                    unguarded.add(rowsHolding.get(0));
                }
            });
            return unguarded;
        }

        /** @return how many rows hold a value no other row holds, whose guard points at them */
        long guarded() {
            return holders.entrySet().stream().filter(held -> held.getValue().size() == 1
                    && stored.keyOf(held.getValue().get(0)).equals(owners.get(held.getKey()))).count();
        }

        /** @return a row's value of the field, with the values of the key fields it is unique within */
        private String shownValue(Map<String, AttributeValue> row) {
            String value = AttributeValues.show(Objects.requireNonNull(row.get(field), "a value held"));
            List<String> within = uniques.within(field);
            if (within.isEmpty()) {
                return value;
            }
            List<String> scope = within.stream().map(name -> name + "=" + AttributeValues.show(Objects.requireNonNull(
                    row.get(name), "a scope value"))).toList();
            return value + " within " + scope;
        }
    }
}
