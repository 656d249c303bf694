package io.dynamodbtoolkit.springbatch.rate;

import java.math.BigDecimal;

import org.jspecify.annotations.Nullable;

/**
 * A job's limit, as written in its {@code rate} parameter: a number of items per second ({@code 500}), or a share of
 * the table's write capacity ({@code 25%}), which {@link TableCapacity} turns into items per second.
 *
 * @param itemsPerSecond the items per second, when the limit is written as a number (else 0)
 * @param capacityShare  the share of the table's write capacity, between 0 (excluded) and 1, when written as a
 *                       percentage (else 0)
 */
public record JobRate(double itemsPerSecond, double capacityShare) {

    /**
     * Reads a rate as the job parameter writes it.
     *
     * @param parameter the parameter's name, for the messages
     * @param text      {@code <items per second>} or {@code <percent>%} (at most 100%)
     * @return the rate
     * @throws IllegalArgumentException naming the parameter when the text is neither form, or not positive
     */
    public static JobRate parse(String parameter, String text) {
        String trimmed = text.strip();
        boolean percent = trimmed.endsWith("%");
        BigDecimal number;
        try {
            number = new BigDecimal(percent ? trimmed.substring(0, trimmed.length() - 1).strip() : trimmed);
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException(bad(parameter, text));
        }
        if (number.signum() <= 0 || Double.isInfinite(number.doubleValue())
                || percent && number.compareTo(BigDecimal.valueOf(100)) > 0) {
            throw new IllegalArgumentException(bad(parameter, text));
        }
        return percent ? new JobRate(0, number.doubleValue() / 100) : new JobRate(number.doubleValue(), 0);
    }

    /** @return whether the limit is a share of the table's capacity */
    public boolean isCapacityShare() {
        return capacityShare > 0;
    }

    /**
     * @param capacity      the table's capacity (read only for a share)
     * @param writesPerItem the writes each item costs (a move writes its copy and deletes its source: 2)
     * @return the job's limit in items per second
     */
    public double itemsPerSecond(@Nullable TableCapacity capacity, int writesPerItem) {
        if (!isCapacityShare()) {
            return itemsPerSecond;
        }
        if (capacity == null) {
            throw new IllegalArgumentException("A rate given as a share of the table's write capacity needs the "
                    + "table's capacity (TableCapacity.describe)");
        }
        return Math.max(1e-3, capacity.writeUnitsPerSecond() * capacityShare / writesPerItem);
    }

    private static String bad(String parameter, String text) {
        return "The job parameter '" + parameter + "' must be a positive number of items per second (e.g. 500) or a "
                + "share of the table's write capacity of at most 100% (e.g. 25%), not '" + text + "'";
    }
}
