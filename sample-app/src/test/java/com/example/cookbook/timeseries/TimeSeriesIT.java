package com.example.cookbook.timeseries;

// tag::reverse-timestamp[]
import static org.assertj.core.api.Assertions.assertThat;

// end::reverse-timestamp[]
import java.time.Duration;
// tag::reverse-timestamp[]
import java.time.Instant;
// end::reverse-timestamp[]
import java.util.List;

import com.example.cookbook.RecordedCalls;
import io.dynamodbtoolkit.boot.test.autoconfigure.DynamoDbToolkitTest;
// tag::reverse-timestamp[]
import io.dynamodbtoolkit.key.Timestamps;
// end::reverse-timestamp[]
import io.dynamodbtoolkit.sample.readme.Readme;
import io.dynamodbtoolkit.sample.readme.SentRequests;
import io.dynamodbtoolkit.test.RequestLog;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.context.annotation.Import;
import org.springframework.test.context.TestPropertySource;
// tag::reverse-timestamp[]

// end::reverse-timestamp[]
/** The cookbook's write-sharded time series, and the reverse timestamp. */
@DynamoDbToolkitTest
@TestPropertySource(properties = "spring.config.name=timeseries")
@Import(RecordedCalls.class)
class TimeSeriesIT {

    private static final Instant JULY_1 = Instant.parse("2026-07-01T00:00:00Z");

    @Autowired
    private ReadingRepository readings;

    @Autowired
    private RequestLog calls;

    @Test
    void aWindowOverThreeMonthsIsThreeKeySeeks() {
        for (int day = 0; day < 92; day += 7) {
            Instant at = JULY_1.plus(Duration.ofDays(day));
            readings.insert(new Reading(Timestamps.monthlyBucket("device-7", at), at.toEpochMilli(), 20 + day / 10.0));
            readings.insert(new Reading(Timestamps.monthlyBucket("device-8", at), at.toEpochMilli(), 30));
        }
        calls.clear();

        List<Reading> window = new ReadingWindow(readings).of("device-7", Instant.parse("2026-07-20T00:00:00Z"),
                Instant.parse("2026-09-10T00:00:00Z"));

        assertThat(window).extracting(Reading::ts).isSorted().hasSize(8).allSatisfy(ts ->
                assertThat(Instant.ofEpochMilli(ts)).isBetween("2026-07-20T00:00:00Z", "2026-09-10T00:00:00Z"));
        assertThat(window).extracting(Reading::bucket).containsOnly("device-7#2026-07", "device-7#2026-08",
                "device-7#2026-09");
        calls.assertNoReadAmplification();
        assertThat(SentRequests.text(calls, RecordedCalls::withoutTestPrefix))
                .isEqualTo(Readme.request("cookbook/time-series-window").text());
    }

    @Test
    void numbersInTheKeyAreZeroPaddedSoTheySortAsNumbers() {
        readings.insert(new Reading("device-9#1970-01", 9, 1));
        readings.insert(new Reading("device-9#1970-01", 10, 2));
        assertThat(readings.findByBucketAndTsBetween("device-9#1970-01", 0, 100)).extracting(Reading::ts)
                .containsExactly(9L, 10L);
    }

    @Test
    void aReverseTimestampSortsTheNewestFirst() {
        // tag::reverse-timestamp[]
        String newer = Timestamps.reverse(Instant.parse("2026-07-16T09:12:00Z").toEpochMilli()); // "8215806879999"
        String older = Timestamps.reverse(Instant.parse("2026-07-01T00:00:00Z").toEpochMilli());
        assertThat(newer).hasSize(13).isLessThan(older);             // ascending order = newest first
        assertThat(Timestamps.fromReverse(newer)).isEqualTo("2026-07-16T09:12:00Z");
        // end::reverse-timestamp[]
    }
}
