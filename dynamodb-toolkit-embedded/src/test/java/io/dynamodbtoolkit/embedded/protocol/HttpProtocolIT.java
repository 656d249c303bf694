package io.dynamodbtoolkit.embedded.protocol;

import io.dynamodbtoolkit.embedded.EmbeddedDynamoDb;
import io.dynamodbtoolkit.embedded.support.HttpWire;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.io.OutputStream;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.util.zip.CRC32;

import static org.assertj.core.api.Assertions.assertThat;

/** The HTTP side, spoken by hand over a socket: what the SDKs, the CLI and other clients may send. */
class HttpProtocolIT {

    private static EmbeddedDynamoDb dynamo;

    @BeforeAll
    static void start() {
        dynamo = EmbeddedDynamoDb.start();
    }

    @AfterAll
    static void stop() {
        dynamo.close();
    }

    private static String post(String headers, String body) {
        return "POST / HTTP/1.1\r\nHost: localhost\r\nX-Amz-Target: DynamoDB_20120810.ListTables\r\n"
                + "Content-Type: application/x-amz-json-1.0\r\n" + headers + "\r\n" + body;
    }


    @Test
    void keepAliveServesSeveralRequestsOnOneConnectionWithChecksums() throws IOException {
        try (Socket socket = new Socket(dynamo.endpoint().getHost(), dynamo.port())) {
            OutputStream out = socket.getOutputStream();
            out.write(post("Content-Length: 2\r\n", "{}").getBytes(StandardCharsets.UTF_8));
            out.write(post("Content-Length: 2\r\n", "{}").getBytes(StandardCharsets.UTF_8));
            String first = HttpWire.readResponse(socket.getInputStream());
            String second = HttpWire.readResponse(socket.getInputStream());

            for (String response : new String[]{first, second}) {
                assertThat(response).startsWith("HTTP/1.1 200 OK\r\n").contains("x-amzn-RequestId: ")
                        .endsWith("{\"TableNames\":[]}");
                CRC32 crc = new CRC32();
                crc.update("{\"TableNames\":[]}".getBytes(StandardCharsets.UTF_8));
                assertThat(response).contains("x-amz-crc32: " + crc.getValue() + "\r\n");
            }
        }
    }

    @Test
    void aRequestSentAsApplicationJsonIsAnsweredAsApplicationJson() throws IOException {
        try (Socket socket = new Socket(dynamo.endpoint().getHost(), dynamo.port())) {
            OutputStream out = socket.getOutputStream();
            out.write(("POST / HTTP/1.1\r\nHost: localhost\r\nX-Amz-Target: DynamoDB_20120810.ListTables\r\n"
                    + "Content-Type: application/json; charset=utf-8\r\nContent-Length: 2\r\n\r\n{}")
                    .getBytes(StandardCharsets.UTF_8));
            out.write(post("Content-Length: 2\r\n", "{}").getBytes(StandardCharsets.UTF_8));
            String plainJson = HttpWire.readResponse(socket.getInputStream());
            String amzJson = HttpWire.readResponse(socket.getInputStream());

            assertThat(plainJson).startsWith("HTTP/1.1 200 OK\r\n").contains("\r\nContent-Type: application/json\r\n")
                    .endsWith("{\"TableNames\":[]}");
            assertThat(amzJson).contains("\r\nContent-Type: application/x-amz-json-1.0\r\n");
        }
    }

    @Test
    void chunkedBodiesAndExpectContinueAreUnderstood() throws IOException {
        try (Socket socket = new Socket(dynamo.endpoint().getHost(), dynamo.port())) {
            OutputStream out = socket.getOutputStream();
            out.write(post("Transfer-Encoding: chunked\r\nExpect: 100-continue\r\n", "")
                    .getBytes(StandardCharsets.UTF_8));
            out.flush();
            String interim = HttpWire.readResponse(socket.getInputStream());
            out.write("1\r\n{\r\n1;ext=1\r\n}\r\n0\r\n\r\n".getBytes(StandardCharsets.UTF_8));
            String response = HttpWire.readResponse(socket.getInputStream());

            assertThat(interim).startsWith("HTTP/1.1 100 Continue");
            assertThat(response).startsWith("HTTP/1.1 200 OK").endsWith("{\"TableNames\":[]}");
        }
    }

    @Test
    void connectionCloseIsHonouredAndErrorsAreJson() throws IOException {
        try (Socket socket = new Socket(dynamo.endpoint().getHost(), dynamo.port())) {
            String request = "POST / HTTP/1.1\r\nX-Amz-Target: DynamoDB_20120810.NoSuchOperation\r\n"
                    + "Connection: close\r\nContent-Length: 2\r\n\r\n{}";
            socket.getOutputStream().write(request.getBytes(StandardCharsets.UTF_8));
            String response = HttpWire.readResponse(socket.getInputStream());

            assertThat(response).startsWith("HTTP/1.1 400 Bad Request").contains("Connection: close")
                    .contains("com.amazon.coral.service#UnknownOperationException");
            assertThat(socket.getInputStream().read()).isEqualTo(-1);
        }
    }

    @Test
    void malformedJsonIsASerializationException() throws IOException {
        try (Socket socket = new Socket(dynamo.endpoint().getHost(), dynamo.port())) {
            socket.getOutputStream().write(post("Content-Length: 5\r\n", "{oops").getBytes(StandardCharsets.UTF_8));
            assertThat(HttpWire.readResponse(socket.getInputStream())).startsWith("HTTP/1.1 400")
                    .contains("com.amazon.coral.service#SerializationException");
        }
    }

    @Test
    void malformedHttpGetsA400AndTheConnectionCloses() throws IOException {
        try (Socket socket = new Socket(dynamo.endpoint().getHost(), dynamo.port())) {
            socket.getOutputStream().write("NONSENSE\r\n\r\n".getBytes(StandardCharsets.UTF_8));
            assertThat(HttpWire.readResponse(socket.getInputStream())).startsWith("HTTP/1.1 400");
            assertThat(socket.getInputStream().read()).isEqualTo(-1);
        }
    }

    @Test
    void getAnswersAHealthDocument() throws IOException {
        try (Socket socket = new Socket(dynamo.endpoint().getHost(), dynamo.port())) {
            socket.getOutputStream().write("GET / HTTP/1.1\r\nHost: x\r\n\r\n".getBytes(StandardCharsets.UTF_8));
            assertThat(HttpWire.readResponse(socket.getInputStream())).startsWith("HTTP/1.1 200").contains("\"healthy\":true");
        }
    }

    @Test
    void requestIdsHaveDynamoDbsFormatAndDiffer() throws IOException {
        try (Socket socket = new Socket(dynamo.endpoint().getHost(), dynamo.port())) {
            OutputStream out = socket.getOutputStream();
            out.write(post("Content-Length: 2\r\n", "{}").getBytes(StandardCharsets.UTF_8));
            out.write(post("Content-Length: 2\r\n", "{}").getBytes(StandardCharsets.UTF_8));
            String first = requestId(HttpWire.readResponse(socket.getInputStream()));
            String second = requestId(HttpWire.readResponse(socket.getInputStream()));

            assertThat(first).matches("[0-9A-V]{52}");
            assertThat(second).matches("[0-9A-V]{52}").isNotEqualTo(first);
        }
    }

    private static String requestId(String response) {
        for (String line : response.split("\r\n")) {
            if (line.startsWith("x-amzn-RequestId: ")) {
                return line.substring("x-amzn-RequestId: ".length());
            }
        }
        throw new AssertionError("No request id in " + response);
    }

    @Test
    void browsersGetCorsHeadersAndPreflightsAreAnswered() throws IOException {
        try (Socket socket = new Socket(dynamo.endpoint().getHost(), dynamo.port())) {
            OutputStream out = socket.getOutputStream();
            out.write(("OPTIONS / HTTP/1.1\r\nHost: localhost\r\nOrigin: http://app.example\r\n"
                    + "Access-Control-Request-Method: POST\r\n"
                    + "Access-Control-Request-Headers: content-type, x-amz-target, authorization\r\n\r\n")
                    .getBytes(StandardCharsets.UTF_8));
            String preflight = HttpWire.readResponse(socket.getInputStream());
            out.write(post("Origin: http://app.example\r\nContent-Length: 2\r\n", "{}").getBytes(StandardCharsets.UTF_8));
            String answer = HttpWire.readResponse(socket.getInputStream());

            assertThat(preflight).startsWith("HTTP/1.1 200").contains("Access-Control-Allow-Origin: *\r\n")
                    .contains("Access-Control-Allow-Methods: POST\r\n")
                    .contains("Access-Control-Allow-Headers: content-type, x-amz-target, authorization\r\n")
                    .contains("Access-Control-Max-Age: 172800\r\n").contains("Content-Length: 0\r\n");
            assertThat(answer).startsWith("HTTP/1.1 200").contains("Access-Control-Allow-Origin: *\r\n")
                    .contains("Access-Control-Expose-Headers: x-amzn-RequestId, x-amz-crc32\r\n")
                    .endsWith("{\"TableNames\":[]}");
        }
    }

    @Test
    void requestsWithoutAnOriginGetNoCorsHeaders() throws IOException {
        try (Socket socket = new Socket(dynamo.endpoint().getHost(), dynamo.port())) {
            socket.getOutputStream().write(post("Content-Length: 2\r\n", "{}").getBytes(StandardCharsets.UTF_8));
            assertThat(HttpWire.readResponse(socket.getInputStream())).doesNotContain("Access-Control");
        }
    }
}
