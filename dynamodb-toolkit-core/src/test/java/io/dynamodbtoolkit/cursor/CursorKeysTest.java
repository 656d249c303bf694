package io.dynamodbtoolkit.cursor;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/** The keys cursors are sealed with, and the single position of a one-stream cursor. */
class CursorKeysTest {

    private static final String QUERY = "rentals|state=TX";
    private static final CursorState AFTER_TX = CursorState.of(0, CursorState.Position.after(
            Map.of("state", AttributeValue.fromS("TX"))));

    @Test
    void aRandomKeyIsOwnToItsCodec() {
        CursorCodec one = CursorCodec.withRandomKey();
        CursorCodec other = CursorCodec.withRandomKey();

        String cursor = one.encode(AFTER_TX, QUERY);

        assertThat(one.decode(cursor, QUERY)).isEqualTo(AFTER_TX);
        assertThatThrownBy(() -> other.decode(cursor, QUERY)).isInstanceOf(InvalidCursorException.class);
        assertThatThrownBy(() -> new CursorCodec(new byte[16]).decode(cursor, QUERY))
                .isInstanceOf(InvalidCursorException.class);
    }

    @Test
    void aSecretOfSixteenBytesIsEnough() {
        byte[] secret = "sixteen bytes!!!".getBytes();
        CursorCodec codec = new CursorCodec(secret);

        assertThat(codec.decode(codec.encode(AFTER_TX, QUERY), QUERY)).isEqualTo(AFTER_TX);
        assertThatThrownBy(() -> new CursorCodec("fifteen bytes!!".getBytes()))
                .hasMessage("The cursor signing key must have at least 16 bytes");
    }

    @Test
    void aOneStreamCursorHasExactlyOnePosition() {
        assertThat(AFTER_TX.position().exclusiveStartKey()).isEqualTo(Map.of("state", AttributeValue.fromS("TX")));
        assertThat(CursorState.Position.start().exclusiveStartKey()).isNull();
        CursorState two = new CursorState(0, List.of(CursorState.Position.start(), CursorState.Position.done()),
                List.of());
        assertThatThrownBy(two::position).isInstanceOf(InvalidCursorException.class)
                .hasMessage("The cursor holds 2 positions where one was expected");
    }
}
