package io.dynamodbtoolkit.provision;

/**
 * A unique field some of whose rows hold a value without a guard pointing at them, found by sampling the table at
 * provisioning: the field was declared unique after the rows were written (or the rows predate its guards), so
 * nothing yet stops another row from taking their values until the guards are written
 * ({@code MassOperations.backfillUnique}). A sample cannot tell whether rows share a value: the entry says so, and
 * {@code MassOperations.verifyUnique} checks the whole table.
 *
 * @param field     the unique field
 * @param rows      how many rows lack their guard: counted when the sample read the whole table, else estimated
 * @param unguarded how many sampled rows lack it
 * @param holding   how many sampled rows hold a value of the field
 * @param sampled   how many rows were sampled
 * @param counted   whether the sample was the whole table, so that {@code rows} is a count
 */
public record UniqueBackfillNeed(String field, long rows, long unguarded, long holding, long sampled,
        boolean counted) {

    /**
     * @return e.g. {@code unique field 'email' needs the guards of 1250 rows (estimate: 250 of 1000 sampled rows, 800
     *         holding a value); duplicates cannot be estimated from a sample: run verifyUnique to find them}
     */
    public String describe() {
        return "unique field '" + field + "' needs the guards of " + rows + " rows (" + (counted
                ? "counted: every item of the table read" : "estimate: " + unguarded + " of " + sampled
                        + " sampled rows") + ", " + holding + " holding a value); duplicates cannot be estimated "
                + "from a sample: run verifyUnique to find them, backfillUnique to write the guards";
    }

    @Override
    public String toString() {
        return describe();
    }
}
