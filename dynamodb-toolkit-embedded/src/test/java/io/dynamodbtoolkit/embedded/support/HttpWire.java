package io.dynamodbtoolkit.embedded.support;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.Locale;

/** HTTP spoken by hand on a socket, for tests of the front end itself. */
public final class HttpWire {

    private HttpWire() {
    }

    /** Reads one response: status line, headers and its Content-Length body, as text. */
    public static String readResponse(InputStream in) throws IOException {
        ByteArrayOutputStream head = new ByteArrayOutputStream();
        while (!head.toString(StandardCharsets.ISO_8859_1).endsWith("\r\n\r\n")) {
            int c = in.read();
            if (c < 0) {
                break;
            }
            head.write(c);
        }
        String headers = head.toString(StandardCharsets.ISO_8859_1);
        int length = 0;
        for (String line : headers.split("\r\n")) {
            if (line.toLowerCase(Locale.ROOT).startsWith("content-length:")) {
                length = Integer.parseInt(line.substring("content-length:".length()).trim());
            }
        }
        return headers + new String(in.readNBytes(length), StandardCharsets.UTF_8);
    }
}
