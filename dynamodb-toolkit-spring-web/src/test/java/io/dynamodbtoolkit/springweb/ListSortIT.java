package io.dynamodbtoolkit.springweb;

import static org.hamcrest.Matchers.contains;
import static org.hamcrest.Matchers.containsString;
import static org.hamcrest.Matchers.hasSize;
import static org.springframework.test.web.servlet.request.MockMvcRequestBuilders.get;
import static org.springframework.test.web.servlet.result.MockMvcResultMatchers.jsonPath;
import static org.springframework.test.web.servlet.result.MockMvcResultMatchers.status;

import java.math.BigDecimal;
import java.util.List;

import com.jayway.jsonpath.JsonPath;
import io.dynamodbtoolkit.adapter.ListOptions;
import io.dynamodbtoolkit.springweb.RentalRow.Facility;
import io.dynamodbtoolkit.springweb.RentalRow.State;
import io.dynamodbtoolkit.springweb.RentalRow.Vehicle;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.springframework.test.web.servlet.MockMvc;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;

/**
 * {@code sort}: served by the key order of a key seek, or by a declared index whose sort key is the field when the
 * request fixes the index's partition ({@code eq-make=Honda} for an index by make sorted by daily rate), never in
 * memory; anything else refused with the orders that can be served.
 */
class ListSortIT extends RestTestSupport {

    private MockMvc mvc;

    @BeforeEach
    void load(DynamoDbClient client) {
        RestFixture fixture = new RestFixture(client, rentalsTable, issuesTable, RestPolicy.defaults());
        mvc = fixture.mvc;
        List<RentalRow> existing = fixture.rentals.scan(ListOptions.defaults(), RentalRow.class).items();
        fixture.rentals.deleteAllById(existing.stream().map(fixture.rentals::keyOf).toList());
        fixture.rentals.saveAll(List.of(new State("TX", "Texas", null), new Facility("TX", "Dallas", "Dallas", null),
                vehicle("1HGC0001", "Honda", "59.00"), vehicle("1HGC0002", "Honda", "39.50"),
                vehicle("1HGC0003", "Honda", "120.00"), vehicle("5YJ30003", "Tesla", "99.00")));
    }

    private static Vehicle vehicle(String vin, String make, String rate) {
        return new Vehicle("TX", "Dallas", vin, make, new BigDecimal(rate), 5, null);
    }

    @Test
    void aDeclaredIndexServesItsSortKeyWhenTheRequestFixesItsPartition() throws Exception {
        mvc.perform(get("/api/rentals").param("eq-make", "Honda").param("sort", "dailyRate"))
                .andExpect(status().isOk()).andExpect(jsonPath("$.data", hasSize(3)))
                .andExpect(jsonPath("$.data[*].vin", contains("1HGC0002", "1HGC0001", "1HGC0003")));
        mvc.perform(get("/api/rentals").param("eq-make", "Honda").param("sort", "-dailyRate"))
                .andExpect(status().isOk())
                .andExpect(jsonPath("$.data[*].vin", contains("1HGC0003", "1HGC0001", "1HGC0002")));
    }

    @Test
    void anIndexOrderPagesWithItsCursor() throws Exception {
        String first = mvc.perform(get("/api/rentals").param("eq-make", "Honda").param("sort", "-dailyRate")
                .param("limit", "2")).andExpect(status().isOk()).andExpect(jsonPath("$.data", hasSize(2)))
                .andReturn().getResponse().getContentAsString();
        String next = JsonPath.read(first, "$.links.next");

        mvc.perform(get(next)).andExpect(status().isOk())
                .andExpect(jsonPath("$.data[*].vin", contains("1HGC0002")));
    }

    @Test
    void anOrderNothingServesIsRefusedNamingTheOrdersThatCanBe() throws Exception {
        mvc.perform(get("/api/rentals").param("sort", "dailyRate")).andExpect(status().isBadRequest())
                .andExpect(jsonPath("$.detail", containsString("dailyRate (index by-make, with eq-make=...)")));
        mvc.perform(get("/api/rentals").param("eq-make", "Honda").param("sort", "seats"))
                .andExpect(status().isBadRequest())
                .andExpect(jsonPath("$.detail", containsString("dailyRate (index by-make)")));
        mvc.perform(get("/api/rentals/TX/Dallas/-under").param("sort", "dailyRate"))
                .andExpect(status().isBadRequest())
                .andExpect(jsonPath("$.detail", containsString("state, facility, vin (the key order)")));
        mvc.perform(get("/api/rentals/TX/Dallas/-under").param("sort", "-vin")).andExpect(status().isOk())
                .andExpect(jsonPath("$.data[0].vin").value("5YJ30003"));
    }
}
