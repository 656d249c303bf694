package io.dynamodbtoolkit.sample.readme;

import static org.assertj.core.api.Assertions.assertThat;
import static org.springframework.test.web.servlet.request.MockMvcRequestBuilders.request;

import java.net.URI;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import io.dynamodbtoolkit.sample.api.ApiTestSupport;
import io.dynamodbtoolkit.sample.readme.Readme.Block;
import org.junit.jupiter.api.Test;
import org.springframework.http.HttpMethod;
import org.springframework.mock.web.MockHttpServletResponse;
import org.springframework.test.web.servlet.request.MockHttpServletRequestBuilder;

/** The README's curl calls of the sample's API, made in order against the application: each answers 2xx. */
class ReadmeHttpExamplesIT extends ApiTestSupport {

    private static final Pattern CURL = Pattern.compile(
            "curl -s(?: -X (GET|POST|PUT|PATCH|DELETE))?((?: -H '[^']*')*)(?: -d '([^']*)')? '(http://localhost:8080/[^']*)'");
    private static final Pattern HEADER = Pattern.compile(" -H '([^:]*):\\s*([^']*)'");

    @Test
    void everyCurlCallSucceeds() throws Exception {
        List<String> calls = new ArrayList<>();
        for (Block block : Readme.blocks()) {
            if ("http".equals(block.kind())) {
                calls.addAll(List.of(block.text().split("\n")));
            }
        }
        assertThat(calls).isNotEmpty();
        for (String call : calls) {
            Matcher curl = CURL.matcher(call);
            assertThat(curl.matches()).as("a curl call the test understands: %s", call).isTrue();
            URI uri = URI.create(curl.group(4));
            MockHttpServletRequestBuilder request = request(HttpMethod.valueOf(curl.group(1) == null ? "GET"
                    : curl.group(1)), URI.create(uri.getRawPath() + (uri.getRawQuery() == null ? ""
                            : "?" + uri.getRawQuery())));
            Matcher header = HEADER.matcher(curl.group(2));
            while (header.find()) {
                request.header(header.group(1), header.group(2));
            }
            if (curl.group(3) != null) {
                request.content(curl.group(3));
            }
            MockHttpServletResponse response = mvc.perform(request).andReturn().getResponse();
            assertThat(response.getStatus()).as("%s answered %s", call, response.getContentAsString()).isBetween(200,
                    299);
        }
    }
}
