package io.dynamodbtoolkit.springweb;

import static org.assertj.core.api.Assertions.assertThat;
import static org.springframework.test.web.servlet.request.MockMvcRequestBuilders.get;
import static org.springframework.test.web.servlet.request.MockMvcRequestBuilders.post;
import static org.springframework.test.web.servlet.request.MockMvcRequestBuilders.put;
import static org.springframework.test.web.servlet.result.MockMvcResultMatchers.header;
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
 * Moves of named items on an adapter without cascades: the item alone moves (in one transaction), never the rows
 * under it; a taken target is refused and the source stays.
 */
class NamedItemRoutesIT extends RestTestSupport {

    private RestFixture fixture;
    private MockMvc mvc;

    @BeforeEach
    void load(DynamoDbClient client) throws Exception {
        fixture = new RestFixture(client, rentalsTable, issuesTable, RestPolicy.defaults(),
                RestFixture.tenantOfRequest(), false);
        mvc = fixture.mvc;
        List<Issue> all = fixture.issues.unscoped().scan(ListOptions.defaults(), Issue.class).items();
        fixture.issues.unscoped().deleteAllById(all.stream().map(fixture.issues::keyOf).toList());
        for (String row : new String[] {"{\"tenant\":\"acme\",\"project\":\"web\",\"title\":\"the project\"}",
                "{\"tenant\":\"acme\",\"project\":\"web\",\"issue\":\"A-1\",\"title\":\"t1\"}",
                "{\"tenant\":\"acme\",\"project\":\"web\",\"issue\":\"A-2\",\"title\":\"t2\"}",
                "{\"tenant\":\"acme\",\"project\":\"api\",\"issue\":\"A-2\",\"title\":\"taken\"}"}) {
            mvc.perform(json(as(post("/api/issues")), row)).andExpect(status().isCreated());
        }
    }

    private static MockHttpServletRequestBuilder as(MockHttpServletRequestBuilder request) {
        return request.header("X-Tenant", "acme");
    }

    private static MockHttpServletRequestBuilder json(MockHttpServletRequestBuilder request, String body) {
        return request.contentType(MediaType.APPLICATION_JSON).content(body);
    }

    private List<String> rows() {
        return fixture.issues.unscoped().scan(ListOptions.defaults(), Issue.class).items().stream()
                .map(issue -> issue.project() + "/" + issue.issue() + ":" + issue.title()).sorted().toList();
    }

    @Test
    void aMoveWithoutCascadesMovesTheItemAloneNeverTheRowsUnderIt() throws Exception {
        mvc.perform(json(as(put("/api/issues/acme/web/-move")), "{\"project\":\"mobile\"}"))
                .andExpect(status().isCreated()).andExpect(header().string("Location", "/api/issues/acme/mobile"))
                .andExpect(jsonPath("$.title").value("the project"));

        assertThat(rows()).containsExactly("api/A-2:taken", "mobile/null:the project", "web/A-1:t1", "web/A-2:t2");
    }

    @Test
    void aMoveByNamesReportsEachNameThatCouldNotMoveAndMovesTheRest() throws Exception {
        mvc.perform(json(as(put("/api/issues/-move-by-names")).param("names", "acme/web/A-1,acme/web/A-2"),
                "{\"project\":\"api\"}")).andExpect(status().isOk()).andExpect(jsonPath("$.processed").value(1))
                .andExpect(jsonPath("$.failed").value(1))
                .andExpect(jsonPath("$.failures[0].name").value("acme/web/A-2"))
                .andExpect(jsonPath("$.failures[0].status").value(409));

        assertThat(rows()).containsExactly("api/A-1:t1", "api/A-2:taken", "web/A-2:t2", "web/null:the project");
        mvc.perform(as(get("/api/issues/acme/web/A-1"))).andExpect(status().isNotFound());
    }
}
