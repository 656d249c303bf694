package io.dynamodbtoolkit.embedded.protocol;

import org.jspecify.annotations.Nullable;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.HashMap;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;

/**
 * Reads HTTP/1.1 requests from a connection: request line, headers, and a body sent with Content-Length or chunked
 * transfer encoding. Enough of HTTP for the AWS SDKs and CLIs, with limits so that a bad client cannot exhaust memory.
 */
final class HttpRequestReader {

    static final int MAX_HEADER_BYTES = 64 * 1024;
    static final int MAX_BODY_BYTES = 32 * 1024 * 1024;
    private static final String CLOSED_MID_REQUEST = "Connection closed in the middle of a request";

    private final InputStream in;

    HttpRequestReader(InputStream in) {
        this.in = in;
    }

    /**
     * One request.
     *
     * @param method  the method, e.g. POST
     * @param version the protocol version, e.g. HTTP/1.1
     * @param headers header values by lower-case name (the last one wins)
     * @param body    the body, empty when there is none
     */
    record Request(String method, String version, Map<String, String> headers, byte[] body) {

        @Nullable String header(String name) {
            return headers.get(name);
        }

        /** Whether the connection stays open after the answer (HTTP/1.1 unless "close", HTTP/1.0 if "keep-alive"). */
        boolean keepAlive() {
            String connection = headers.getOrDefault("connection", "").toLowerCase(Locale.ROOT);
            return version.equals("HTTP/1.0") ? connection.contains("keep-alive") : !connection.contains("close");
        }
    }

    /** Thrown for a request that is not valid HTTP or exceeds the limits; the connection is then closed. */
    static final class BadRequest extends IOException {
        private final int status;

        BadRequest(int status, String message) {
            super(message);
            this.status = status;
        }

        /** The message given at construction (never null): the answer's body. */
        @Override
        public String getMessage() {
            return Objects.requireNonNull(super.getMessage());
        }

        int status() {
            return status;
        }
    }

    /**
     * Reads the next request, or returns {@code null} when the client closed the connection between requests.
     *
     * @param continueSender called when the client sent {@code Expect: 100-continue}, before the body is read
     */
    @Nullable Request read(Runnable continueSender) throws IOException {
        String requestLine = readLineOrEnd();
        while (requestLine != null && requestLine.isEmpty()) {
            requestLine = readLineOrEnd();
        }
        if (requestLine == null) {
            return null;
        }
        String[] parts = requestLine.split(" ");
        if (parts.length != 3 || !parts[2].startsWith("HTTP/1.")) {
            throw new BadRequest(400, "Malformed request line");
        }
        Map<String, String> headers = new HashMap<>();
        int headerBytes = requestLine.length();
        for (String line = readLine(); !line.isEmpty(); line = readLine()) {
            headerBytes += line.length();
            if (headerBytes > MAX_HEADER_BYTES) {
                throw new BadRequest(431, "Request headers too large");
            }
            int colon = line.indexOf(':');
            if (colon <= 0) {
                throw new BadRequest(400, "Malformed header line");
            }
            headers.put(line.substring(0, colon).trim().toLowerCase(Locale.ROOT), line.substring(colon + 1).trim());
        }
        if ("100-continue".equalsIgnoreCase(headers.get("expect"))) {
            continueSender.run();
        }
        return new Request(parts[0], parts[2], headers, body(headers));
    }

    private byte[] body(Map<String, String> headers) throws IOException {
        String transferEncoding = headers.get("transfer-encoding");
        if (transferEncoding != null && transferEncoding.toLowerCase(Locale.ROOT).contains("chunked")) {
            return chunkedBody();
        }
        String contentLength = headers.get("content-length");
        if (contentLength == null) {
            return new byte[0];
        }
        int length;
        try {
            length = Integer.parseInt(contentLength);
        } catch (NumberFormatException e) {
            throw new BadRequest(400, "Malformed Content-Length");
        }
        if (length < 0 || length > MAX_BODY_BYTES) {
            throw new BadRequest(413, "Request body too large");
        }
        byte[] body = in.readNBytes(length);
        if (body.length != length) {
            throw new IOException("Connection closed in the middle of a request body");
        }
        return body;
    }

    private byte[] chunkedBody() throws IOException {
        ByteArrayOutputStream body = new ByteArrayOutputStream();
        while (true) {
            String sizeLine = readLine();
            int semicolon = sizeLine.indexOf(';');
            int size;
            try {
                size = Integer.parseInt((semicolon >= 0 ? sizeLine.substring(0, semicolon) : sizeLine).trim(), 16);
            } catch (NumberFormatException e) {
                throw new BadRequest(400, "Malformed chunk size");
            }
            if (size < 0 || body.size() + (long) size > MAX_BODY_BYTES) {
                throw new BadRequest(413, "Request body too large");
            }
            if (size == 0) {
                for (String trailer = readLine(); !trailer.isEmpty(); trailer = readLine()) {
                    // trailers are not used
                }
                return body.toByteArray();
            }
            byte[] chunk = in.readNBytes(size);
            if (chunk.length != size) {
                throw new IOException("Connection closed in the middle of a chunk");
            }
            body.write(chunk);
            readLine();
        }
    }

    /** A line without its CRLF; an exception at end of stream. */
    private String readLine() throws IOException {
        String line = readLineOrEnd();
        if (line == null) {
            throw new IOException(CLOSED_MID_REQUEST);
        }
        return line;
    }

    /** A line without its CRLF, or {@code null} at end of stream before the line starts. */
    private @Nullable String readLineOrEnd() throws IOException {
        StringBuilder line = new StringBuilder();
        while (true) {
            int c = in.read();
            if (c == -1) {
                if (line.isEmpty()) {
                    return null;
                }
                throw new IOException(CLOSED_MID_REQUEST);
            }
            if (c == '\n') {
                int end = line.length();
                if (end > 0 && line.charAt(end - 1) == '\r') {
                    line.setLength(end - 1);
                }
                return line.toString();
            }
            if (line.length() >= MAX_HEADER_BYTES) {
                throw new BadRequest(431, "Request line or header too long");
            }
            line.append((char) c);
        }
    }

    static byte[] ascii(String text) {
        return text.getBytes(StandardCharsets.ISO_8859_1);
    }
}
