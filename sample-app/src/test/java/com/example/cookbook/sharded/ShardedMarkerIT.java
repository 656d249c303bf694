package com.example.cookbook.sharded;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;

import com.example.cookbook.RecordedCalls;
import io.dynamodbtoolkit.boot.test.autoconfigure.DynamoDbToolkitTest;
import io.dynamodbtoolkit.sample.readme.Readme;
import io.dynamodbtoolkit.sample.readme.SentRequests;
import io.dynamodbtoolkit.test.RequestLog;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.context.annotation.Import;
import org.springframework.test.context.TestPropertySource;

/** The cookbook's sharded marker: the members of a tier spread over four index partitions, read back merged. */
@DynamoDbToolkitTest
@TestPropertySource(properties = "spring.config.name=sharded")
@Import(RecordedCalls.class)
class ShardedMarkerIT {

    @Autowired
    private FleetRepository fleet;

    @Autowired
    private RequestLog calls;

    @Test
    void listsTheWholeTierInKeyOrderFromEveryShard() {
        List<String> vins = List.of("1FTEW1EP5JFA12345", "1HGCM82633A004352", "2T1BURHE0JC043821",
                "3VWC57BU9KM445566", "4T1B11HK5JU509876", "5YJ3E1EA7KF317000", "JTDKBRFU9J3059320",
                "WBA8E9G51JNU24681");
        for (int i = vins.size() - 1; i >= 0; i--) {
            fleet.insert(new FleetVehicle(vins.get(i), "model of " + vins.get(i), "south"));
        }
        calls.clear();

        assertThat(fleet.findInSparseIndexOfVehicles()).extracting(FleetVehicle::vin).containsExactlyElementsOf(vins);
        calls.assertNoReadAmplification();
        List<String> sent = SentRequests.of(calls, RecordedCalls::withoutTestPrefix);
        assertThat(String.join("\n", sent.stream().sorted().toList()))
                .isEqualTo(Readme.request("cookbook/sharded-marker").text());
    }
}
