package io.dynamodbtoolkit.sample.batch;

import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.bind.DefaultValue;

/**
 * What the manager of the profile {@code batch} runs ({@code sample.batch.*}): the ready job
 * {@code rentals.moveAllUnder}, moving a state's rentals to another state.
 *
 * @param from    the state whose subtree moves
 * @param to      the state it moves to
 * @param seed    how many vehicles to write under {@code from} first, spread over 10 facilities (0: none; nothing is
 *                written when {@code from} already has its row)
 * @param rate    the job's limit: items per second, or a share of the table's write capacity ({@code 25%})
 * @param restart whether to restart the job's unfinished execution instead of starting the job
 */
@ConfigurationProperties("sample.batch")
public record BatchRunProperties(@DefaultValue("TX") String from, @DefaultValue("CA") String to,
        @DefaultValue("0") int seed, @DefaultValue("2000") String rate, @DefaultValue("false") boolean restart) {
}
