package io.dynamodbtoolkit.springweb;

import static org.assertj.core.api.Assertions.assertThat;
import static org.springframework.test.web.servlet.request.MockMvcRequestBuilders.post;
import static org.springframework.test.web.servlet.request.MockMvcRequestBuilders.put;
import static org.springframework.test.web.servlet.result.MockMvcResultMatchers.jsonPath;
import static org.springframework.test.web.servlet.result.MockMvcResultMatchers.status;

import java.math.BigDecimal;
import java.util.Comparator;
import java.util.List;
import java.util.stream.Stream;

import com.jayway.jsonpath.JsonPath;
import io.dynamodbtoolkit.adapter.ListOptions;
import io.dynamodbtoolkit.springweb.RentalRow.Facility;
import io.dynamodbtoolkit.springweb.RentalRow.State;
import io.dynamodbtoolkit.springweb.RentalRow.Vehicle;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import org.springframework.http.MediaType;
import org.springframework.test.web.servlet.MvcResult;
import org.springframework.test.web.servlet.request.MockHttpServletRequestBuilder;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;

/**
 * {@code PUT /-clone} and {@code PUT /-move}: every row the list would give (filter, scope) copied or moved with the
 * body laid over it, re-keyed by the body's key fields, resumable in slices of {@code maxItems}; a body naming another
 * scope moves nothing (403), and hostile bodies and parameters get a 4xx with nothing written.
 */
class CollectionCopyRoutesIT extends RestTestSupport {

    private DynamoDbClient client;
    private RestFixture fixture;

    @BeforeEach
    void load(DynamoDbClient dynamoDb) throws Exception {
        client = dynamoDb;
        fixture = new RestFixture(client, rentalsTable, issuesTable, RestPolicy.defaults());
        List<RentalRow> rows = fixture.rentals.scan(ListOptions.defaults(), RentalRow.class).items();
        fixture.rentals.deleteAllById(rows.stream().map(fixture.rentals::keyOf).toList());
        fixture.rentals.saveAll(List.of(new State("TX", "Texas", null), new Facility("TX", "Dallas", "Dallas", null),
                vehicle("Dallas", "1HGC0001", "Honda"), vehicle("Dallas", "1HGC0002", "Honda"),
                vehicle("Dallas", "5YJ30003", "Tesla")));
        List<Issue> issues = fixture.issues.unscoped().scan(ListOptions.defaults(), Issue.class).items();
        fixture.issues.unscoped().deleteAllById(issues.stream().map(fixture.issues::keyOf).toList());
        for (String[] issue : new String[][] {{"acme", "web", "A-1"}, {"acme", "web", "A-2"}, {"acme", "web", "A-3"},
                {"acme", "web", "A-4"}, {"acme", "web", "A-5"}, {"acme", "api", "A-6"}, {"globex", "web", "G-1"}}) {
            fixture.mvc.perform(as(issue[0], post("/api/issues")).contentType(MediaType.APPLICATION_JSON).content(
                    "{\"tenant\":\"" + issue[0] + "\",\"project\":\"" + issue[1] + "\",\"issue\":\"" + issue[2]
                            + "\",\"title\":\"t\"}")).andExpect(status().isCreated());
        }
    }

    private static Vehicle vehicle(String facility, String vin, String make) {
        return new Vehicle("TX", facility, vin, make, new BigDecimal("49.90"), 5, null);
    }

    private static MockHttpServletRequestBuilder as(String tenant, MockHttpServletRequestBuilder request) {
        return request.header("X-Tenant", tenant);
    }

    private static MockHttpServletRequestBuilder json(MockHttpServletRequestBuilder request, String body) {
        return request.contentType(MediaType.APPLICATION_JSON).content(body);
    }

    private List<String> rentals() {
        return fixture.rentals.scan(ListOptions.defaults(), RentalRow.class).items().stream()
                .map(row -> row instanceof Vehicle v ? v.facility() + "/" + v.vin() + ":" + v.make()
                        : row instanceof Facility f ? f.facility() : ((State) row).state())
                .sorted().toList();
    }

    private List<String> issues() {
        return fixture.issues.unscoped().scan(ListOptions.defaults(), Issue.class).items().stream()
                .sorted(Comparator.comparing(Issue::issue))
                .map(issue -> issue.tenant() + "/" + issue.project() + "/" + issue.issue() + ":" + issue.title())
                .toList();
    }

    @Test
    void aCloneCopiesTheFilteredMatchesReKeyedUnderAnExistingParent() throws Exception {
        fixture.mvc.perform(json(put("/api/rentals/-clone").param("eq-make", "Honda"), "{\"facility\":\"Austin\"}"))
                .andExpect(status().isNotFound())
                .andExpect(jsonPath("$.type").value(RestProblemAdvice.TYPE_PREFIX + "no-such-parent"));
        assertThat(rentals()).as("the parent guard refuses copies under a facility that does not exist")
                .noneMatch(row -> row.startsWith("Austin"));

        fixture.rentals.insert(new Facility("TX", "Austin", "Austin", null));
        fixture.mvc.perform(json(put("/api/rentals/-clone").param("eq-make", "Honda"),
                "{\"facility\":\"Austin\",\"make\":\"Acura\"}")).andExpect(status().isOk())
                .andExpect(jsonPath("$.processed").value(2)).andExpect(jsonPath("$.complete").value(true));

        assertThat(rentals()).containsExactly("Austin", "Austin/1HGC0001:Acura", "Austin/1HGC0002:Acura", "Dallas",
                "Dallas/1HGC0001:Honda", "Dallas/1HGC0002:Honda", "Dallas/5YJ30003:Tesla", "TX");
        fixture.mvc.perform(json(put("/api/rentals/-clone").param("eq-make", "Honda"), "{\"facility\":\"Austin\"}"))
                .andExpect(status().isOk()).andExpect(jsonPath("$.processed").value(0))
                .andExpect(jsonPath("$.skipped").value(2));
    }

    @Test
    void aMoveOutsideAnyScopeIsRefusedUnlessThePolicyAllowsUnscopedDeletes() throws Exception {
        fixture.rentals.insert(new Facility("TX", "Austin", "Austin", null));
        fixture.mvc.perform(json(put("/api/rentals/-move").param("eq-make", "Tesla"), "{\"facility\":\"Austin\"}"))
                .andExpect(status().isBadRequest()).andExpect(jsonPath("$.type").value(RestProblemAdvice.TYPE_PREFIX
                        + "unscoped-delete"));
        RestFixture allowing = new RestFixture(client, rentalsTable, issuesTable,
                RestPolicy.defaults().allowingUnscopedDelete());

        allowing.mvc.perform(json(put("/api/rentals/-move").param("eq-make", "Tesla"), "{\"facility\":\"Austin\"}"))
                .andExpect(status().isOk()).andExpect(jsonPath("$.processed").value(1));

        assertThat(rentals()).contains("Austin/5YJ30003:Tesla").doesNotContain("Dallas/5YJ30003:Tesla");
    }

    @Test
    void aMoveInSlicesOfMaxItemsResumesFromItsCursorWithinTheCallersScope() throws Exception {
        String cursor = null;
        long moved = 0;
        int runs = 0;
        boolean complete;
        do {
            MockHttpServletRequestBuilder request = as("acme", json(put("/api/issues/-move"),
                    "{\"project\":\"mobile\",\"title\":\"moved\"}")).param("maxItems", "2");
            if (cursor != null) {
                request.param("cursor", cursor);
            }
            MvcResult result = fixture.mvc.perform(request).andExpect(status().isOk()).andReturn();
            String body = result.getResponse().getContentAsString();
            moved += ((Number) JsonPath.read(body, "$.processed")).longValue();
            complete = JsonPath.read(body, "$.complete");
            cursor = complete ? null : JsonPath.read(body, "$.cursor");
            runs++;
        } while (!complete && runs < 10);

        assertThat(runs).as("three slices of two, and a last one wherever the server gave a cursor at the end")
                .isBetween(3, 4);
        assertThat(moved).isEqualTo(6);
        assertThat(issues()).containsExactly("acme/mobile/A-1:moved", "acme/mobile/A-2:moved",
                "acme/mobile/A-3:moved", "acme/mobile/A-4:moved", "acme/mobile/A-5:moved", "acme/mobile/A-6:moved",
                "globex/web/G-1:t");
    }

    @Test
    void aMoveOntoATakenKeyIsAConflictAndLeavesTheSourceWhereItIs() throws Exception {
        fixture.mvc.perform(as("acme", json(post("/api/issues"),
                "{\"tenant\":\"acme\",\"project\":\"mobile\",\"issue\":\"A-1\",\"title\":\"taken\"}")))
                .andExpect(status().isCreated());

        fixture.mvc.perform(as("acme", json(put("/api/issues/-move"), "{\"project\":\"mobile\"}")))
                .andExpect(status().isOk()).andExpect(jsonPath("$.processed").value(5))
                .andExpect(jsonPath("$.conflicts").value(1))
                .andExpect(jsonPath("$.conflictKeys[0]").value("acme/web/A-1"));

        assertThat(issues()).contains("acme/web/A-1:t", "acme/mobile/A-1:taken", "acme/mobile/A-2:t");
    }

    @Test
    void aBodyNamingAnotherScopeMovesNothing() throws Exception {
        List<String> before = issues();

        fixture.mvc.perform(as("acme", json(put("/api/issues/-move"), "{\"tenant\":\"globex\"}")))
                .andExpect(status().isForbidden());
        fixture.mvc.perform(as("acme", json(put("/api/issues/-clone"), "{\"tenant\":\"globex\",\"project\":\"x\"}")))
                .andExpect(status().isForbidden());

        assertThat(issues()).isEqualTo(before);
    }

    static Stream<Arguments> hostileRequests() {
        return Stream.of(
                Arguments.of("-clone", "", "[1,2]"),
                Arguments.of("-move", "", "\"web\""),
                Arguments.of("-clone", "", "null"),
                Arguments.of("-clone", "", "{not json"),
                Arguments.of("-clone", "", "{}"),
                Arguments.of("-clone", "", "{\"title\":\"no key field\"}"),
                Arguments.of("-move", "", "{\"project\":null}"),
                Arguments.of("-move", "", "{\"project\":{\"$ne\":1}}"),
                Arguments.of("-move", "", "{\"project\":[\"a\",\"b\"]}"),
                Arguments.of("-move", "", "{\"project\":\"\"}"),
                Arguments.of("-move", "", "{\"project\":\"a|b\"}"),
                Arguments.of("-move", "", "{\"project\":\"" + "p".repeat(2000) + "\"}"),
                Arguments.of("-clone", "", "{\"project\":\"mobile\",\"nope\":1}"),
                Arguments.of("-clone", "", "{\"project\":\"mobile\",\"title\":{\"a\":1}}"),
                Arguments.of("-move", "maxItems=0", "{\"project\":\"mobile\"}"),
                Arguments.of("-move", "maxItems=-5", "{\"project\":\"mobile\"}"),
                Arguments.of("-move", "maxItems=99999999999", "{\"project\":\"mobile\"}"),
                Arguments.of("-move", "maxItems=x", "{\"project\":\"mobile\"}"),
                Arguments.of("-move", "cursor=Zm9yZ2Vk", "{\"project\":\"mobile\"}"),
                Arguments.of("-move", "eq-title=t", "{\"project\":\"mobile\"}"));
    }

    @ParameterizedTest(name = "PUT /{0}?{1} {2}")
    @MethodSource("hostileRequests")
    void hostileRequestsGetAClientErrorAndWriteNothing(String route, String query, String body) throws Exception {
        List<String> before = issues();
        MockHttpServletRequestBuilder request = as("acme", put("/api/issues/" + route + (query.isEmpty() ? ""
                : "?" + query))).contentType(MediaType.APPLICATION_JSON).content(body);

        int status = fixture.mvc.perform(request).andReturn().getResponse().getStatus();

        assertThat(status).isBetween(400, 499);
        assertThat(issues()).isEqualTo(before);
    }
}
