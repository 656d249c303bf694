package io.dynamodbtoolkit.sample.api;

import static org.hamcrest.Matchers.containsString;
import static org.hamcrest.Matchers.empty;
import static org.hamcrest.Matchers.everyItem;
import static org.hamcrest.Matchers.hasSize;
import static org.hamcrest.Matchers.is;
import static org.hamcrest.Matchers.not;
import static org.hamcrest.Matchers.startsWith;
import static org.springframework.test.web.servlet.request.MockMvcRequestBuilders.delete;
import static org.springframework.test.web.servlet.request.MockMvcRequestBuilders.get;
import static org.springframework.test.web.servlet.request.MockMvcRequestBuilders.patch;
import static org.springframework.test.web.servlet.request.MockMvcRequestBuilders.post;
import static org.springframework.test.web.servlet.request.MockMvcRequestBuilders.put;
import static org.springframework.test.web.servlet.result.MockMvcResultMatchers.header;
import static org.springframework.test.web.servlet.result.MockMvcResultMatchers.jsonPath;
import static org.springframework.test.web.servlet.result.MockMvcResultMatchers.status;

import java.net.URI;

import org.junit.jupiter.api.Test;
import org.springframework.http.MediaType;

/**
 * The sample's {@code documents} and {@code teams} adapters exported by the REST surface under {@code /rest}, beside
 * the page's own controllers under {@code /api}.
 */
class RestSurfaceIT extends ApiTestSupport {

    @Test
    void documentsAreAResource() throws Exception {
        mvc.perform(get("/rest/documents/doc-001")).andExpect(status().isOk())
                .andExpect(jsonPath("$.title").value("Design note 1")).andExpect(header().string("ETag", "\"1\""));
        mvc.perform(patch("/rest/documents/doc-001").header("If-Match", "\"1\"")
                .contentType(MediaType.APPLICATION_JSON).content("{\"title\":\"Renamed\"}"))
                .andExpect(status().isOk()).andExpect(header().string("ETag", "\"2\""));
        mvc.perform(patch("/rest/documents/doc-001").header("If-Match", "\"1\"")
                .contentType(MediaType.APPLICATION_JSON).content("{\"title\":\"Stale\"}"))
                .andExpect(status().isPreconditionFailed());
        mvc.perform(get("/rest/documents").param("limit", "2")).andExpect(status().isOk())
                .andExpect(jsonPath("$.data", hasSize(2))).andExpect(jsonPath("$.links.next").exists());
        mvc.perform(post("/rest/documents").contentType(MediaType.APPLICATION_JSON)
                .content("{\"docId\":\"doc-new\",\"title\":\"New\",\"author\":\"ada\"}"))
                .andExpect(status().isCreated()).andExpect(header().string("Location", "/rest/documents/doc-new"));
        mvc.perform(delete("/rest/documents/doc-new")).andExpect(status().isNoContent());
        mvc.perform(get("/rest/documents/doc-new")).andExpect(status().isNotFound())
                .andExpect(jsonPath("$.status").value(404));
    }

    @Test
    void documentsAreSearchableByTitleAndAuthor() throws Exception {
        mvc.perform(get("/rest/documents").param("search", "NOTE 1").param("limit", "100"))
                .andExpect(status().isOk()).andExpect(jsonPath("$.data[*].title", everyItem(startsWith("Design note 1"))))
                .andExpect(jsonPath("$.data", not(empty())));
        mvc.perform(get("/rest/documents").param("search", "grac").param("limit", "100"))
                .andExpect(status().isOk()).andExpect(jsonPath("$.data[*].author", everyItem(is("Grace"))))
                .andExpect(jsonPath("$.data", not(empty())));
        mvc.perform(get("/rest/teams").param("search", "ada")).andExpect(status().isBadRequest());
        mvc.perform(get("/v3/api-docs")).andExpect(status().isOk())
                .andExpect(jsonPath("$.paths['/rest/documents'].get.parameters[?(@.name == 'search')]").exists())
                .andExpect(jsonPath("$.paths['/rest/teams'].get.parameters[?(@.name == 'search')]").isEmpty());
    }

    @Test
    void teamsAreAHierarchyOfNodesAndEdges() throws Exception {
        mvc.perform(get(URI.create("/rest/teams/user%23ada/-under"))).andExpect(status().isOk())
                .andExpect(jsonPath("$.data", hasSize(2))).andExpect(jsonPath("$.data[0].kind").value("edge"));
        mvc.perform(get(URI.create("/rest/teams/user%23ada/team%23platform"))).andExpect(status().isOk())
                .andExpect(jsonPath("$.role").value("lead"));
        mvc.perform(get(URI.create("/rest/teams/user%23ada%7Cteam%23platform"))).andExpect(status().isBadRequest());
    }

    @Test
    void bodiesThatDoNotFitTheRowAreRefused() throws Exception {
        String node = mvc.perform(get(URI.create("/rest/teams/user%23ada")))
                .andExpect(jsonPath("$.kind").value("node")).andReturn().getResponse().getContentAsString();
        mvc.perform(put(URI.create("/rest/teams/user%23ada")).contentType(MediaType.APPLICATION_JSON).content(node))
                .andExpect(status().isOk());
        mvc.perform(patch(URI.create("/rest/teams/user%23ada")).contentType(MediaType.APPLICATION_JSON)
                .content("{\"kind\":\"edge\",\"role\":\"lead\"}")).andExpect(status().isUnprocessableEntity());
        mvc.perform(patch("/rest/documents/doc-030").contentType(MediaType.APPLICATION_JSON)
                .content("{\"zzz\":1,\"version\":99}")).andExpect(status().isUnprocessableEntity())
                .andExpect(jsonPath("$.detail", containsString("zzz")));
        mvc.perform(patch("/rest/documents/doc-030").contentType(MediaType.APPLICATION_JSON)
                .content("{\"title\":[1,2]}")).andExpect(status().isUnprocessableEntity());
        mvc.perform(get("/rest/documents/doc-030")).andExpect(header().string("ETag", "\"1\""))
                .andExpect(jsonPath("$.zzz").doesNotExist());
        mvc.perform(post("/rest/documents").contentType(MediaType.APPLICATION_JSON).content("{\"docId\":\"-fzdash\"}"))
                .andExpect(status().isBadRequest());
        mvc.perform(get("/rest/documents/-by-names").param("names", "-fzdash")).andExpect(jsonPath("$.data", empty()));
    }

    @Test
    void theExportedRoutesAreDescribedInOpenApi() throws Exception {
        mvc.perform(get("/v3/api-docs")).andExpect(status().isOk())
                .andExpect(jsonPath("$.paths['/rest/documents'].get").exists())
                .andExpect(jsonPath("$.paths['/rest/documents/{docId}'].patch").exists())
                .andExpect(jsonPath("$.paths['/rest/teams/{src}/-under'].get").exists())
                .andExpect(jsonPath("$.paths['/rest/teams/{src}/{dst}'].get.responses['200'].content['application/json']"
                        + ".schema['$ref']").value("#/components/schemas/TeamMembership"))
                .andExpect(jsonPath("$.components.schemas.Document.properties.title").exists());
    }

    @Test
    void thePagesOwnApiIsUntouched() throws Exception {
        mvc.perform(get("/api/documents/doc-001")).andExpect(status().isOk());
        mvc.perform(get("/rest/rentals")).andExpect(status().isNotFound());
    }
}
