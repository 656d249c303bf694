package io.dynamodbtoolkit.cursor;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import java.util.Objects;
import software.amazon.awssdk.core.SdkBytes;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * The compact binary form of a {@link CursorState}: the phase, each position (its kind and, after a key, the key's
 * names and S / N / B values), and the counters.
 */
final class CursorBody {

    private CursorBody() {
    }

    /** @return the state's bytes */
    static byte[] write(CursorState state) {
        try {
            ByteArrayOutputStream bytes = new ByteArrayOutputStream(64);
            DataOutputStream out = new DataOutputStream(bytes);
            out.writeInt(state.phase());
            out.writeShort(state.positions().size());
            for (CursorState.Position position : state.positions()) {
                out.writeByte(position.kind().ordinal());
                if (position.kind() == CursorState.Position.Kind.AFTER) {
                    writeKey(out, Objects.requireNonNull(position.key(), "a position after a key has it"));
                }
            }
            out.writeShort(state.counters().size());
            for (long counter : state.counters()) {
                out.writeLong(counter);
            }
            return bytes.toByteArray();
        } catch (IOException e) {
            throw new IllegalStateException("Cannot encode a cursor", e);
        }
    }

    /**
     * @return the state of bytes from {@code offset}
     * @throws InvalidCursorException when the bytes are not a state
     */
    static CursorState read(byte[] bytes, int offset) {
        try {
            DataInputStream in = new DataInputStream(new ByteArrayInputStream(bytes, offset, bytes.length - offset));
            int phase = in.readInt();
            int positionCount = in.readUnsignedShort();
            List<CursorState.Position> positions = new ArrayList<>(positionCount);
            for (int i = 0; i < positionCount; i++) {
                positions.add(readPosition(in));
            }
            int counterCount = in.readUnsignedShort();
            List<Long> counters = new ArrayList<>(counterCount);
            for (int i = 0; i < counterCount; i++) {
                counters.add(in.readLong());
            }
            return new CursorState(phase, positions, counters);
        } catch (IOException | RuntimeException e) {
            throw new InvalidCursorException("The cursor is malformed");
        }
    }

    private static CursorState.Position readPosition(DataInputStream in) throws IOException {
        CursorState.Position.Kind kind = CursorState.Position.Kind.values()[in.readUnsignedByte()];
        return switch (kind) {
            case START -> CursorState.Position.start();
            case DONE -> CursorState.Position.done();
            case AFTER -> CursorState.Position.after(readKey(in));
        };
    }

    private static void writeKey(DataOutputStream out, Map<String, AttributeValue> key) throws IOException {
        out.writeShort(key.size());
        for (Map.Entry<String, AttributeValue> attribute : key.entrySet()) {
            out.writeUTF(attribute.getKey());
            AttributeValue value = attribute.getValue();
            if (value.s() != null) {
                out.writeByte('S');
                writeBytes(out, value.s().getBytes(StandardCharsets.UTF_8));
            } else if (value.n() != null) {
                out.writeByte('N');
                out.writeUTF(value.n());
            } else if (value.b() != null) {
                out.writeByte('B');
                writeBytes(out, value.b().asByteArrayUnsafe());
            } else {
                throw new IllegalArgumentException("Cursor keys hold only S, N and B values, not " + value);
            }
        }
    }

    private static Map<String, AttributeValue> readKey(DataInputStream in) throws IOException {
        int size = in.readUnsignedShort();
        Map<String, AttributeValue> key = new LinkedHashMap<>();
        for (int i = 0; i < size; i++) {
            String name = in.readUTF();
            int type = in.readUnsignedByte();
            AttributeValue value = switch (type) {
                case 'S' -> AttributeValue.fromS(new String(readBytes(in), StandardCharsets.UTF_8));
                case 'N' -> AttributeValue.fromN(in.readUTF());
                case 'B' -> AttributeValue.fromB(SdkBytes.fromByteArray(readBytes(in)));
                default -> throw new IOException("unknown type " + type);
            };
            key.put(name, value);
        }
        return key;
    }

    private static void writeBytes(DataOutputStream out, byte[] bytes) throws IOException {
        out.writeInt(bytes.length);
        out.write(bytes);
    }

    private static byte[] readBytes(DataInputStream in) throws IOException {
        int length = in.readInt();
        if (length < 0 || length > in.available()) {
            throw new IOException("bad length");
        }
        return in.readNBytes(length);
    }
}
