package io.dynamodbtoolkit.springweb;

import static org.assertj.core.api.Assertions.assertThat;
import static org.springframework.test.web.servlet.request.MockMvcRequestBuilders.post;
import static org.springframework.test.web.servlet.result.MockMvcResultMatchers.jsonPath;
import static org.springframework.test.web.servlet.result.MockMvcResultMatchers.status;

import java.nio.charset.StandardCharsets;

import io.dynamodbtoolkit.key.KeyValues;
import org.junit.jupiter.api.Test;
import org.springframework.http.MediaType;
import org.springframework.mock.web.MockHttpServletRequest;
import org.springframework.test.web.servlet.RequestBuilder;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;

/**
 * The surface's own cap on request bodies: 1 MB by default, as the original's; a body over the policy's cap answers
 * 413 whether its length is announced (refused unread) or not (reading stops at the cap), and nothing is written.
 */
class RequestBodyLimitIT extends RestTestSupport {

    private static String state(String name, int padding) {
        return "{\"state\":\"" + name + "\",\"name\":\"" + "x".repeat(padding) + "\"}";
    }

    /** A request whose body has no announced length, as a chunked upload. */
    private static RequestBuilder unannounced(String body) {
        return servletContext -> {
            MockHttpServletRequest request = new MockHttpServletRequest(servletContext, "POST", "/api/rentals") {
                @Override
                public int getContentLength() {
                    return -1;
                }

                @Override
                public long getContentLengthLong() {
                    return -1;
                }
            };
            request.setContent(body.getBytes(StandardCharsets.UTF_8));
            request.setContentType(MediaType.APPLICATION_JSON_VALUE);
            return request;
        };
    }

    @Test
    void aBodyOverTheDefaultMegabyteIsRefusedWith413(DynamoDbClient client) throws Exception {
        RestFixture fixture = new RestFixture(client, rentalsTable, issuesTable, RestPolicy.defaults());

        fixture.mvc.perform(post("/api/rentals").contentType(MediaType.APPLICATION_JSON)
                .content(state("ZA", (int) RestPolicy.DEFAULT_MAX_BODY_BYTES))).andExpect(status().isContentTooLarge())
                .andExpect(jsonPath("$.type").value(RestProblemAdvice.TYPE_PREFIX + "body-too-large"));

        assertThat(fixture.rentals.existsById(KeyValues.of("state", "ZA"))).isFalse();
    }

    @Test
    void aBodyOverThePolicysCapIsRefusedWhetherItsLengthIsAnnouncedOrNot(DynamoDbClient client) throws Exception {
        RestFixture fixture = new RestFixture(client, rentalsTable, issuesTable,
                RestPolicy.defaults().withMaxBodyBytes(200));

        fixture.mvc.perform(post("/api/rentals").contentType(MediaType.APPLICATION_JSON).content(state("ZB", 300)))
                .andExpect(status().isContentTooLarge());
        fixture.mvc.perform(unannounced(state("ZC", 300))).andExpect(status().isContentTooLarge())
                .andExpect(jsonPath("$.type").value(RestProblemAdvice.TYPE_PREFIX + "body-too-large"));
        fixture.mvc.perform(unannounced(state("ZD", 10))).andExpect(status().isCreated());

        assertThat(fixture.rentals.existsById(KeyValues.of("state", "ZB"))).isFalse();
        assertThat(fixture.rentals.existsById(KeyValues.of("state", "ZC"))).isFalse();
        assertThat(fixture.rentals.existsById(KeyValues.of("state", "ZD"))).isTrue();
        fixture.rentals.deleteById(KeyValues.of("state", "ZD"));
    }
}
