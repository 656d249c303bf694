package io.dynamodbtoolkit.springweb;

import static org.hamcrest.Matchers.hasSize;
import static org.springframework.test.web.servlet.request.MockMvcRequestBuilders.delete;
import static org.springframework.test.web.servlet.request.MockMvcRequestBuilders.get;
import static org.springframework.test.web.servlet.request.MockMvcRequestBuilders.post;
import static org.springframework.test.web.servlet.result.MockMvcResultMatchers.jsonPath;
import static org.springframework.test.web.servlet.result.MockMvcResultMatchers.status;

import java.util.List;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.springframework.http.MediaType;
import org.springframework.security.authentication.AnonymousAuthenticationToken;
import org.springframework.security.authentication.UsernamePasswordAuthenticationToken;
import org.springframework.security.core.authority.AuthorityUtils;
import org.springframework.security.core.context.SecurityContextHolder;
import org.springframework.test.web.servlet.MockMvc;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;

/** The tenant from Spring Security's principal: each user works in its own tenant, an anonymous one in none. */
class PrincipalScopeIT extends RestTestSupport {

    private MockMvc mvc;

    @BeforeEach
    void wire(DynamoDbClient client) {
        mvc = new RestFixture(client, rentalsTable, issuesTable, RestPolicy.defaults(),
                PrincipalScopeProvider.byName("tenant")).mvc;
    }

    @AfterEach
    void signOut() {
        SecurityContextHolder.clearContext();
    }

    private static void signIn(String user) {
        SecurityContextHolder.getContext().setAuthentication(UsernamePasswordAuthenticationToken.authenticated(user,
                null, List.of()));
    }

    @Test
    void theSignedInUserIsTheTenant() throws Exception {
        signIn("acme");
        mvc.perform(post("/api/issues").contentType(MediaType.APPLICATION_JSON)
                .content("{\"tenant\":\"acme\",\"project\":\"web\",\"issue\":\"A-1\"}")).andExpect(status().isCreated());
        mvc.perform(post("/api/issues").contentType(MediaType.APPLICATION_JSON)
                .content("{\"tenant\":\"globex\",\"project\":\"web\",\"issue\":\"G-1\"}"))
                .andExpect(status().isForbidden());
        mvc.perform(get("/api/issues")).andExpect(jsonPath("$.data", hasSize(1)));
        signIn("globex");
        mvc.perform(get("/api/issues")).andExpect(jsonPath("$.data", hasSize(0)));
        mvc.perform(get("/api/issues/acme/web/A-1")).andExpect(status().isForbidden());
    }

    @Test
    void anAnonymousUserHasNoScopeSoTheCollectionDeleteIsRefused() throws Exception {
        SecurityContextHolder.getContext().setAuthentication(new AnonymousAuthenticationToken("key", "anonymous",
                AuthorityUtils.createAuthorityList("ROLE_ANONYMOUS")));
        mvc.perform(delete("/api/issues")).andExpect(status().isBadRequest());
    }
}
