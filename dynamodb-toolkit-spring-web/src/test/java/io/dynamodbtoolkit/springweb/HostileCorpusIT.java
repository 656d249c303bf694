package io.dynamodbtoolkit.springweb;

import static org.assertj.core.api.Assertions.assertThat;

import java.math.BigDecimal;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

import io.dynamodbtoolkit.springweb.RentalRow.Facility;
import io.dynamodbtoolkit.springweb.RentalRow.State;
import io.dynamodbtoolkit.springweb.RentalRow.Vehicle;
import io.dynamodbtoolkit.test.DynamoDbTest;
import io.dynamodbtoolkit.test.TestTables;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * The project's hostile corpus: every route of an exported resource, on a real embedded Tomcat, crossed with what a
 * client can get wrong: malformed percent-encoding, unknown parameters and filter operators, lenient numbers and
 * flags, non-canonical, forged and garbage cursors, malformed field lists, bodies (malformed JSON, bad chunks, short
 * bodies, content types), keys, methods. Every answer must be a 4xx as problem details, never a 5xx, and a raw read of
 * the table around each request must find it unchanged. The figures are printed in one line at the end.
 */
@DynamoDbTest
class HostileCorpusIT {

    private static final Pattern NEXT = Pattern.compile("cursor=([A-Za-z0-9_-]+)");
    private static final Duration READ_TIMEOUT = Duration.ofSeconds(1);

    private static String table;
    private static DynamoDbClient dynamo;
    private static RestServer server;
    private static String listCursor;
    private static List<Map<String, AttributeValue>> before;
    private static int tried;
    private static int clientErrors;
    private static int serverErrors;
    private static int refusedButChanged;
    private static int cursorsRefused;

    @BeforeAll
    static void start(TestTables tables, DynamoDbClient client) throws Exception {
        dynamo = client;
        table = tables.create(RestFixture.RENTALS);
        RestFixture fixture = new RestFixture(client, table, tables.create(RestFixture.ISSUES), RestPolicy.defaults());
        fixture.rentals.saveAll(List.of(new State("TX", "Texas", null), new Facility("TX", "Dallas", "Dallas", null),
                new Vehicle("TX", "Dallas", "1HGC0001", "Honda", new BigDecimal("49.90"), 5, null),
                new Vehicle("TX", "Dallas", "1HGC0002", "Ford", new BigDecimal("39.90"), 4, null)));
        server = new RestServer(fixture, "server.tomcat.connection-timeout=" + READ_TIMEOUT.toMillis() + "ms");
        RawHttp.Response page = RawHttp.send(server.port(), RawHttp.request("GET", "/api/rentals?limit=1", "", null),
                Duration.ofSeconds(10));
        Matcher next = NEXT.matcher(page.body());
        assertThat(next.find()).as(page.body()).isTrue();
        listCursor = next.group(1);
        before = RawTable.rows(dynamo, table);
    }

    @AfterAll
    static void figures() {
        server.close();
        System.out.println("Hostile corpus: " + tried + " requests, " + clientErrors + " 4xx, " + serverErrors
                + " 5xx, " + refusedButChanged + " refused-but-changed, " + cursorsRefused + " cursors refused");
        assertThat(serverErrors).isZero();
        assertThat(refusedButChanged).isZero();
    }

    /** One hostile request: a name for reports, the request's bytes, how long to wait for the answer. */
    record Hostile(String name, String method, String request, boolean cursor) {

        @Override
        public String toString() {
            return name.length() > 150 ? name.substring(0, 150) + "..." : name;
        }
    }

    static Stream<Arguments> corpus() {
        List<Hostile> corpus = new ArrayList<>();
        for (String[] route : RestServer.ROUTES) {
            String method = route[0];
            String path = route[1];
            boolean body = ContainerParsedRequestsIT.body(method) != null;
            String json = body ? "Content-Type: application/json\r\nContent-Length: 2\r\n" : "";
            String empty = ContainerParsedRequestsIT.body(method);
            // malformed percent-encoding, unknown parameters and operators, lenient numbers and flags, field lists
            for (String query : List.of("q=%FF", "q=%C0%AF", "q=%ED%A0%80", "q=%G1", "q=%", "%ZZ=1", "zz=1",
                    "zz-make=Honda", "bogus-make=Honda", "eq-color=red", "limit=0x10", "limit=%D9%A1%D9%A0",
                    "limit=1%00", "limit=+5", "limit=%201", "maxItems=0x10", "maxItems=%EF%BC%91", "total=true%00",
                    "fields=..", "fields=a..b", "fields=a%5B", "names=TX,,%7C", "prefix=Dal&prefix=Hou",
                    "force=maybe")) {
                corpus.add(hostile(method, path, query, json, empty, false));
            }
            // cursors: padded, forged, garbage, too long, of another route
            for (String cursor : List.of(listCursor + "=", listCursor + "%3D%3D", "eyJrIjp7InN0YXRlIjp7IlMiOiJPSyJ9fX0",
                    "%25%25%25", "A".repeat(5000), listCursor.substring(0, listCursor.length() - 1)
                            + (listCursor.endsWith("A") ? "B" : "A"))) {
                corpus.add(hostile(method, path, "cursor=" + cursor, json, empty, true));
            }
            if (path.endsWith("-under") || path.endsWith("-self-and-under")) {
                corpus.add(new Hostile(method + " " + path + " foreign-mass-cursor", method, RawHttp.request(method,
                        path + "?cursor=" + listCursor, json, empty), true));
            }
            corpus.add(new Hostile(method + " " + path + " trace", "TRACE", RawHttp.request("TRACE", path, "", null),
                    false));
            if (body) {
                bodies(corpus, method, path);
            }
        }
        // keys
        for (String key : List.of("TX%7CDallas", "TX//Dallas", "TX/%C3%28", "TX%00", "TX/" + "D".repeat(2000), "%2D%2D",
                "TX/-bogus", "TX/Dallas/1HGC0001/extra")) {
            for (String method : List.of("GET", "PUT", "PATCH", "DELETE")) {
                String json = method.equals("GET") || method.equals("DELETE") ? ""
                        : "Content-Type: application/json\r\nContent-Length: 2\r\n";
                corpus.add(new Hostile(method + " /api/rentals/" + key + " key", method, RawHttp.request(method,
                        "/api/rentals/" + key, json, json.isEmpty() ? null : "{}"), false));
            }
        }
        return corpus.stream().map(Arguments::of);
    }

    private static Hostile hostile(String method, String path, String query, String headers, String body,
            boolean cursor) {
        return new Hostile(method + " " + path + " ?" + query, method, RawHttp.request(method, path + "?" + query,
                headers, body), cursor);
    }

    private static void bodies(List<Hostile> corpus, String method, String path) {
        String name = method + " " + path + " ";
        List<String[]> bodies = List.of(
                new String[] {"body-malformed", "application/json", "{not json"},
                new String[] {"body-empty", "application/json", ""},
                new String[] {"body-null", "application/json", "null"},
                new String[] {"body-wrong-type", "application/json", "{\"seats\":\"many\",\"state\":\"TX\"}"},
                new String[] {"body-text", "text/plain", "state=TX"},
                new String[] {"body-form", "application/x-www-form-urlencoded", "state=%FF%G1"},
                new String[] {"body-wildcard-type", "*/*", "{}"},
                new String[] {"body-unparsable-type", "a/b/c", "{}"},
                new String[] {"body-unknown-field", "application/json", path.endsWith("-load")
                        ? "[{\"state\":\"TX\",\"facility\":\"Dallas\",\"vin\":\"V9\",\"bogus\":1}]"
                        : "{\"state\":\"TX\",\"facility\":\"Dallas\",\"vin\":\"V9\",\"bogus\":1}"},
                new String[] {"body-dash-key", "application/json", path.endsWith("-load")
                        ? "[{\"state\":\"-TX\"}]" : "{\"state\":\"-TX\"}"});
        for (String[] body : bodies) {
            corpus.add(new Hostile(name + body[0], method, RawHttp.request(method, path, "Content-Type: " + body[1]
                    + "\r\nContent-Length: " + body[2].getBytes(java.nio.charset.StandardCharsets.UTF_8).length
                    + "\r\n", body[2]), false));
        }
        corpus.add(new Hostile(name + "bad-chunk", method, RawHttp.request(method, path,
                "Transfer-Encoding: chunked\r\nContent-Type: application/json\r\n", "zz\r\n{}\r\n0\r\n\r\n"), false));
        corpus.add(new Hostile(name + "short-body", method, RawHttp.request(method, path,
                "Content-Length: 100\r\nContent-Type: application/json\r\n", "{\"make\":"), false));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("corpus")
    void isRefusedAndChangesNothing(Hostile hostile) throws Exception {
        RawHttp.Response response = RawHttp.send(server.port(), hostile.request(), Duration.ofSeconds(15));
        List<Map<String, AttributeValue>> after = RawTable.rows(dynamo, table);
        boolean changed = !after.equals(before);
        if (changed) {
            restore(after);
        }
        tried++;
        if (response.status() >= 500 || response.status() < 0) {
            serverErrors++;
        } else if (response.status() >= 400) {
            clientErrors++;
            refusedButChanged += changed ? 1 : 0;
            cursorsRefused += hostile.cursor() ? 1 : 0;
        }
        String answer = hostile.name() + " -> " + response.head() + "\n" + response.body();
        assertThat(response.status()).as(answer).isBetween(400, 499);
        assertThat(response.contentType()).as(answer).startsWith("application/problem+json");
        assertThat(changed).as("the table changed: " + answer).isFalse();
    }

    /** Puts the table back as it was before a request that changed it (a failure), so the later cases start clean. */
    private static void restore(List<Map<String, AttributeValue>> after) {
        after.forEach(row -> dynamo.deleteItem(request -> request.tableName(table).key(Map.of("state",
                row.get("state"), "_sk", row.get("_sk")))));
        before.forEach(row -> dynamo.putItem(request -> request.tableName(table).item(row)));
    }
}
