package io.dynamodbtoolkit.springweb;

import static org.hamcrest.Matchers.containsString;
import static org.hamcrest.Matchers.containsInAnyOrder;
import static org.hamcrest.Matchers.empty;
import static org.hamcrest.Matchers.hasSize;
import static org.hamcrest.Matchers.not;
import static org.springframework.test.web.servlet.request.MockMvcRequestBuilders.delete;
import static org.springframework.test.web.servlet.request.MockMvcRequestBuilders.get;
import static org.springframework.test.web.servlet.result.MockMvcResultMatchers.content;
import static org.springframework.test.web.servlet.result.MockMvcResultMatchers.jsonPath;
import static org.springframework.test.web.servlet.result.MockMvcResultMatchers.status;

import static org.assertj.core.api.Assertions.assertThat;

import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.List;

import com.jayway.jsonpath.Configuration;
import com.jayway.jsonpath.JsonPath;
import com.jayway.jsonpath.Option;
import io.dynamodbtoolkit.adapter.ListOptions;
import io.dynamodbtoolkit.springweb.RentalRow.Facility;
import io.dynamodbtoolkit.springweb.RentalRow.State;
import io.dynamodbtoolkit.springweb.RentalRow.Vehicle;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.springframework.test.web.servlet.MockMvc;
import org.springframework.test.web.servlet.MvcResult;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;

/**
 * {@code search=term} on the list routes of an adapter declaring searchable fields ({@code rentals}: make, city,
 * name): a case-insensitive substring of any of them, combined with filter clauses, paged exactly by cursor;
 * refused (400, naming the fix) on an adapter without searchable fields ({@code issues}); hostile terms get 4xx or
 * an empty page, never 5xx.
 */
class ListSearchIT extends RestTestSupport {

    private MockMvc mvc;
    private DynamoDbClient client;
    private RestFixture fixture;

    @BeforeEach
    void load(DynamoDbClient client) {
        this.client = client;
        fixture = new RestFixture(client, rentalsTable, issuesTable, RestPolicy.defaults());
        mvc = fixture.mvc;
        List<RentalRow> existing = fixture.rentals.scan(ListOptions.defaults(), RentalRow.class).items();
        fixture.rentals.deleteAllById(existing.stream().map(fixture.rentals::keyOf).toList());
        fixture.rentals.saveAll(List.of(new State("TX", "Texas", null), new Facility("TX", "Dallas", "Dallas", null),
                new Facility("TX", "Austin", "Austin", null),
                vehicle("Dallas", "1HGC0001", "Honda", 5), vehicle("Dallas", "1HGC0002", "HONDA", 7),
                vehicle("Dallas", "1HGC0003", "honda", 5), vehicle("Dallas", "5YJ30003", "Tesla", 5),
                vehicle("Dallas", "TMBJ0004", "Škoda", 5), vehicle("Austin", "JT0005", "Toyota", 5)));
    }

    private static Vehicle vehicle(String facility, String vin, String make, int seats) {
        return new Vehicle("TX", facility, vin, make, new BigDecimal("50.00"), seats, null);
    }

    @Test
    void aSearchMatchesAnySearchableFieldCaseInsensitively() throws Exception {
        mvc.perform(get("/api/rentals/TX/Dallas/-under").param("search", "hOnD")).andExpect(status().isOk())
                .andExpect(jsonPath("$.data[*].vin", containsInAnyOrder("1HGC0001", "1HGC0002", "1HGC0003")))
                .andExpect(content().string(not(containsString("_search-"))));
        mvc.perform(get("/api/rentals/TX/-self-and-under").param("search", "AS")).andExpect(status().isOk())
                .andExpect(jsonPath("$.data[*].name", containsInAnyOrder("Texas")))
                .andExpect(jsonPath("$.data", hasSize(2)))
                .andExpect(jsonPath("$.data[1].city").value("Dallas"));
        mvc.perform(get("/api/rentals/TX/Dallas/-under").param("search", "ŠKO")).andExpect(status().isOk())
                .andExpect(jsonPath("$.data[*].vin", containsInAnyOrder("TMBJ0004")));
        mvc.perform(get("/api/rentals/TX/Dallas/-under").param("search", "")).andExpect(status().isOk())
                .andExpect(jsonPath("$.data", hasSize(5)));
    }

    @Test
    void aSearchIsCombinedWithFilterClauses() throws Exception {
        mvc.perform(get("/api/rentals/TX/Dallas/-under").param("search", "honda").param("eq-seats", "5"))
                .andExpect(status().isOk())
                .andExpect(jsonPath("$.data[*].vin", containsInAnyOrder("1HGC0001", "1HGC0003")));
    }

    @Test
    void cursorPagingWithASearchReturnsEveryMatchOnce() throws Exception {
        List<String> seen = new ArrayList<>();
        String next = "/api/rentals/TX/-under?search=o&limit=2";
        while (next != null) {
            MvcResult page = mvc.perform(get(next)).andExpect(status().isOk()).andReturn();
            String body = page.getResponse().getContentAsString();
            seen.addAll(JsonPath.read(body, "$.data[*].vin"));
            next = JsonPath.using(Configuration.defaultConfiguration().addOptions(Option.SUPPRESS_EXCEPTIONS))
                    .parse(body).read("$.links.next");
        }
        assertThat(seen).containsExactlyInAnyOrder("1HGC0001", "1HGC0002", "1HGC0003", "TMBJ0004", "JT0005");
    }

    @Test
    void theMassRoutesActOnTheRowsTheSearchSelects() throws Exception {
        RestFixture allowing = new RestFixture(client, rentalsTable, issuesTable,
                RestPolicy.defaults().allowingUnscopedDelete());

        allowing.mvc.perform(delete("/api/rentals").param("search", "HONDA").param("eq-seats", "5"))
                .andExpect(status().isOk()).andExpect(jsonPath("$.processed").value(2));

        assertThat(fixture.rentals.scan(ListOptions.defaults(), RentalRow.class).items()).hasSize(7)
                .noneMatch(row -> row instanceof Vehicle vehicle && vehicle.seats() == 5
                        && vehicle.make().equalsIgnoreCase("honda"));
        allowing.mvc.perform(delete("/api/issues").header("X-Tenant", "acme").param("search", "bug"))
                .andExpect(status().isBadRequest())
                .andExpect(jsonPath("$.detail", containsString("no field of 'issues' is searchable")));
    }

    @Test
    void anAdapterWithoutSearchableFieldsRefusesASearchNamingTheFix() throws Exception {
        mvc.perform(get("/api/issues/acme/-under").header("X-Tenant", "acme").param("search", "bug"))
                .andExpect(status().isBadRequest())
                .andExpect(jsonPath("$.detail", containsString("no field of 'issues' is searchable")))
                .andExpect(jsonPath("$.detail", containsString("dynamodb.toolkit.adapters.issues.searchable")));
    }

    @Test
    void hostileTermsGetAClientErrorOrNothingNeverAServerError() throws Exception {
        for (String term : List.of("\"'); DROP", ":q", "#m1", "TX|Dallas|", "%00", "\u0000", "o\u0301",
                "🚗", "a".repeat(ListRequest.MAX_SEARCH_LENGTH), " ", "\\", ",", "contains(x, :q) OR true")) {
            mvc.perform(get("/api/rentals/TX/-under").param("search", term)).andExpect(status().isOk())
                    .andExpect(content().string(not(containsString("_search-"))));
        }
        mvc.perform(get("/api/rentals/TX/-under").param("search", "'")).andExpect(status().isOk())
                .andExpect(jsonPath("$.data", empty()));
        mvc.perform(get("/api/rentals/TX/-under").param("search", "a".repeat(ListRequest.MAX_SEARCH_LENGTH + 1)))
                .andExpect(status().isBadRequest())
                .andExpect(jsonPath("$.detail", containsString("give at most 100")));
        mvc.perform(get("/api/rentals/TX/-under").param("search", "x".repeat(10 * 1024)))
                .andExpect(status().is4xxClientError());
        mvc.perform(get("/api/rentals/TX/-under").param("search", "a").param("search", "b"))
                .andExpect(status().isBadRequest()).andExpect(jsonPath("$.detail", containsString("give it once")));
        mvc.perform(get("/api/rentals/TX/-under").param("search", "a").param("cursor", "forged"))
                .andExpect(status().is4xxClientError());
    }
}
