package io.dynamodbtoolkit.sample.reactive;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.util.Locale;

/**
 * Requests sent as raw HTTP/1.0 to a port, so that a path may be sent as a client wrote it (a malformed percent escape
 * included), which a URI-building client would refuse before sending.
 */
final class RawHttp {

    private final int port;

    RawHttp(int port) {
        this.port = port;
    }

    /** @return the answer to a request (no body and no content type when both are null) */
    Answer send(String method, String path, String contentType, String body) throws IOException {
        StringBuilder head = new StringBuilder(method + " " + path + " HTTP/1.0\r\nHost: localhost\r\n"
                + "Accept: application/json, application/problem+json\r\nConnection: close\r\n");
        byte[] content = body == null ? new byte[0] : body.getBytes(StandardCharsets.UTF_8);
        if (contentType != null) {
            head.append("Content-Type: ").append(contentType).append("\r\n");
        }
        if (body != null) {
            head.append("Content-Length: ").append(content.length).append("\r\n");
        }
        try (Socket socket = new Socket("localhost", port)) {
            socket.setSoTimeout(10_000);
            // head and body in one write: a server that answers without reading the body (a 415) and closes then
            // has nothing unread, so the connection is not reset under the answer
            ByteArrayOutputStream request = new ByteArrayOutputStream();
            request.writeBytes(head.append("\r\n").toString().getBytes(StandardCharsets.ISO_8859_1));
            request.writeBytes(content);
            OutputStream out = socket.getOutputStream();
            out.write(request.toByteArray());
            out.flush();
            InputStream in = socket.getInputStream();
            String response = new String(in.readAllBytes(), StandardCharsets.UTF_8);
            int headEnd = response.indexOf("\r\n\r\n");
            String headers = headEnd < 0 ? response : response.substring(0, headEnd);
            int status = Integer.parseInt(headers.split(" ")[1]);
            String type = headers.lines().filter(line -> line.toLowerCase(Locale.ROOT).startsWith("content-type:"))
                    .map(line -> line.substring("content-type:".length()).trim()).findFirst().orElse("");
            return new Answer(method + " " + path, status, type, headEnd < 0 ? "" : response.substring(headEnd + 4));
        }
    }

    /** What the application answered to one request. */
    record Answer(String request, int status, String contentType, String body) {

        /** @return whether it is the given status as RFC 9457 problem details */
        boolean isProblem(int expected) {
            return status == expected && contentType.startsWith("application/problem+json")
                    && body.contains("\"status\":" + expected);
        }
    }
}
