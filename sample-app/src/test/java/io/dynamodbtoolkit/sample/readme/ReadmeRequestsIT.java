package io.dynamodbtoolkit.sample.readme;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.function.UnaryOperator;

import io.dynamodbtoolkit.sample.api.ApiTestSupport;
import io.dynamodbtoolkit.sample.readme.Readme.Block;
import org.junit.jupiter.api.Test;

/** The README's requests of the sample's endpoints are what those endpoints send, on the demo data. */
class ReadmeRequestsIT extends ApiTestSupport {

    @Test
    void eachEndpointSendsTheRequestsTheReadmeShows() throws Exception {
        for (Block block : Readme.blocks()) {
            if (!"request".equals(block.kind()) || !block.argument().startsWith("GET ")) {
                continue;
            }
            calls.clear();
            getOk(block.argument().substring("GET ".length()));
            assertThat(SentRequests.text(calls, UnaryOperator.identity()))
                    .as("README.md line %d: %s", block.line(), block.argument()).isEqualTo(block.text());
        }
    }
}
