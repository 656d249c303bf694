package io.dynamodbtoolkit.sample.demo;

import java.net.URI;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

import io.dynamodbtoolkit.adapter.Adapter;
import io.dynamodbtoolkit.key.KeyField;
import io.dynamodbtoolkit.sample.web.NoSuchItemException;
import org.springframework.beans.factory.ObjectProvider;
import org.springframework.context.ApplicationContext;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RestController;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;

/** What the application runs on, and a reset of the demo data for the page. */
@RestController
public class DemoController {

    /** The bean name of the embedded engine, when the auto-configuration started it. */
    private static final String EMBEDDED_ENGINE = "embeddedDynamoDb";

    private final ApplicationContext context;
    private final DynamoDbClient client;
    private final Map<String, Adapter<Map<String, Object>>> adapters;
    private final ObjectProvider<DemoDataLoader> loader;
    private final DemoData demoData;

    /**
     * @param context  the application context, to tell whether the embedded engine runs
     * @param client   the DynamoDB client the adapters use
     * @param adapters the adapters by name
     * @param loader   present when demo data is on
     * @param demoData the demo data
     */
    public DemoController(ApplicationContext context, DynamoDbClient client,
            Map<String, Adapter<Map<String, Object>>> adapters, ObjectProvider<DemoDataLoader> loader,
            DemoData demoData) {
        this.context = context;
        this.client = client;
        this.adapters = adapters;
        this.loader = loader;
        this.demoData = demoData;
    }

    /**
     * What the application talks to.
     *
     * @param backend  {@code embedded engine}, or {@code DynamoDB}
     * @param endpoint the endpoint, or null for the region's default DynamoDB endpoint
     * @param region   the client's region
     * @param adapters each adapter by name: its table and key fields
     * @param demoData whether the demo data is on (and can be reset)
     */
    public record About(String backend, String endpoint, String region, Map<String, AdapterInfo> adapters,
            boolean demoData) {
    }

    /**
     * One adapter.
     *
     * @param table     its table
     * @param keyFields its key fields, the partition key first
     */
    public record AdapterInfo(String table, List<String> keyFields) {
    }

    /** @return what the application talks to */
    @GetMapping("/api/about")
    public About about() {
        String endpoint = client.serviceClientConfiguration().endpointOverride().map(URI::toString).orElse(null);
        Map<String, AdapterInfo> infos = new TreeMap<>();
        adapters.forEach((name, adapter) -> infos.put(name, new AdapterInfo(adapter.table(),
                adapter.keys().keyFields().stream().map(KeyField::name).toList())));
        return new About(context.containsBean(EMBEDDED_ENGINE) ? "embedded engine" : "DynamoDB", endpoint,
                client.serviceClientConfiguration().region().id(), infos, loader.getIfAvailable() != null);
    }

    /**
     * Empties the tables and writes the demo data again (404 when demo data is off).
     *
     * @return the adapters whose tables were reset
     */
    @PostMapping("/api/demo/reset")
    public List<String> reset() {
        if (loader.getIfAvailable() == null) {
            throw new NoSuchItemException(
                    "demo data in this application (sample.demo-data is false)");
        }
        demoData.reset();
        return adapters.keySet().stream().sorted().toList();
    }
}
