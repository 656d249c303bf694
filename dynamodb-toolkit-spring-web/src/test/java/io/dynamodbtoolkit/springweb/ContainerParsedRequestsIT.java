package io.dynamodbtoolkit.springweb;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.util.List;
import java.util.stream.Stream;

import io.dynamodbtoolkit.adapter.ListOptions;
import io.dynamodbtoolkit.test.DynamoDbTest;
import io.dynamodbtoolkit.test.TestTables;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;

/**
 * What the servlet container parses before the REST surface sees a request, sent to every route on a real embedded
 * Tomcat: a query string with malformed percent-encoding, TRACE, a chunked body with a bad chunk size, a body shorter
 * than its Content-Length. Each is answered with a 4xx as RFC 9457 problem details (the short body with 408 once the
 * connector's read timeout passes), and nothing is written.
 */
@DynamoDbTest
class ContainerParsedRequestsIT {

    /** Query strings whose percent-encoding is malformed: not UTF-8, overlong, a surrogate, not hex, a lone %. */
    static final List<String> MALFORMED_QUERIES = List.of("names=%FF", "names=%C0%AF", "names=%ED%A0%80",
            "names=%G1", "names=%", "prefix=Dal%", "limit=1%00%ZZ");

    /** How long a body the client stops sending is waited for (the connector's read timeout, set by the test). */
    static final Duration BODY_READ_TIMEOUT = Duration.ofSeconds(2);

    private static RestFixture fixture;
    private static RestServer server;

    @BeforeAll
    static void start(TestTables tables, DynamoDbClient client) {
        fixture = new RestFixture(client, tables.create(RestFixture.RENTALS), tables.create(RestFixture.ISSUES),
                RestPolicy.defaults());
        fixture.rentals.saveAll(RestFixture.dallas());
        server = new RestServer(fixture, "server.tomcat.connection-timeout=" + BODY_READ_TIMEOUT.toMillis() + "ms");
    }

    @AfterAll
    static void stop() {
        server.close();
    }

    static Stream<Arguments> malformedQueries() {
        return RestServer.ROUTES.stream().flatMap(route -> MALFORMED_QUERIES.stream().map(query -> Arguments.of(
                route[0], route[1] + "?" + query)));
    }

    @ParameterizedTest(name = "{0} {1}")
    @MethodSource("malformedQueries")
    void aMalformedQueryStringIsABadRequest(String method, String target) throws Exception {
        assertRefused(RawHttp.send(server.port(), RawHttp.request(method, target, body(method, 2), body(method)),
                Duration.ofSeconds(10)), 400, method);
    }

    static Stream<Arguments> routes() {
        return RestServer.ROUTES.stream().map(route -> Arguments.of(route[0], route[1]));
    }

    /** @return the routes that read a body (the others never read what follows the headers) */
    static Stream<Arguments> bodyRoutes() {
        return RestServer.ROUTES.stream().filter(route -> body(route[0]) != null)
                .map(route -> Arguments.of(route[0], route[1]));
    }

    @ParameterizedTest(name = "TRACE {1}")
    @MethodSource("routes")
    void traceIsNotAllowed(String method, String path) throws Exception {
        assertRefused(RawHttp.send(server.port(), RawHttp.request("TRACE", path, "", null), Duration.ofSeconds(10)),
                405, "TRACE");
    }

    @ParameterizedTest(name = "{0} {1}")
    @MethodSource("bodyRoutes")
    void aBadChunkSizeIsABadRequest(String method, String path) throws Exception {
        String chunked = "Transfer-Encoding: chunked\r\nContent-Type: application/json\r\n";
        assertRefused(RawHttp.send(server.port(), RawHttp.request(method, path, chunked, "zz\r\n{}\r\n0\r\n\r\n"),
                Duration.ofSeconds(10)), 400, method);
    }

    @ParameterizedTest(name = "{0} {1}")
    @MethodSource("bodyRoutes")
    void aBodyShorterThanItsLengthIsRefusedOnceTheReadTimesOut(String method, String path) throws Exception {
        String announced = "Content-Length: 100\r\nContent-Type: application/json\r\n";
        RawHttp.Response response = RawHttp.send(server.port(), RawHttp.request(method, path, announced,
                "{\"make\":"), Duration.ofSeconds(30));
        assertRefused(response, 408, method);
        assertThat(response.elapsed()).isLessThan(BODY_READ_TIMEOUT.multipliedBy(5));
    }

    private static void assertRefused(RawHttp.Response response, int status, String method) {
        String answer = response.head() + "\n\n" + response.body();
        assertThat(response.status()).as(answer).isEqualTo(status);
        assertThat(response.contentType()).as(answer).startsWith("application/problem+json");
        if (!method.equals("HEAD")) {
            assertThat(response.body()).as(answer).contains("\"status\":" + status).doesNotContain("Exception")
                    .doesNotContain("Tomcat");
        }
        assertThat(fixture.rentals.scan(ListOptions.defaults(), RentalRow.class).items()).as("nothing written")
                .hasSize(3);
    }

    /** @return a JSON body for the methods that take one, else null */
    static String body(String method) {
        return switch (method) {
            case "POST", "PUT", "PATCH" -> "{}";
            default -> null;
        };
    }

    /** @return the headers announcing a body of this length for the methods that take one */
    private static String body(String method, int length) {
        return body(method) == null ? "" : "Content-Type: application/json\r\nContent-Length: " + length + "\r\n";
    }
}
