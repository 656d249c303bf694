package io.dynamodbtoolkit.embedded.persistence;

import org.jspecify.annotations.Nullable;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.function.Consumer;
import java.util.zip.CRC32;

/**
 * Files of framed records: each record is its length (4 bytes), the CRC-32 of its payload (4 bytes) and the
 * payload, a JSON array ({@link StateCodec}). A record is written with one write call; on reading, a record cut
 * short or failing its checksum ends the intact part of the file, and the reader tells whether an intact record
 * still follows it: if not, the damage is the tail of a write interrupted by a crash; if so, the file is corrupt.
 */
final class RecordFile {

    private static final int HEADER_BYTES = 8;
    private static final int MAX_RECORD_BYTES = 1 << 30;
    private static final byte PAYLOAD_START = '[';
    private static final int SCAN_CHUNK_BYTES = 1 << 16;

    private RecordFile() {
    }

    /** The record as it is written: header and payload. */
    static ByteBuffer frame(byte[] payload) {
        CRC32 crc = new CRC32();
        crc.update(payload);
        ByteBuffer buffer = ByteBuffer.allocate(HEADER_BYTES + payload.length);
        buffer.putInt(payload.length).putInt((int) crc.getValue()).put(payload).flip();
        return buffer;
    }

    /** Appends the whole buffer. */
    static void write(FileChannel channel, ByteBuffer buffer) throws IOException {
        while (buffer.hasRemaining()) {
            channel.write(buffer);
        }
    }

    /**
     * What reading a file found.
     *
     * @param intactEnd              the offset just after the last intact record of the unbroken run from the start
     * @param size                   the size of the file
     * @param intactRecordAfterDamage whether an intact record lies somewhere after {@code intactEnd}
     */
    record Contents(long intactEnd, long size, boolean intactRecordAfterDamage) {

        /** Whether bytes follow the intact records. */
        boolean damaged() {
            return intactEnd < size;
        }
    }

    /**
     * Reads the intact records of the file in order, up to the first damaged one, and says what follows them.
     */
    static Contents read(Path file, Consumer<byte[]> records) throws IOException {
        try (FileChannel channel = FileChannel.open(file, StandardOpenOption.READ)) {
            long size = channel.size();
            long offset = 0;
            ByteBuffer header = ByteBuffer.allocate(HEADER_BYTES);
            while (offset + HEADER_BYTES <= size) {
                header.clear();
                readFully(channel, header, offset);
                header.flip();
                byte[] payload = intactPayload(channel, offset, header.getInt(), header.getInt(), size);
                if (payload == null) {
                    break;
                }
                records.accept(payload);
                offset += HEADER_BYTES + payload.length;
            }
            return new Contents(offset, size, offset < size && intactRecordAfter(channel, offset + 1, size));
        }
    }

    /** The payload of the record at the offset, or null when the record is cut short or fails its checksum. */
    private static byte @Nullable [] intactPayload(FileChannel channel, long offset, int length, int checksum,
                                                   long size) throws IOException {
        if (length <= 0 || length > MAX_RECORD_BYTES || offset + HEADER_BYTES + length > size) {
            return null;
        }
        ByteBuffer payload = ByteBuffer.allocate(length);
        readFully(channel, payload, offset + HEADER_BYTES);
        CRC32 crc = new CRC32();
        crc.update(payload.array());
        return (int) crc.getValue() == checksum && payload.get(0) == PAYLOAD_START ? payload.array() : null;
    }

    /** Whether an intact record starts at any offset from {@code from} on (a search past damaged bytes). */
    private static boolean intactRecordAfter(FileChannel channel, long from, long size) throws IOException {
        ByteBuffer chunk = ByteBuffer.allocate(SCAN_CHUNK_BYTES + HEADER_BYTES + 1);
        for (long start = from; start + HEADER_BYTES < size; start += SCAN_CHUNK_BYTES) {
            chunk.clear();
            chunk.limit((int) Math.min(chunk.capacity(), size - start));
            readFully(channel, chunk, start);
            for (int at = 0; at < SCAN_CHUNK_BYTES && at + HEADER_BYTES < chunk.limit(); at++) {
                if (chunk.get(at + HEADER_BYTES) == PAYLOAD_START && intactPayload(channel, start + at,
                        chunk.getInt(at), chunk.getInt(at + 4), size) != null) {
                    return true;
                }
            }
        }
        return false;
    }

    private static void readFully(FileChannel channel, ByteBuffer buffer, long position) throws IOException {
        long at = position;
        while (buffer.hasRemaining()) {
            int read = channel.read(buffer, at);
            if (read < 0) {
                throw new IOException("Unexpected end of file");
            }
            at += read;
        }
    }
}
