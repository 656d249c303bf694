package io.dynamodbtoolkit.embedded.persistence;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.function.Consumer;
import java.util.zip.CRC32;

/**
 * Files of framed records: each record is its length (4 bytes), the CRC-32 of its payload (4 bytes) and the
 * payload. A record is written with one write call; on reading, a record cut short or failing its checksum (the
 * tail of a write interrupted by a crash) ends the file.
 */
final class RecordFile {

    private static final int HEADER_BYTES = 8;
    private static final int MAX_RECORD_BYTES = 1 << 30;

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
     * Reads every intact record of the file in order and returns the offset just after the last one (where a torn
     * tail, if any, begins).
     */
    static long read(Path file, Consumer<byte[]> records) throws IOException {
        try (FileChannel channel = FileChannel.open(file, StandardOpenOption.READ)) {
            long size = channel.size();
            long offset = 0;
            ByteBuffer header = ByteBuffer.allocate(HEADER_BYTES);
            while (offset + HEADER_BYTES <= size) {
                header.clear();
                readFully(channel, header, offset);
                header.flip();
                int length = header.getInt();
                int checksum = header.getInt();
                if (length < 0 || length > MAX_RECORD_BYTES || offset + HEADER_BYTES + length > size) {
                    break;
                }
                ByteBuffer payload = ByteBuffer.allocate(length);
                readFully(channel, payload, offset + HEADER_BYTES);
                CRC32 crc = new CRC32();
                crc.update(payload.array());
                if ((int) crc.getValue() != checksum) {
                    break;
                }
                records.accept(payload.array());
                offset += HEADER_BYTES + length;
            }
            return offset;
        }
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
