package io.dynamodbtoolkit.springweb;

import static org.assertj.core.api.Assertions.assertThat;
import static org.hamcrest.Matchers.allOf;
import static org.hamcrest.Matchers.containsString;
import static org.springframework.test.web.servlet.request.MockMvcRequestBuilders.delete;
import static org.springframework.test.web.servlet.request.MockMvcRequestBuilders.get;
import static org.springframework.test.web.servlet.request.MockMvcRequestBuilders.post;
import static org.springframework.test.web.servlet.request.MockMvcRequestBuilders.put;
import static org.springframework.test.web.servlet.result.MockMvcResultMatchers.jsonPath;
import static org.springframework.test.web.servlet.result.MockMvcResultMatchers.status;

import java.math.BigDecimal;
import java.net.URI;
import java.util.List;

import io.dynamodbtoolkit.adapter.ListOptions;
import io.dynamodbtoolkit.springweb.RentalRow.Facility;
import io.dynamodbtoolkit.springweb.RentalRow.State;
import io.dynamodbtoolkit.springweb.RentalRow.Vehicle;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.springframework.http.MediaType;
import org.springframework.test.web.servlet.MockMvc;
import org.springframework.test.web.servlet.request.MockHttpServletRequestBuilder;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;

/**
 * Each route takes a known set of query parameters: a misspelt parameter or filter operator is refused with 400 naming
 * it, so it never widens a read or a mass write; numbers, flags and field lists are read strictly.
 */
class RouteParametersIT extends RestTestSupport {

    private RestFixture fixture;
    private MockMvc mvc;

    @BeforeEach
    void load(DynamoDbClient client) throws Exception {
        fixture = new RestFixture(client, rentalsTable, issuesTable, RestPolicy.defaults());
        mvc = fixture.mvc;
        fixture.rentals.deleteAllById(fixture.rentals.scan(ListOptions.defaults(), RentalRow.class).items().stream()
                .map(fixture.rentals::keyOf).toList());
        fixture.rentals.saveAll(List.of(new State("TX", "Texas", null), new Facility("TX", "Dallas", "Dallas", null),
                new Vehicle("TX", "Dallas", "V1", "Honda", new BigDecimal("49.90"), 5, null),
                new Vehicle("TX", "Dallas", "V2", "Ford", new BigDecimal("39.90"), 4, null)));
        List<Issue> issues = fixture.issues.unscoped().scan(ListOptions.defaults(), Issue.class).items();
        fixture.issues.unscoped().deleteAllById(issues.stream().map(fixture.issues::keyOf).toList());
        for (String issue : List.of("A-1", "A-2")) {
            mvc.perform(post("/api/issues").header("X-Tenant", "acme").contentType(MediaType.APPLICATION_JSON)
                    .content("{\"tenant\":\"acme\",\"project\":\"web\",\"issue\":\"" + issue + "\",\"title\":\"t\"}"))
                    .andExpect(status().isCreated());
        }
    }

    @Test
    void anUnknownFilterOperatorIsRefusedNamingIt() throws Exception {
        mvc.perform(get("/api/rentals?zz-make=Honda")).andExpect(status().isBadRequest())
                .andExpect(jsonPath("$.type").value(RestProblemAdvice.TYPE_PREFIX + "unknown-parameter"))
                .andExpect(jsonPath("$.detail", allOf(containsString("'zz-make'"),
                        containsString("'zz' is not a filter operator"))));
        mvc.perform(get("/api/rentals/TX/Dallas/-under?bogus-make=Honda")).andExpect(status().isBadRequest())
                .andExpect(jsonPath("$.detail", containsString("'bogus-make'")));
    }

    @Test
    void aMisspeltParameterNeverWidensAMassOperation() throws Exception {
        mvc.perform(delete("/api/issues?zz-title=x").header("X-Tenant", "acme")).andExpect(status().isBadRequest())
                .andExpect(jsonPath("$.detail", containsString("'zz-title'")));
        mvc.perform(put("/api/issues/-move?zz-title=x").header("X-Tenant", "acme")
                .contentType(MediaType.APPLICATION_JSON).content("{\"project\":\"api\"}"))
                .andExpect(status().isBadRequest());
        mvc.perform(delete("/api/issues?maxitems=1").header("X-Tenant", "acme")).andExpect(status().isBadRequest())
                .andExpect(jsonPath("$.detail", allOf(containsString("'maxitems'"), containsString("'maxItems'"))));
        assertThat(fixture.issues.unscoped().scan(ListOptions.defaults(), Issue.class).items()).hasSize(2);
    }

    @Test
    void aSubtreeDeleteRefusesAFilterItCannotApply() throws Exception {
        mvc.perform(delete("/api/rentals/TX/Dallas/-under?eq-make=Honda")).andExpect(status().isBadRequest())
                .andExpect(jsonPath("$.detail", containsString("'eq-make'")));
        assertThat(fixture.rentals.scan(ListOptions.defaults(), RentalRow.class).items()).hasSize(4);
    }

    @Test
    void aRouteRefusesTheParametersOfAnother() throws Exception {
        mvc.perform(get("/api/rentals/TX/Dallas/V1?fields=make")).andExpect(status().isBadRequest())
                .andExpect(jsonPath("$.detail", containsString("this route takes no query parameter")));
        mvc.perform(delete("/api/rentals/TX/Dallas/V1?force=true")).andExpect(status().isBadRequest());
        mvc.perform(get("/api/rentals?prefix=Dal")).andExpect(status().isBadRequest());
        assertThat(fixture.rentals.scan(ListOptions.defaults(), RentalRow.class).items()).hasSize(4);
    }

    @Test
    void theParametersARouteTakesStillWork() throws Exception {
        mvc.perform(get("/api/rentals/TX/Dallas/-under?eq-make=Honda&limit=5&fields=make,*keys&total=true"))
                .andExpect(status().isOk()).andExpect(jsonPath("$.data[0].vin").value("V1"));
        mvc.perform(delete("/api/issues?eq-issue=A-1&maxItems=10").header("X-Tenant", "acme"))
                .andExpect(status().isBadRequest()).andExpect(jsonPath("$.type").value(
                        RestProblemAdvice.TYPE_PREFIX + "invalid-filter"));
    }

    @ParameterizedTest
    @ValueSource(strings = {"limit=0x10", "limit=%D9%A1%D9%A0", "limit=1%00", "limit=+5", "limit=%205", "limit=5%20",
        "limit=%EF%BC%95", "total=true%00", "total=%20true", "fields=..", "fields=a..b", "fields=a%5B"})
    void numbersFlagsAndFieldListsAreReadStrictly(String query) throws Exception {
        mvc.perform(get(URI.create("/api/rentals?" + query))).andExpect(status().isBadRequest())
                .andExpect(jsonPath("$.type").value(RestProblemAdvice.TYPE_PREFIX + "invalid-request"));
    }

    @ParameterizedTest
    @ValueSource(strings = {"%FF", "%C0%AF", "%ED%A0%80", "%G1", "%", "%4", "%e4%bd"})
    void aMalformedPercentEncodingIsRefusedNamingTheParameter(String value) throws Exception {
        MockHttpServletRequestBuilder request = get("/api/rentals").with(raw -> {
            raw.setQueryString("limit=" + value);
            return raw;
        });
        mvc.perform(request).andExpect(status().isBadRequest())
                .andExpect(jsonPath("$.detail", allOf(containsString("'limit=" + value + "'"),
                        containsString("percent-encoded"))));
    }
}
