package io.dynamodbtoolkit.sample.api;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.util.Locale;

import io.dynamodbtoolkit.sample.demo.DemoData;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.web.server.LocalServerPort;

/**
 * Requests a client gets wrong, sent as raw HTTP to the application on a real port (Tomcat in front, as in
 * production): every answer is a 4xx as RFC 9457 problem details, including those Tomcat or Spring MVC give before
 * a controller runs, and none names AWS or carries a request ID.
 */
@SpringBootTest(webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT)
class HostileRequestsIT {

    private static final String VEHICLES = "/api/rentals/states/TX/facilities/Dallas/vehicles";
    private static final String VEHICLE = "{\"vin\":\"HOSTILE1\",\"make\":\"Honda\",\"model\":\"Fit\","
            + "\"dailyRate\":40}";
    private static final String ORDER = "/api/customers/C-100/orders/OPEN/2026-07-06T09:00:00Z";

    @LocalServerPort
    private int port;

    @Autowired
    private DemoData demoData;

    @BeforeEach
    void freshDemoData() {
        demoData.reset();
    }

    @Test
    void anInstantNoKeyCanHoldIsABadRequest() throws IOException {
        assertProblem(send("GET", "/api/customers/C-100/orders/OPEN/-1000000000-01-01T00:00:00Z", null, null), 400);
        assertProblem(send("GET", "/api/customers/C-100/orders/OPEN/+10000-01-01T00:00:00Z", null, null), 400);
    }

    @Test
    void aBodyWithAWildcardOrBrokenContentTypeIsUnsupported() throws IOException {
        assertProblem(send("POST", VEHICLES, "*/*", VEHICLE), 415);
        assertProblem(send("POST", VEHICLES, "application/*", VEHICLE), 415);
        assertProblem(send("POST", VEHICLES, "multipart/form-data", VEHICLE), 415);
        assertProblem(send("POST", VEHICLES, "multipart/form-data; boundary=xyz", "--xyz--"), 415);
        assertProblem(send("POST", VEHICLES, "no slash here", VEHICLE), 415);
    }

    @Test
    void aNumberIsNoEnumValue() throws IOException {
        Answer answer = send("PUT", ORDER + "/status", "application/json", "{\"status\": 1}");

        assertProblem(answer, 400);
        assertThat(send("GET", ORDER, null, null).status()).as("the order did not move").isEqualTo(200);
    }

    @Test
    void whatTomcatAndSpringRefuseBeforeAControllerRunsIsProblemDetailsToo() throws IOException {
        assertProblem(send("GET", "/api/rentals/states/%00TX", null, null), 400);
        assertProblem(send("GET", "/api/rentals/states/T{X}", null, null), 400);
        assertProblem(send("GET", "/api/rentals/states/..%2f..%2fetc", null, null), 400);
        assertProblem(send("GET", "/no/such/page", null, null), 404);
        assertProblem(send("PATCH", "/api/rentals/states", "application/json", "{}"), 405);
        assertProblem(sendAccepting("/api/rentals/states", "application/xml"), 406);
        assertProblem(send("POST", VEHICLES, "text/plain", "x"), 415);
        assertProblem(send("POST", VEHICLES, "application/json", "{not json"), 400);
    }

    @Test
    void theRestSurfaceAnswersHostileRequestsWithProblemDetailsToo() throws IOException {
        assertProblem(send("GET", "/rest/documents/%00doc", null, null), 400);
        assertProblem(send("GET", "/rest/documents/doc-001/%E0%A4%A", null, null), 400);
        assertProblem(send("GET", "/rest/documents?cursor=forged", null, null), 400);
        assertProblem(send("GET", "/rest/documents?limit=1000", null, null), 400);
        assertProblem(send("GET", "/rest/teams/user%23ada%7Cteam%23data", null, null), 400);
        assertProblem(send("POST", "/rest/documents", "application/json", "{not json"), 400);
        assertProblem(send("POST", "/rest/documents", "text/plain", "x"), 415);
        assertProblem(send("POST", "/rest/documents", "application/json", "{\"docId\":\"d\",\"version\":\"x\"}"),
                422);
        assertProblem(send("PUT", "/rest/documents/doc-001", "application/json", "[1]"), 400);
        assertProblem(send("PATCH", "/rest/documents/doc-001", "application/json", "{\"title\":\""
                + "x".repeat(410 * 1024) + "\"}"), 422);
        assertProblem(send("DELETE", "/rest/documents", null, null), 400);
        assertProblem(send("GET", "/rest/documents/doc-404", null, null), 404);
        assertThat(send("GET", "/rest/documents/doc-001", null, null).body()).contains("Design note 1");
    }

    @Test
    void theApiRefusesUnknownParametersLenientNumbersAndMalformedEncoding() throws IOException {
        String under = "/api/rentals/states/TX/under";
        assertThat(send("GET", under + "?limit=5", null, null).status()).isEqualTo(200);
        assertProblem(send("GET", under + "?limt=5", null, null), 400);
        assertThat(send("GET", under + "?limt=5", null, null).body()).contains("'limt'");
        assertProblem(send("GET", under + "?eq-make=Honda", null, null), 400);
        assertProblem(send("GET", "/api/rentals/states/TX?limit=5", null, null), 400);
        for (String limit : new String[] {"0x10", "%D9%A1%D9%A0", "1%00", "+5", "%EF%BC%95"}) {
            assertProblem(send("GET", under + "?limit=" + limit, null, null), 400);
        }
        for (String value : new String[] {"%FF", "%C0%AF", "%ED%A0%80", "%G1", "%"}) {
            assertProblem(send("GET", under + "?cursor=" + value, null, null), 400);
            assertProblem(send("GET", "/rest/documents?cursor=" + value, null, null), 400);
        }
        assertProblem(send("GET", "/api/explain/shapes/partial?state=TX&prefix=Dal&prefx=Dal", null, null), 400);
        assertProblem(send("DELETE", "/api/rentals/states/TX/facilities/Dallas?maxItems=0x10", null, null), 400);
        assertProblem(send("GET", "/rest/documents?zz-title=x", null, null), 400);
        assertProblem(send("TRACE", "/rest/documents", null, null), 405);
    }

    @Test
    void aVehicleForAFacilityThatDoesNotExistIsNotFound() throws IOException {
        Answer answer = send("POST", "/api/rentals/states/TX/facilities/Nowhere/vehicles", "application/json",
                VEHICLE);

        assertProblem(answer, 404);
        assertThat(answer.body()).contains("no-such-parent").contains("TX|Nowhere");
    }

    private static void assertProblem(Answer answer, int status) {
        assertThat(answer.status()).as(answer.toString()).isEqualTo(status);
        assertThat(answer.contentType()).as(answer.toString()).startsWith("application/problem+json");
        assertThat(answer.body()).as(answer.toString()).contains("\"status\":" + status)
                .doesNotContain("Request ID").doesNotContain("Service: DynamoDb").doesNotContain("Tomcat");
    }

    private Answer send(String method, String path, String contentType, String body) throws IOException {
        StringBuilder request = new StringBuilder(method + " " + path + " HTTP/1.0\r\nHost: localhost\r\n"
                + "Accept: application/json, application/problem+json\r\nConnection: close\r\n");
        byte[] content = body == null ? new byte[0] : body.getBytes(StandardCharsets.UTF_8);
        if (contentType != null) {
            request.append("Content-Type: ").append(contentType).append("\r\n");
        }
        if (body != null) {
            request.append("Content-Length: ").append(content.length).append("\r\n");
        }
        return exchange(request.append("\r\n").toString(), content);
    }

    private Answer sendAccepting(String path, String accept) throws IOException {
        return exchange("GET " + path + " HTTP/1.0\r\nHost: localhost\r\nAccept: " + accept
                + "\r\nConnection: close\r\n\r\n", new byte[0]);
    }

    private Answer exchange(String head, byte[] content) throws IOException {
        try (Socket socket = new Socket("localhost", port)) {
            socket.setSoTimeout(10_000);
            OutputStream out = socket.getOutputStream();
            out.write(head.getBytes(StandardCharsets.ISO_8859_1));
            out.write(content);
            out.flush();
            InputStream in = socket.getInputStream();
            String response = new String(in.readAllBytes(), StandardCharsets.UTF_8);
            int headEnd = response.indexOf("\r\n\r\n");
            String headers = response.substring(0, headEnd);
            int status = Integer.parseInt(headers.split(" ")[1]);
            String contentType = headers.lines().filter(line -> line.toLowerCase(Locale.ROOT)
                    .startsWith("content-type:")).map(line -> line.substring("content-type:".length()).trim())
                    .findFirst().orElse("");
            return new Answer(status, contentType, response.substring(headEnd + 4));
        }
    }

    private record Answer(int status, String contentType, String body) {
    }
}
