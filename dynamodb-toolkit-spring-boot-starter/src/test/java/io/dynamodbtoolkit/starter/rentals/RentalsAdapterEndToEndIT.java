package io.dynamodbtoolkit.starter.rentals;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import io.dynamodbtoolkit.adapter.Adapter;
import io.dynamodbtoolkit.adapter.ListOptions;
import io.dynamodbtoolkit.index.IndexQuery;
import io.dynamodbtoolkit.key.KeyValues;
import io.dynamodbtoolkit.key.SubtreeQuery;
import io.dynamodbtoolkit.mass.MassOperations;
import io.dynamodbtoolkit.mass.MassOptions;
import io.dynamodbtoolkit.mass.MassResult;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;

/**
 * The application's {@code application.yml} declares the rentals adapter; against a real server, with
 * {@code provisioning: create}, the adapter bean serves subtree, partial and sparse-index reads and a cascade.
 */
@SpringBootTest(classes = RentalsApplication.class)
class RentalsAdapterEndToEndIT {

    private static final String TABLE_PREFIX = EndToEndServer.uniqueTablePrefix();

    @DynamicPropertySource
    static void server(DynamicPropertyRegistry registry) {
        EndToEndServer.register(registry, TABLE_PREFIX);
    }

    @AfterAll
    static void dropTheTable() {
        EndToEndServer.dropRentals(TABLE_PREFIX);
    }

    @Autowired
    private Adapter<Map<String, Object>> rentals;

    @Test
    void theConfiguredAdapterServesTheKeyDesign() {
        assertThat(rentals.table()).isEqualTo(TABLE_PREFIX + "rentals");
        rentals.post(item("state", "TX"));
        rentals.post(item("state", "TX", "facility", "Dallas"));
        rentals.post(item("state", "TX", "facility", "Dallasville"));
        rentals.post(item("state", "TX", "facility", "Austin"));
        rentals.post(item("state", "TX", "facility", "Dallas", "vin", "1HGC001"));
        rentals.post(item("state", "TX", "facility", "Dallas", "vin", "1HGC002", "reviewFlag", "pending",
                "submittedAt", "2026-07-01T10:00:00Z"));
        rentals.post(item("state", "TX", "facility", "Dallasville", "vin", "5YJ3003", "reviewFlag", "pending",
                "submittedAt", "2026-07-02T10:00:00Z"));

        KeyValues dallas = KeyValues.of("state", "TX", "facility", "Dallas");
        assertThat(keys(rentals.list(SubtreeQuery.children(dallas), ListOptions.defaults()).items()))
                .containsExactly("TX|Dallas|1HGC001", "TX|Dallas|1HGC002");
        assertThat(keys(rentals.list(SubtreeQuery.selfAndDescendants(dallas), ListOptions.defaults()).items()))
                .containsExactly("TX|Dallas", "TX|Dallas|1HGC001", "TX|Dallas|1HGC002");
        assertThat(keys(rentals.list(SubtreeQuery.partial(KeyValues.of("state", "TX"), "Dal"),
                ListOptions.defaults()).items())).as("in byte order of the structural key: '|' sorts after 'v'")
                .containsExactly("TX|Dallas", "TX|Dallasville", "TX|Dallasville|5YJ3003", "TX|Dallas|1HGC001",
                        "TX|Dallas|1HGC002");
        assertThat(keys(rentals.queryIndirect(IndexQuery.on("needs-review").eq("reviewFlag", "pending"),
                ListOptions.defaults()).items())).containsExactly("TX|Dallas|1HGC002", "TX|Dallasville|5YJ3003");
        assertThat(rentals.get(KeyValues.of("state", "TX", "facility", "Dallas", "vin", "1HGC001")))
                .hasValueSatisfying(vehicle -> assertThat(vehicle).containsEntry("kind", "vehicle"));

        MassResult deleted = MassOperations.of(rentals).deleteAllUnder(dallas, MassOptions.defaults());
        assertThat(deleted.processed()).isEqualTo(3);
        assertThat(rentals.list(SubtreeQuery.selfAndDescendants(dallas), ListOptions.defaults()).items()).isEmpty();
        assertThat(keys(rentals.list(SubtreeQuery.children(KeyValues.of("state", "TX")), ListOptions.defaults())
                .items())).containsExactly("TX|Austin", "TX|Dallasville", "TX|Dallasville|5YJ3003");
    }

    private static List<String> keys(List<Map<String, Object>> items) {
        return items.stream().map(item -> String.join("|", item.entrySet().stream()
                .filter(entry -> List.of("state", "facility", "vin").contains(entry.getKey()))
                .map(entry -> entry.getValue().toString()).toList())).toList();
    }

    private static Map<String, Object> item(String... pairs) {
        Map<String, Object> item = new LinkedHashMap<>();
        for (int i = 0; i < pairs.length; i += 2) {
            item.put(pairs[i], pairs[i + 1]);
        }
        return item;
    }
}
