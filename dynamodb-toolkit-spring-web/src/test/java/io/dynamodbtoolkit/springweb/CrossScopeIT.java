package io.dynamodbtoolkit.springweb;

import static org.assertj.core.api.Assertions.assertThat;
import static org.hamcrest.Matchers.hasSize;
import static org.springframework.test.web.servlet.request.MockMvcRequestBuilders.delete;
import static org.springframework.test.web.servlet.request.MockMvcRequestBuilders.get;
import static org.springframework.test.web.servlet.request.MockMvcRequestBuilders.patch;
import static org.springframework.test.web.servlet.request.MockMvcRequestBuilders.post;
import static org.springframework.test.web.servlet.request.MockMvcRequestBuilders.put;
import static org.springframework.test.web.servlet.result.MockMvcResultMatchers.jsonPath;
import static org.springframework.test.web.servlet.result.MockMvcResultMatchers.status;

import java.util.List;

import io.dynamodbtoolkit.adapter.ListOptions;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.springframework.http.MediaType;
import org.springframework.test.web.servlet.MockMvc;
import org.springframework.test.web.servlet.request.MockHttpServletRequestBuilder;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;

/**
 * A resource confined by a {@code ScopeProvider} to the tenant of the request: every route names another tenant's
 * items only to be refused (403) with nothing read, written or deleted there, and the collection routes read and
 * delete the caller's tenant only.
 */
class CrossScopeIT extends RestTestSupport {

    private RestFixture fixture;
    private MockMvc mvc;

    @BeforeEach
    void load(DynamoDbClient client) throws Exception {
        fixture = new RestFixture(client, rentalsTable, issuesTable, RestPolicy.defaults());
        mvc = fixture.mvc;
        List<Issue> all = fixture.issues.unscoped().scan(ListOptions.defaults(), Issue.class).items();
        fixture.issues.unscoped().deleteAllById(all.stream().map(fixture.issues::keyOf).toList());
        for (String[] issue : new String[][] {{"acme", "web", "A-1"}, {"acme", "web", "A-2"}, {"acme", "api", "A-3"},
                {"globex", "web", "G-1"}}) {
            mvc.perform(as(issue[0], post("/api/issues")).contentType(MediaType.APPLICATION_JSON).content(
                    "{\"tenant\":\"" + issue[0] + "\",\"project\":\"" + issue[1] + "\",\"issue\":\"" + issue[2]
                            + "\",\"title\":\"t\"}")).andExpect(status().isCreated());
        }
    }

    private static MockHttpServletRequestBuilder as(String tenant, MockHttpServletRequestBuilder request) {
        return request.header("X-Tenant", tenant);
    }

    @Test
    void listsAndReadsOnlyTheCallersTenant() throws Exception {
        mvc.perform(as("acme", get("/api/issues"))).andExpect(status().isOk())
                .andExpect(jsonPath("$.data", hasSize(3)));
        mvc.perform(as("globex", get("/api/issues"))).andExpect(status().isOk())
                .andExpect(jsonPath("$.data", hasSize(1)));
        mvc.perform(as("acme", get("/api/issues/acme/web/-under"))).andExpect(jsonPath("$.data", hasSize(2)));
        mvc.perform(as("acme", get("/api/issues/globex/web/G-1"))).andExpect(status().isForbidden());
        mvc.perform(as("acme", get("/api/issues/globex/web/-under"))).andExpect(status().isForbidden());
        mvc.perform(as("acme", get("/api/issues/-by-names").param("names", "acme/web/A-1,globex/web/G-1")))
                .andExpect(status().isForbidden());
    }

    @Test
    void refusesEveryWriteToAnotherTenantAndWritesNothing() throws Exception {
        mvc.perform(as("acme", post("/api/issues")).contentType(MediaType.APPLICATION_JSON)
                .content("{\"tenant\":\"globex\",\"project\":\"web\",\"issue\":\"X-1\"}"))
                .andExpect(status().isForbidden());
        mvc.perform(as("acme", put("/api/issues/globex/web/G-1")).contentType(MediaType.APPLICATION_JSON)
                .content("{\"title\":\"mine now\"}")).andExpect(status().isForbidden());
        mvc.perform(as("acme", patch("/api/issues/globex/web/G-1")).contentType(MediaType.APPLICATION_JSON)
                .content("{\"title\":\"mine now\"}")).andExpect(status().isForbidden());
        mvc.perform(as("acme", delete("/api/issues/globex/web/G-1"))).andExpect(status().isForbidden());
        mvc.perform(as("acme", delete("/api/issues/globex/web/-under"))).andExpect(status().isForbidden());
        mvc.perform(as("acme", delete("/api/issues/-by-names").param("names", "globex/web/G-1")))
                .andExpect(status().isForbidden());
        mvc.perform(as("acme", put("/api/issues/acme/web/A-1/-clone")).contentType(MediaType.APPLICATION_JSON)
                .content("{\"tenant\":\"globex\",\"issue\":\"STOLEN\"}")).andExpect(status().isForbidden());
        mvc.perform(as("acme", put("/api/issues/acme/web/A-1/-move")).contentType(MediaType.APPLICATION_JSON)
                .content("{\"tenant\":\"globex\"}")).andExpect(status().isForbidden());
        mvc.perform(as("acme", put("/api/issues/-clone-by-names")).param("names", "acme/web/A-1")
                .contentType(MediaType.APPLICATION_JSON).content("{\"tenant\":\"globex\"}"))
                .andExpect(status().isForbidden());
        mvc.perform(as("acme", put("/api/issues/-move-by-names")).param("names", "acme/web/A-2")
                .contentType(MediaType.APPLICATION_JSON).content("{\"tenant\":\"globex\"}"))
                .andExpect(status().isForbidden());
        mvc.perform(as("acme", put("/api/issues/-load")).contentType(MediaType.APPLICATION_JSON)
                .content("[{\"tenant\":\"globex\",\"project\":\"web\",\"issue\":\"X-2\"}]"))
                .andExpect(status().isForbidden());

        mvc.perform(as("globex", get("/api/issues/globex/web/G-1"))).andExpect(status().isOk())
                .andExpect(jsonPath("$.title").value("t"));
        mvc.perform(as("globex", get("/api/issues"))).andExpect(jsonPath("$.data", hasSize(1)));
        mvc.perform(as("acme", get("/api/issues"))).andExpect(jsonPath("$.data", hasSize(3)));
    }

    @Test
    void clonesAndMovesWithinTheTenant() throws Exception {
        mvc.perform(as("acme", put("/api/issues/acme/web/A-1/-clone")).contentType(MediaType.APPLICATION_JSON)
                .content("{\"issue\":\"A-9\"}")).andExpect(status().isCreated());
        mvc.perform(as("acme", put("/api/issues/acme/web/A-9/-move")).contentType(MediaType.APPLICATION_JSON)
                .content("{\"project\":\"api\"}")).andExpect(status().isOk());
        mvc.perform(as("acme", get("/api/issues/acme/api/A-9"))).andExpect(status().isOk());
        mvc.perform(as("acme", get("/api/issues/acme/web/A-9"))).andExpect(status().isNotFound());
    }

    @Test
    void deletesTheCallersMatchesOnlyAndRefusesAnUnscopedDelete() throws Exception {
        mvc.perform(delete("/api/issues")).andExpect(status().isBadRequest());
        mvc.perform(as("acme", delete("/api/issues"))).andExpect(status().isOk())
                .andExpect(jsonPath("$.processed").value(3)).andExpect(jsonPath("$.complete").value(true));
        mvc.perform(as("acme", get("/api/issues"))).andExpect(jsonPath("$.data", hasSize(0)));
        mvc.perform(as("globex", get("/api/issues"))).andExpect(jsonPath("$.data", hasSize(1)));
        assertThat(fixture.issues.unscoped().scan(ListOptions.defaults(), Issue.class).items())
                .extracting(Issue::tenant).containsExactly("globex");
    }
}
