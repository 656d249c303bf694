package io.dynamodbtoolkit.sample.api;

import static org.assertj.core.api.Assertions.assertThat;
import static org.hamcrest.Matchers.containsString;
import static org.springframework.test.web.servlet.request.MockMvcRequestBuilders.get;
import static org.springframework.test.web.servlet.result.MockMvcResultMatchers.jsonPath;
import static org.springframework.test.web.servlet.result.MockMvcResultMatchers.status;

import java.util.List;
import java.util.Map;

import com.jayway.jsonpath.JsonPath;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.api.Test;

/**
 * The query shapes the page runs: each key seek reads exactly what it returns and returns what the application's
 * repository endpoint returns for the same question; the contrasts read more than they return.
 */
class ExplainApiTest extends ApiTestSupport {

    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', quoteCharacter = '\'', textBlock = """
            states           | | /api/rentals/states                                | $[*]       | state
            under            | state=TX&facility=Dallas | /api/rentals/states/TX/facilities/Dallas/vehicles?limit=100 | $.items[*] | state,facility,vin
            self-and-under   | state=TX&facility=Dallas | /api/rentals/states/TX/facilities/Dallas/subtree?limit=100 | $.items[*] | state,facility,vin
            partial          | state=TX&prefix=Dal | /api/rentals/states/TX/partial?prefix=Dal&limit=100 | $.items[*] | state,facility,vin
            facilities       | | /api/rentals/facilities                            | $[*]       | state,facility
            review-queue     | | /api/review-queue?limit=100                        | $.items[*] | docId
            orders-by-status | customer=C-100&status=OPEN | /api/customers/C-100/orders?status=OPEN&limit=100 | $.items[*] | customer,status,item
            teams-of-user    | user=ada | /api/users/ada/teams                           | $[*]       | src,dst
            members-of-team  | team=platform | /api/teams/platform/members               | $[*]       | src,dst
            """)
    void aKeySeekReadsWhatItReturnsAndMatchesTheRepositoryEndpoint(String shape, String parameters,
            String endpoint, String itemsPath, String keyFields) throws Exception {
        String explained = getOk("/api/explain/shapes/" + shape + "?limit=100&" + (parameters == null ? "" : parameters));
        assertThat(JsonPath.<Boolean>read(explained, "$.keySeek")).isTrue();
        assertThat(JsonPath.<Double>read(explained, "$.amplification")).isEqualTo(1.0);
        assertThat(JsonPath.<Integer>read(explained, "$.returned")).isPositive()
                .isEqualTo(JsonPath.<Integer>read(explained, "$.scanned"));
        assertThat(JsonPath.<String>read(explained, "$.keyCondition")).doesNotContain("FILTER", "SCAN");

        String served = getOk(endpoint);
        List<String> fields = List.of(keyFields.split(","));
        assertThat(keys(items(explained, "$.items[*]"), fields)).as("the items of %s", endpoint)
                .isEqualTo(keys(items(served, itemsPath), fields));
        calls.assertNoReadAmplification();
    }

    @Test
    void theContrastsReadMoreThanTheyReturn() throws Exception {
        mvc.perform(get("/api/explain/shapes/filter-by-make?state=TX&make=Toyota")).andExpect(status().isOk())
                .andExpect(jsonPath("$.keySeek").value(false))
                .andExpect(jsonPath("$.keyCondition").value("state = \"TX\" AND begins_with(_sk, \"TX|\")"
                        + " FILTER make = \"Toyota\""))
                .andExpect(jsonPath("$.returned").value(4)).andExpect(jsonPath("$.scanned").value(12))
                .andExpect(jsonPath("$.amplification").value(3.0));
        mvc.perform(get("/api/explain/shapes/review-queue-by-scan?limit=100")).andExpect(status().isOk())
                .andExpect(jsonPath("$.keyCondition").value("SCAN FILTER reviewFlag = \"pending\""))
                .andExpect(jsonPath("$.returned").value(5)).andExpect(jsonPath("$.scanned").value(40))
                .andExpect(jsonPath("$.amplification").value(8.0));
        mvc.perform(get("/api/explain/shapes/filter-by-make?state=TX&make=Lada"))
                .andExpect(jsonPath("$.returned").value(0)).andExpect(jsonPath("$.scanned").value(12))
                .andExpect(jsonPath("$.amplification").doesNotExist());
    }

    @Test
    void pagesWithTheAdaptersCursors() throws Exception {
        String first = getOk("/api/explain/shapes/partial?state=TX&prefix=Dal&limit=5");
        assertThat(items(first, "$.items[*]")).hasSize(5);
        String second = getOk("/api/explain/shapes/partial?state=TX&prefix=Dal&limit=5&cursor="
                + JsonPath.read(first, "$.nextCursor"));
        assertThat(items(second, "$.items[*]")).hasSize(3);
        assertThat(JsonPath.<String>read(second, "$.nextCursor")).isNull();
        mvc.perform(get("/api/explain/shapes/under?state=TX&facility=Houston&cursor="
                + JsonPath.read(first, "$.nextCursor"))).andExpect(status().isBadRequest())
                .andExpect(jsonPath("$.title").value("Invalid cursor"));
    }

    @Test
    void listsTheShapesAndRefusesUnknownOnesAndMissingParameters() throws Exception {
        mvc.perform(get("/api/explain/shapes")).andExpect(status().isOk())
                .andExpect(jsonPath("$[0].id").value("states"))
                .andExpect(jsonPath("$[0].read").doesNotExist())
                .andExpect(jsonPath("$[?(@.keySeek == false)].id").value(org.hamcrest.Matchers.contains(
                        "filter-by-make", "review-queue-by-scan")));
        mvc.perform(get("/api/explain/shapes/nope")).andExpect(status().isNotFound());
        mvc.perform(get("/api/explain/shapes/partial?state=TX")).andExpect(status().isBadRequest())
                .andExpect(jsonPath("$.detail", containsString("needs the parameter 'prefix'")));
        mvc.perform(get("/api/explain/shapes/orders-by-status").param("customer", "C-100").param("status", "O#PEN"))
                .andExpect(status().isBadRequest());
        mvc.perform(get("/api/explain/shapes/filter-by-make?state=TX&make=")).andExpect(status().isBadRequest());
    }

    private static List<List<Object>> keys(List<Map<String, Object>> items, List<String> fields) {
        return items.stream().map(item -> fields.stream().map(item::get).filter(value -> value != null).toList())
                .toList();
    }
}
