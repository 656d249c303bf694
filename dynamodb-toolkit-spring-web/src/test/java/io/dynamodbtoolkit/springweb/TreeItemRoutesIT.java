package io.dynamodbtoolkit.springweb;

import static org.assertj.core.api.Assertions.assertThat;
import static org.hamcrest.Matchers.containsString;
import static org.springframework.test.web.servlet.request.MockMvcRequestBuilders.delete;
import static org.springframework.test.web.servlet.request.MockMvcRequestBuilders.post;
import static org.springframework.test.web.servlet.request.MockMvcRequestBuilders.put;
import static org.springframework.test.web.servlet.result.MockMvcResultMatchers.jsonPath;
import static org.springframework.test.web.servlet.result.MockMvcResultMatchers.status;

import java.math.BigDecimal;
import java.net.URI;
import java.util.List;
import java.util.Map;

import com.jayway.jsonpath.JsonPath;
import io.dynamodbtoolkit.adapter.ListOptions;
import io.dynamodbtoolkit.springweb.RentalRow.Facility;
import io.dynamodbtoolkit.springweb.RentalRow.State;
import io.dynamodbtoolkit.springweb.RentalRow.Vehicle;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.springframework.http.MediaType;
import org.springframework.test.web.servlet.MockMvc;
import org.springframework.test.web.servlet.request.MockHttpServletRequestBuilder;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * The item routes on a tree: a copy keeps the item's depth and its parent guard; the copy of a node of an adapter
 * with cascades takes its subtree, resumable; a single delete or move of an item with rows under it is refused (409,
 * naming the route that takes the subtree), and a refusal changes nothing in the table (read raw).
 */
class TreeItemRoutesIT extends RestTestSupport {

    private DynamoDbClient client;
    private RestFixture fixture;
    private MockMvc mvc;

    @BeforeEach
    void load(DynamoDbClient dynamoDb) throws Exception {
        client = dynamoDb;
        fixture = new RestFixture(client, rentalsTable, issuesTable, RestPolicy.defaults(),
                RestFixture.tenantOfRequest(), false, true);
        mvc = fixture.mvc;
        List<RentalRow> rows = fixture.rentals.scan(ListOptions.defaults().withLimit(1000), RentalRow.class).items();
        fixture.rentals.deleteAllById(rows.stream().map(fixture.rentals::keyOf).toList());
        fixture.rentals.saveAll(List.of(new State("TX", "Texas", null), new Facility("TX", "Dallas", "Dallas", null),
                vehicle("1HGC0001", "Honda"), vehicle("1HGC0002", "Honda"), vehicle("5YJ30003", "Tesla")));
        List<Issue> issues = fixture.issues.unscoped().scan(ListOptions.defaults(), Issue.class).items();
        fixture.issues.unscoped().deleteAllById(issues.stream().map(fixture.issues::keyOf).toList());
        for (String row : new String[] {"{\"tenant\":\"acme\",\"title\":\"the tenant\"}",
                "{\"tenant\":\"acme\",\"project\":\"web\",\"title\":\"the project\"}",
                "{\"tenant\":\"acme\",\"project\":\"web\",\"issue\":\"A-1\",\"title\":\"t1\"}"}) {
            mvc.perform(json(acme(post("/api/issues")), row)).andExpect(status().isCreated());
        }
    }

    private static Vehicle vehicle(String vin, String make) {
        return new Vehicle("TX", "Dallas", vin, make, new BigDecimal("49.90"), 5, null);
    }

    private static MockHttpServletRequestBuilder acme(MockHttpServletRequestBuilder request) {
        return request.header("X-Tenant", "acme");
    }

    private static MockHttpServletRequestBuilder json(MockHttpServletRequestBuilder request, String body) {
        return request.contentType(MediaType.APPLICATION_JSON).content(body);
    }

    private List<String> sortKeys(String table) {
        return RawTable.rows(client, table).stream().map(row -> row.get("_sk").s()).sorted().toList();
    }

    // ---------------------------------------------------------------- point 9: single delete and move

    @Test
    void aDeleteOfAnItemWithRowsUnderItIsRefusedNamingTheSubtreeRouteAndChangesNothing() throws Exception {
        List<Map<String, AttributeValue>> before = RawTable.rows(client, rentalsTable);

        mvc.perform(delete("/api/rentals/TX/Dallas")).andExpect(status().isConflict())
                .andExpect(jsonPath("$.type").value(RestProblemAdvice.TYPE_PREFIX + "has-children"))
                .andExpect(jsonPath("$.detail", containsString("/-self-and-under")))
                .andExpect(jsonPath("$.detail", containsString("dynamodb.toolkit.adapters.rentals.parent-guard")));
        mvc.perform(delete("/api/rentals/TX/Dallas").header("If-Match", "\"1\"")).andExpect(status().isConflict());
        mvc.perform(delete("/api/rentals/TX")).andExpect(status().isConflict());

        assertThat(RawTable.rows(client, rentalsTable)).isEqualTo(before);
        mvc.perform(delete("/api/rentals/TX/Dallas/-self-and-under")).andExpect(status().isOk())
                .andExpect(jsonPath("$.processed").value(4));
        mvc.perform(delete("/api/rentals/TX")).andExpect(status().isNoContent());
        assertThat(RawTable.rows(client, rentalsTable)).isEmpty();
    }

    @Test
    void aMoveOfAnItemWithRowsUnderItOnAGuardedAdapterWithoutCascadesIsRefusedAndChangesNothing() throws Exception {
        List<Map<String, AttributeValue>> before = RawTable.rows(client, issuesTable);

        mvc.perform(json(acme(put("/api/issues/acme/web/-move")), "{\"project\":\"mobile\"}"))
                .andExpect(status().isConflict())
                .andExpect(jsonPath("$.type").value(RestProblemAdvice.TYPE_PREFIX + "has-children"))
                .andExpect(jsonPath("$.detail", containsString("dynamodb.toolkit.adapters.issues.cascades")));
        mvc.perform(acme(delete("/api/issues/acme/web"))).andExpect(status().isConflict());

        assertThat(RawTable.rows(client, issuesTable)).isEqualTo(before);
        mvc.perform(json(acme(put("/api/issues/acme/web/A-1/-move")), "{\"issue\":\"A-9\"}"))
                .andExpect(status().isCreated());
        assertThat(sortKeys(issuesTable)).containsExactly("acme", "acme|web", "acme|web|A-9");
    }

    @Test
    void aDeleteByNamesReportsEachNameWithRowsUnderItAndDeletesTheRest() throws Exception {
        mvc.perform(delete("/api/rentals/-by-names").param("names", "TX/Dallas/1HGC0001,TX/Dallas,TX/Dallas/NOPE"))
                .andExpect(status().isOk()).andExpect(jsonPath("$.processed").value(1))
                .andExpect(jsonPath("$.skipped").value(1)).andExpect(jsonPath("$.failed").value(1))
                .andExpect(jsonPath("$.failures[0].name").value("TX/Dallas"))
                .andExpect(jsonPath("$.failures[0].status").value(409))
                .andExpect(jsonPath("$.failures[0].type").value(RestProblemAdvice.TYPE_PREFIX + "has-children"));

        assertThat(sortKeys(rentalsTable)).containsExactly("TX", "TX|Dallas", "TX|Dallas|1HGC0002",
                "TX|Dallas|5YJ30003");
    }

    // ---------------------------------------------------------------- point 8: node clone with cascades

    @Test
    void theCloneOfANodeOnAnAdapterWithCascadesCopiesItsSubtreeInResumableSlices() throws Exception {
        String first = mvc.perform(json(put("/api/rentals/TX/Dallas/-clone").param("maxItems", "2"),
                "{\"facility\":\"Waco\"}")).andExpect(status().isOk())
                .andExpect(jsonPath("$.complete").value(false)).andExpect(jsonPath("$.processed").value(2))
                .andReturn().getResponse().getContentAsString();
        long copied = ((Number) JsonPath.read(first, "$.processed")).longValue();
        String next = JsonPath.read(first, "$.links.next");
        for (int runs = 0; next != null && runs < 5; runs++) {
            String body = mvc.perform(json(put(URI.create(next)), "{\"facility\":\"Waco\"}"))
                    .andExpect(status().isOk()).andReturn().getResponse().getContentAsString();
            copied += ((Number) JsonPath.read(body, "$.processed")).longValue();
            next = (boolean) JsonPath.read(body, "$.complete") ? null : JsonPath.read(body, "$.links.next");
        }

        assertThat(next).isNull();
        assertThat(copied).isEqualTo(4);
        assertThat(sortKeys(rentalsTable)).containsExactly("TX", "TX|Dallas", "TX|Dallas|1HGC0001",
                "TX|Dallas|1HGC0002", "TX|Dallas|5YJ30003", "TX|Waco", "TX|Waco|1HGC0001", "TX|Waco|1HGC0002",
                "TX|Waco|5YJ30003");
    }

    @Test
    void theCloneOfANodeWithCascadesTakesKeyFieldsOnlyAndRefusesAMissingOne() throws Exception {
        List<Map<String, AttributeValue>> before = RawTable.rows(client, rentalsTable);

        mvc.perform(json(put("/api/rentals/TX/Dallas/-clone"), "{\"facility\":\"Waco\",\"city\":\"Waco\"}"))
                .andExpect(status().isBadRequest());
        mvc.perform(json(put("/api/rentals/TX/Austin/-clone"), "{\"facility\":\"Waco\"}"))
                .andExpect(status().isNotFound());
        mvc.perform(json(put("/api/rentals/TX/Dallas/-clone"), "{\"state\":\"OK\"}"))
                .andExpect(status().isNotFound())
                .andExpect(jsonPath("$.type").value(RestProblemAdvice.TYPE_PREFIX + "no-such-parent"));

        assertThat(RawTable.rows(client, rentalsTable)).isEqualTo(before);
    }

    // ---------------------------------------------------------------- point 7: an item clone keeps its depth

    @Test
    void theCloneOfAnItemKeepsItsDepthAndChangesNothingWhenTheBodyNamesADeeperKeyField() throws Exception {
        List<Map<String, AttributeValue>> rentalsBefore = RawTable.rows(client, rentalsTable);
        List<Map<String, AttributeValue>> issuesBefore = RawTable.rows(client, issuesTable);

        mvc.perform(json(put("/api/rentals/TX/-clone"), "{\"facility\":\"Nowhere\"}"))
                .andExpect(status().isBadRequest());
        mvc.perform(json(put("/api/rentals/TX/Dallas/-clone"), "{\"vin\":\"NEW1\"}"))
                .andExpect(status().isBadRequest());
        mvc.perform(json(acme(put("/api/issues/acme/web/-clone")), "{\"issue\":\"X-1\"}"))
                .andExpect(status().isBadRequest()).andExpect(jsonPath("$.detail", containsString("'issue'")));

        assertThat(RawTable.rows(client, rentalsTable)).isEqualTo(rentalsBefore);
        assertThat(RawTable.rows(client, issuesTable)).isEqualTo(issuesBefore);
    }

    @Test
    void aCopyOrMoveToAKeyNoPathCouldNameIsRefusedAndChangesNothing() throws Exception {
        List<Map<String, AttributeValue>> before = RawTable.rows(client, rentalsTable);

        mvc.perform(json(put("/api/rentals/TX/Dallas/1HGC0001/-clone"), "{\"vin\":\"-x\"}"))
                .andExpect(status().isBadRequest())
                .andExpect(jsonPath("$.type").value(RestProblemAdvice.TYPE_PREFIX + "unaddressable-key"));
        mvc.perform(json(put("/api/rentals/TX/Dallas/1HGC0001/-move"), "{\"vin\":\"a/b\"}"))
                .andExpect(status().isBadRequest())
                .andExpect(jsonPath("$.type").value(RestProblemAdvice.TYPE_PREFIX + "unaddressable-key"));
        mvc.perform(json(put("/api/rentals/TX/Dallas/-clone"), "{\"facility\":\"-dash\"}"))
                .andExpect(status().isBadRequest())
                .andExpect(jsonPath("$.type").value(RestProblemAdvice.TYPE_PREFIX + "unaddressable-key"));

        assertThat(RawTable.rows(client, rentalsTable)).isEqualTo(before);
    }

    @Test
    void theCloneOfAnItemHonoursTheParentGuard() throws Exception {
        List<Map<String, AttributeValue>> before = RawTable.rows(client, rentalsTable);

        mvc.perform(json(put("/api/rentals/TX/Dallas/1HGC0001/-clone"), "{\"facility\":\"Nowhere\"}"))
                .andExpect(status().isNotFound())
                .andExpect(jsonPath("$.type").value(RestProblemAdvice.TYPE_PREFIX + "no-such-parent"));
        assertThat(RawTable.rows(client, rentalsTable)).isEqualTo(before);

        mvc.perform(json(put("/api/rentals/TX/Dallas/1HGC0001/-clone"), "{\"vin\":\"COPY1\",\"make\":\"Acura\"}"))
                .andExpect(status().isCreated()).andExpect(jsonPath("$.make").value("Acura"));
        mvc.perform(json(acme(put("/api/issues/acme/web/-clone")), "{\"project\":\"api\",\"title\":\"copy\"}"))
                .andExpect(status().isCreated()).andExpect(jsonPath("$.title").value("copy"));
        assertThat(sortKeys(issuesTable)).containsExactly("acme", "acme|api", "acme|web", "acme|web|A-1");
    }
}
