package io.dynamodbtoolkit.sample.api;

import static org.springframework.test.web.servlet.request.MockMvcRequestBuilders.get;
import static org.springframework.test.web.servlet.result.MockMvcResultMatchers.status;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import com.jayway.jsonpath.JsonPath;
import io.awspring.cloud.autoconfigure.dynamodb.DynamoDbClientCustomizer;
import io.dynamodbtoolkit.sample.demo.DemoData;
import io.dynamodbtoolkit.test.RequestLog;
import org.junit.jupiter.api.BeforeEach;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.context.TestConfiguration;
import org.springframework.boot.webmvc.test.autoconfigure.AutoConfigureMockMvc;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Import;
import org.springframework.test.web.servlet.MockMvc;

/**
 * The REST API tests' common set-up: the whole application on its embedded engine with the demo data, MockMvc, and
 * a {@link RequestLog} recording every call the application's DynamoDB client makes, so a test can check that a
 * read was a key seek. The demo data is written again before each test, so tests that change it do not affect
 * others.
 */
@SpringBootTest
@AutoConfigureMockMvc
@Import(ApiTestSupport.RecordedCalls.class)
public abstract class ApiTestSupport {

    @Autowired
    protected MockMvc mvc;

    @Autowired
    protected RequestLog calls;

    @Autowired
    private DemoData demoData;

    @BeforeEach
    void freshDemoData() {
        demoData.reset();
        calls.clear();
    }

    /** @return the JSON body of a GET answered 200 */
    protected String getOk(String uri, Object... variables) throws Exception {
        return mvc.perform(get(uri, variables)).andExpect(status().isOk()).andReturn().getResponse()
                .getContentAsString();
    }

    /**
     * Reads every page of a list, following {@code nextCursor}.
     *
     * @param uri   the list's URI, with its query (the cursor is appended)
     * @param field the field of each item to collect
     * @return the field of every item, in order, and the number of pages
     */
    protected Pages readAllPages(String uri, String field) throws Exception {
        List<Object> values = new ArrayList<>();
        String cursor = null;
        int pages = 0;
        do {
            String body = getOk(uri + (cursor == null ? "" : "&cursor=" + cursor));
            values.addAll(JsonPath.<List<Object>>read(body, "$.items[*]." + field));
            cursor = JsonPath.read(body, "$.nextCursor");
            pages++;
        } while (cursor != null);
        return new Pages(values, pages);
    }

    /**
     * @param values the collected values
     * @param pages  how many pages were read
     */
    protected record Pages(List<Object> values, int pages) {
    }

    /** @return the items of a JSON array of objects */
    protected static List<Map<String, Object>> items(String body, String path) {
        return JsonPath.read(body, path);
    }

    /** Records the application client's calls. */
    @TestConfiguration(proxyBeanMethods = false)
    static class RecordedCalls {

        @Bean
        RequestLog requestLog() {
            return new RequestLog();
        }

        @Bean
        DynamoDbClientCustomizer recordCalls(RequestLog log) {
            return builder -> builder.overrideConfiguration(builder.overrideConfiguration().toBuilder()
                    .addExecutionInterceptor(log.interceptor()).build());
        }
    }
}
