package io.dynamodbtoolkit.springweb;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.Socket;
import java.net.SocketTimeoutException;
import java.nio.charset.StandardCharsets;
import java.time.Duration;

/**
 * An HTTP/1.1 client that sends a request's bytes exactly as given (malformed percent-encoding, a bad chunk size, a
 * body shorter than its Content-Length), which no HTTP client library would, and reads one response.
 */
final class RawHttp {

    private RawHttp() {
    }

    /**
     * A response as read: its status, its headers' text and its body (a chunked body is left as sent).
     *
     * @param status  the status code, or -1 when the server answered nothing before the wait ended
     * @param head    the status line and headers
     * @param body    the body
     * @param elapsed how long the answer took
     */
    record Response(int status, String head, String body, Duration elapsed) {

        /** @return the Content-Type header's value, or empty */
        String contentType() {
            for (String line : head.split("\r\n")) {
                if (line.toLowerCase(java.util.Locale.ROOT).startsWith("content-type:")) {
                    return line.substring("content-type:".length()).trim();
                }
            }
            return "";
        }
    }

    /**
     * @param port    the server's port on the loopback address
     * @param request the request's bytes, sent as they are (the connection is closed after one response)
     * @param wait    the longest wait for the answer
     * @return the response
     */
    static Response send(int port, String request, Duration wait) throws IOException {
        long start = System.nanoTime();
        try (Socket socket = new Socket("127.0.0.1", port)) {
            socket.setSoTimeout((int) wait.toMillis());
            OutputStream out = socket.getOutputStream();
            out.write(request.getBytes(StandardCharsets.ISO_8859_1));
            out.flush();
            ByteArrayOutputStream read = new ByteArrayOutputStream();
            InputStream in = socket.getInputStream();
            byte[] buffer = new byte[8192];
            try {
                for (int n = in.read(buffer); n >= 0; n = in.read(buffer)) {
                    read.write(buffer, 0, n);
                }
            } catch (SocketTimeoutException | java.net.SocketException e) {
                // the server keeps the connection open (or reset it): take what was answered
            }
            Duration elapsed = Duration.ofNanos(System.nanoTime() - start);
            String text = read.toString(StandardCharsets.UTF_8);
            int end = text.indexOf("\r\n\r\n");
            if (!text.startsWith("HTTP/1.1 ") || end < 0) {
                return new Response(-1, text, "", elapsed);
            }
            return new Response(Integer.parseInt(text.substring(9, 12)), text.substring(0, end),
                    text.substring(end + 4), elapsed);
        }
    }

    /**
     * @return a request with {@code Connection: close}, the given extra header lines (each ending with CRLF) and body
     */
    static String request(String method, String target, String headers, String body) {
        return method + " " + target + " HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n" + headers + "\r\n"
                + (body == null ? "" : body);
    }
}
