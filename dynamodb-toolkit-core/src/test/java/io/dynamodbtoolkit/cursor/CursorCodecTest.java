package io.dynamodbtoolkit.cursor;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.charset.StandardCharsets;
import java.util.Base64;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;
import software.amazon.awssdk.core.SdkBytes;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

class CursorCodecTest {

    private static final String QUERY = "rentals|state=TX|begins_with(_sk,TX|Dallas|)";

    private final CursorCodec codec = new CursorCodec("0123456789abcdef0123".getBytes(StandardCharsets.UTF_8));

    private final CursorState state = new CursorState(2, List.of(
            CursorState.Position.after(Map.of("state", AttributeValue.fromS("TX"),
                    "_sk", AttributeValue.fromS("TX|Dallas|ünïcode"),
                    "n", AttributeValue.fromN("42"),
                    "b", AttributeValue.fromB(SdkBytes.fromByteArray(new byte[] {1, 2, 3})))),
            CursorState.Position.done(), CursorState.Position.start()), List.of(7L, 1_000_000L));

    @Test
    void roundTripsAStateAsAUrlSafeString() {
        String cursor = codec.encode(state, QUERY);

        assertThat(cursor).matches("[A-Za-z0-9_-]+");
        assertThat(codec.decode(cursor, QUERY)).isEqualTo(state);
    }

    @Test
    void refusesAnAlteredCursor() {
        byte[] bytes = Base64.getUrlDecoder().decode(codec.encode(state, QUERY));
        bytes[12] ^= 1;
        String altered = Base64.getUrlEncoder().withoutPadding().encodeToString(bytes);

        assertThatThrownBy(() -> codec.decode(altered, QUERY))
                .isInstanceOf(InvalidCursorException.class)
                .hasMessage("The cursor was altered or signed with another key");
    }

    @Test
    void refusesACursorSignedWithAnotherKey() {
        String foreign = CursorCodec.withRandomKey().encode(state, QUERY);

        assertThatThrownBy(() -> codec.decode(foreign, QUERY))
                .isInstanceOf(InvalidCursorException.class)
                .hasMessage("The cursor was altered or signed with another key");
    }

    @Test
    void refusesACursorOfAnotherQuery() {
        String cursor = codec.encode(state, QUERY);

        assertThatThrownBy(() -> codec.decode(cursor, QUERY + "x"))
                .isInstanceOf(InvalidCursorException.class)
                .hasMessage("The cursor belongs to another query; start again without a cursor");
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

    @Test
    void refusesAShortSigningKey() {
        assertThatThrownBy(() -> new CursorCodec(new byte[8]))
                .hasMessage("The cursor signing key must have at least 16 bytes");
    }
}
