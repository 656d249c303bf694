package io.dynamodbtoolkit.provision;

import java.util.List;

/**
 * How a live table compares with its declaration.
 *
 * @param table          the table
 * @param exists         whether the table exists
 * @param fixable        differences provisioning can fix by adding (a missing table, index or TTL setting)
 * @param conflicts      differences it cannot fix without dropping or altering (key schema, attribute types,
 *                       projections, a missing local index)
 * @param notes          harmless differences (e.g. an index the declaration does not know)
 * @param backfills      indexes whose computed attributes items written before them lack (a sampled estimate;
 *                       empty when not sampled); they do not make the table differ, the index just misses items
 * @param retiredIndexes indexes the table has and the declaration no longer names, with their stale computed
 *                       attributes
 * @param uniqueBackfills unique fields some rows hold without a guard pointing at them (a sampled estimate from the
 *                        same sample; empty when not sampled); they do not make the table differ, nothing just keeps
 *                        those values unique yet
 */
public record TableReport(String table, boolean exists, List<Difference> fixable, List<Difference> conflicts,
        List<String> notes, List<BackfillNeed> backfills, List<RetiredIndex> retiredIndexes,
        List<UniqueBackfillNeed> uniqueBackfills) {

    public TableReport {
        fixable = List.copyOf(fixable);
        conflicts = List.copyOf(conflicts);
        notes = List.copyOf(notes);
        backfills = List.copyOf(backfills);
        retiredIndexes = List.copyOf(retiredIndexes);
        uniqueBackfills = List.copyOf(uniqueBackfills);
    }

    /** A report without unique fields to backfill (none found, or not sampled). */
    public TableReport(String table, boolean exists, List<Difference> fixable, List<Difference> conflicts,
            List<String> notes, List<BackfillNeed> backfills, List<RetiredIndex> retiredIndexes) {
        this(table, exists, fixable, conflicts, notes, backfills, retiredIndexes, List.of());
    }

    /** @return whether the live table matches the declaration */
    public boolean matches() {
        return fixable.isEmpty() && conflicts.isEmpty();
    }

    /** @return the same report with the backfills a sample found */
    public TableReport withBackfills(List<BackfillNeed> found) {
        return new TableReport(table, exists, fixable, conflicts, notes, found, retiredIndexes, uniqueBackfills);
    }

    /** @return the same report with the unique fields whose rows a sample found without guards */
    public TableReport withUniqueBackfills(List<UniqueBackfillNeed> found) {
        return new TableReport(table, exists, fixable, conflicts, notes, backfills, retiredIndexes, found);
    }

    /** @return a readable report, one line per difference */
    public String describe() {
        if (matches() && notes.isEmpty() && backfills.isEmpty() && uniqueBackfills.isEmpty()) {
            return "Table " + table + " matches its declaration.";
        }
        StringBuilder text = new StringBuilder("Table " + table + (matches() ? " matches its declaration." : ":"));
        fixable.forEach(d -> text.append(System.lineSeparator()).append("  - ").append(d.describe())
                .append(" (provisioning=create adds it)"));
        conflicts.forEach(d -> text.append(System.lineSeparator()).append("  - ").append(d.describe())
                .append(" (cannot be fixed without dropping: change the declaration or migrate the table)"));
        notes.forEach(note -> text.append(System.lineSeparator()).append("  note: ").append(note));
        backfills.forEach(need -> text.append(System.lineSeparator()).append("  - ").append(need.describe())
                .append(" (items written before it lack its computed attributes: run IndexBackfill)"));
        uniqueBackfills.forEach(need -> text.append(System.lineSeparator()).append("  - ").append(need.describe()));
        return text.toString();
    }

    @Override
    public String toString() {
        return describe();
    }

    /**
     * One difference.
     *
     * @param subject  what differs, e.g. {@code index 'by-status'}
     * @param expected what the declaration needs
     * @param actual   what the table has
     */
    public record Difference(String subject, String expected, String actual) {

        /** @return e.g. {@code index 'by-status': expected KEYS_ONLY projection, found ALL} */
        public String describe() {
            return subject + ": expected " + expected + ", found " + actual;
        }
    }
}
