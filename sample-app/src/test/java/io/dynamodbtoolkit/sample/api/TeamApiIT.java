package io.dynamodbtoolkit.sample.api;

import static org.assertj.core.api.Assertions.assertThat;
import static org.hamcrest.Matchers.contains;
import static org.springframework.test.web.servlet.request.MockMvcRequestBuilders.delete;
import static org.springframework.test.web.servlet.request.MockMvcRequestBuilders.get;
import static org.springframework.test.web.servlet.request.MockMvcRequestBuilders.put;
import static org.springframework.test.web.servlet.result.MockMvcResultMatchers.jsonPath;
import static org.springframework.test.web.servlet.result.MockMvcResultMatchers.status;

import org.junit.jupiter.api.Test;
import org.springframework.http.MediaType;

/** The adjacency list over HTTP: both directions of an edge are key seeks. */
class TeamApiIT extends ApiTestSupport {

    @Test
    void readsTheTeamsOfAUserAndTheMembersOfATeam() throws Exception {
        mvc.perform(get("/api/users/ada/teams")).andExpect(status().isOk())
                .andExpect(jsonPath("$[*].dst", contains("team#data", "team#platform")))
                .andExpect(jsonPath("$[*].role", contains("member", "lead")))
                .andExpect(jsonPath("$[*].kind", contains("edge", "edge")));
        mvc.perform(get("/api/teams/platform/members")).andExpect(status().isOk())
                .andExpect(jsonPath("$[*].src", contains("user#ada", "user#grace", "user#linus")));
        assertThat(calls.calls("Scan")).isEmpty();
        assertThat(calls.calls("Query")).anySatisfy(call ->
                assertThat(call.request().toString()).contains("IndexName=reverse"));
        calls.assertNoReadAmplification();
    }

    @Test
    void joinsAndLeavesATeam() throws Exception {
        mvc.perform(put("/api/teams/web/members/linus").contentType(MediaType.APPLICATION_JSON)
                .content("{\"role\": \"member\"}")).andExpect(status().isOk())
                .andExpect(jsonPath("$.dst").value("team#web"));
        mvc.perform(put("/api/teams/web/members/linus").contentType(MediaType.APPLICATION_JSON)
                .content("{\"role\": \"lead\"}")).andExpect(status().isOk());
        mvc.perform(get("/api/teams/web/members")).andExpect(jsonPath("$[*].src",
                contains("user#grace", "user#linus", "user#margaret")));
        mvc.perform(get("/api/users/linus/teams")).andExpect(jsonPath("$[*].role", contains("member", "lead")));

        mvc.perform(delete("/api/teams/web/members/linus")).andExpect(status().isOk());
        mvc.perform(get("/api/users/linus/teams")).andExpect(jsonPath("$[*].dst", contains("team#platform")));
    }

    @Test
    void unknownUsersAndTeamsAre404s() throws Exception {
        mvc.perform(get("/api/users/nobody/teams")).andExpect(status().isNotFound())
                .andExpect(jsonPath("$.detail").value("There is no user nobody"));
        mvc.perform(get("/api/teams/nothing/members")).andExpect(status().isNotFound());
        mvc.perform(put("/api/teams/nothing/members/ada").contentType(MediaType.APPLICATION_JSON)
                .content("{\"role\": \"member\"}")).andExpect(status().isNotFound());
        mvc.perform(put("/api/teams/web/members/ada").contentType(MediaType.APPLICATION_JSON)
                .content("{}")).andExpect(status().isBadRequest());
        mvc.perform(get("/api/users/{user}/teams", "a|b")).andExpect(status().isBadRequest());
    }
}
