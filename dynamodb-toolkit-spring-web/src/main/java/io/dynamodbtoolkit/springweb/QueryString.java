package io.dynamodbtoolkit.springweb;

import java.io.ByteArrayOutputStream;
import java.nio.ByteBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The query string of a request, decoded here rather than by the servlet container: {@code name=value} pairs joined
 * by {@code &}, {@code +} a space, {@code %XX} a byte, and the bytes UTF-8. Anything else (a {@code %} not followed by
 * two hexadecimal digits, bytes that are not UTF-8, an overlong form, an encoded surrogate) is refused with 400 naming
 * the pair, where the container would fail the request with a server error once a parameter is asked for.
 */
final class QueryString {

    private QueryString() {
    }

    /**
     * @param raw the query string as the request line gives it, or null
     * @return the parameters, in order, each with its values in order
     * @throws RestRequestException (400) for a pair that is not validly encoded
     */
    static Map<String, List<String>> parse(String raw) {
        Map<String, List<String>> parameters = new LinkedHashMap<>();
        if (raw == null || raw.isEmpty()) {
            return Collections.unmodifiableMap(parameters);
        }
        for (String pair : raw.split("&", -1)) {
            if (pair.isEmpty()) {
                continue;
            }
            int equals = pair.indexOf('=');
            String name = decoded(equals < 0 ? pair : pair.substring(0, equals), pair);
            String value = equals < 0 ? "" : decoded(pair.substring(equals + 1), pair);
            parameters.computeIfAbsent(name, key -> new ArrayList<>()).add(value);
        }
        parameters.replaceAll((name, values) -> List.copyOf(values));
        return Collections.unmodifiableMap(parameters);
    }

    private static String decoded(String text, String pair) {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream(text.length());
        for (int i = 0; i < text.length(); i++) {
            char c = text.charAt(i);
            if (c == '%') {
                if (i + 2 >= text.length() || !isAsciiHex(text.charAt(i + 1)) || !isAsciiHex(text.charAt(i + 2))) {
                    throw refused(pair, "'%' must be followed by two hexadecimal digits (write a literal '%' as %25)");
                }
                bytes.write(Character.digit(text.charAt(i + 1), 16) * 16 + Character.digit(text.charAt(i + 2), 16));
                i += 2;
            } else if (c == '+') {
                bytes.write(' ');
            } else if (c < 0x80) {
                bytes.write(c);
            } else {
                throw refused(pair, "characters outside ASCII must be percent-encoded as UTF-8");
            }
        }
        try {
            return StandardCharsets.UTF_8.newDecoder().onMalformedInput(CodingErrorAction.REPORT)
                    .onUnmappableCharacter(CodingErrorAction.REPORT).decode(ByteBuffer.wrap(bytes.toByteArray()))
                    .toString();
        } catch (CharacterCodingException e) {
            throw refused(pair, "its percent-encoded bytes are not UTF-8");
        }
    }

    private static boolean isAsciiHex(char c) {
        return c >= '0' && c <= '9' || c >= 'a' && c <= 'f' || c >= 'A' && c <= 'F';
    }

    private static RestRequestException refused(String pair, String why) {
        return RestRequestException.badRequest("The query parameter '" + KeyPaths.abbreviated(pair)
                + "' is not validly percent-encoded: " + why);
    }
}
