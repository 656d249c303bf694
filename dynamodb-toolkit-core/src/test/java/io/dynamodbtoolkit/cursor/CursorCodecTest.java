package io.dynamodbtoolkit.cursor;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.charset.StandardCharsets;
import java.util.Base64;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;
import software.amazon.awssdk.core.SdkBytes;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * Cursors are URL-safe, bound to their query and refused when altered or foreign; by default they are encrypted, so
 * the key values they hold cannot be read from them.
 */
class CursorCodecTest {

    private static final String QUERY = "rentals|state=TX|begins_with(_sk,TX|Dallas|)";
    private static final byte[] SECRET = "0123456789abcdef0123".getBytes(StandardCharsets.UTF_8);

    private final CursorCodec codec = new CursorCodec(SECRET);
    private final CursorCodec signed = CursorCodec.signed(SECRET);

    private final CursorState state = new CursorState(2, List.of(
            CursorState.Position.after(Map.of("state", AttributeValue.fromS("TX"),
                    "_sk", AttributeValue.fromS("TX|Dallas|ünïcode"),
                    "n", AttributeValue.fromN("42"),
                    "b", AttributeValue.fromB(SdkBytes.fromByteArray(new byte[] {1, 2, 3})))),
            CursorState.Position.done(), CursorState.Position.start()), List.of(7L, 1_000_000L));

    @ParameterizedTest
    @ValueSource(booleans = {true, false})
    void roundTripsAStateAsAUrlSafeString(boolean encrypted) {
        CursorCodec chosen = encrypted ? codec : signed;
        String cursor = chosen.encode(state, QUERY);

        assertThat(chosen.encrypts()).isEqualTo(encrypted);
        assertThat(cursor).matches("[A-Za-z0-9_-]+");
        assertThat(chosen.decode(cursor, QUERY)).isEqualTo(state);
    }

    @Test
    void anEncryptedCursorRevealsNoKeyValue() {
        CursorState afterDallas = CursorState.of(0, CursorState.Position.after(Map.of(
                "state", AttributeValue.fromS("BAD"), "_sk", AttributeValue.fromS("BAD|Dallas|I-1"))));

        String encrypted = codec.encode(afterDallas, QUERY);
        String plain = new String(Base64.getUrlDecoder().decode(encrypted), StandardCharsets.ISO_8859_1);

        assertThat(plain).doesNotContain("Dallas").doesNotContain("BAD").doesNotContain("_sk");
        assertThat(new String(Base64.getUrlDecoder().decode(signed.encode(afterDallas, QUERY)),
                StandardCharsets.ISO_8859_1)).contains("BAD|Dallas|I-1");
        assertThat(codec.encode(afterDallas, QUERY)).as("a fresh nonce each time").isNotEqualTo(encrypted);
    }

    @Test
    void theSizeIsAsDocumented() {
        Map<String, AttributeValue> key = new LinkedHashMap<>();
        key.put("state", AttributeValue.fromS("TX"));
        key.put("_sk", AttributeValue.fromS("TX|Dallas|1HGC001"));
        CursorState query = CursorState.of(0, CursorState.Position.after(key));

        assertThat(codec.encode(query, QUERY)).hasSize(119);
        assertThat(signed.encode(query, QUERY)).hasSize(103);
    }

    @Test
    void eitherCodecAcceptsBothKindsMadeWithItsSecret() {
        assertThat(codec.decode(signed.encode(state, QUERY), QUERY)).isEqualTo(state);
        assertThat(signed.decode(codec.encode(state, QUERY), QUERY)).isEqualTo(state);
    }

    @ParameterizedTest
    @CsvSource({"true, 0", "true, 1", "true, 12", "true, 20", "true, 30", "false, 12"})
    void refusesAnAlteredCursor(boolean encrypted, int position) {
        byte[] bytes = Base64.getUrlDecoder().decode((encrypted ? codec : signed).encode(state, QUERY));
        bytes[position] ^= 1;
        String altered = Base64.getUrlEncoder().withoutPadding().encodeToString(bytes);

        assertThatThrownBy(() -> codec.decode(altered, QUERY))
                .isInstanceOf(InvalidCursorException.class)
                .hasMessage("The cursor was altered or issued with another key");
    }

    @Test
    void refusesACursorMadeWithAnotherKey() {
        String foreign = CursorCodec.withRandomKey().encode(state, QUERY);

        assertThatThrownBy(() -> codec.decode(foreign, QUERY))
                .isInstanceOf(InvalidCursorException.class)
                .hasMessage("The cursor was altered or issued with another key");
    }

    @Test
    void refusesACursorOfAnotherQuery() {
        for (CursorCodec chosen : List.of(codec, signed)) {
            String cursor = chosen.encode(state, QUERY);

            assertThatThrownBy(() -> chosen.decode(cursor, QUERY + "x"))
                    .isInstanceOf(InvalidCursorException.class)
                    .hasMessage("The cursor belongs to another query; start again without a cursor");
        }
    }

    @Test
    void refusesGarbage() {
        assertThatThrownBy(() -> codec.decode("not a cursor!", QUERY))
                .isInstanceOf(InvalidCursorException.class)
                .hasMessageContaining("not base64url");
        assertThatThrownBy(() -> codec.decode("abc", QUERY))
                .isInstanceOf(InvalidCursorException.class)
                .hasMessageContaining("too short");
    }

    @ParameterizedTest
    @CsvSource({"true, padded", "true, trailing bits", "false, padded", "false, trailing bits"})
    void refusesACursorNotInTheFormItWasIssuedIn(boolean encrypted, String change) {
        String cursor = (encrypted ? codec : signed).encode(state, QUERY);
        byte[] bytes = Base64.getUrlDecoder().decode(cursor);
        String alphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_";
        assertThat(cursor.length() % 4).as("the last character has unused bits").isNotZero();
        char unusedBitFlipped = alphabet.charAt(alphabet.indexOf(cursor.charAt(cursor.length() - 1)) ^ 1);
        String variant = change.equals("padded") ? Base64.getUrlEncoder().encodeToString(bytes)
                : cursor.substring(0, cursor.length() - 1) + unusedBitFlipped;
        assertThat(variant).isNotEqualTo(cursor);
        assertThat(Base64.getUrlDecoder().decode(variant)).as("the same bytes to a base64url decoder")
                .isEqualTo(bytes);

        assertThatThrownBy(() -> codec.decode(variant, QUERY))
                .isInstanceOf(InvalidCursorException.class)
                .hasMessageContaining("send it back exactly as received");
    }

    @Test
    void refusesAShortSigningKey() {
        assertThatThrownBy(() -> new CursorCodec(new byte[8]))
                .hasMessage("The cursor signing key must have at least 16 bytes");
        assertThatThrownBy(() -> CursorCodec.signed(new byte[8]))
                .hasMessage("The cursor signing key must have at least 16 bytes");
    }
}
