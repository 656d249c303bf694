package io.dynamodbtoolkit.embedded.persistence;

import io.dynamodbtoolkit.embedded.EmbeddedDynamoDb;
import io.dynamodbtoolkit.embedded.support.Clients;
import io.dynamodbtoolkit.embedded.support.Tables;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.ScalarAttributeType;
import software.amazon.awssdk.services.dynamodb.model.WriteRequest;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;
import java.util.stream.IntStream;
import java.util.stream.Stream;

import static io.dynamodbtoolkit.embedded.support.Tables.s;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * A damaged data directory: a torn last record of the log is a crash and is dropped; a damaged record before intact
 * ones, or a damaged snapshot, refuses the start naming file, offset and option, unless recovery TRUNCATE accepts
 * the loss after copying the dropped bytes aside.
 */
class DamagedDataDirectoryIT {

    private static final int PUTS = 400;

    @TempDir
    Path directory;

    private EmbeddedDynamoDb start(Recovery recovery) {
        return EmbeddedDynamoDb.builder().dataDirectory(directory).recovery(recovery).start();
    }

    private void withEngine(Recovery recovery, Consumer<DynamoDbClient> work) {
        try (EmbeddedDynamoDb dynamo = start(recovery); DynamoDbClient client = Clients.noRetries(dynamo.endpoint())) {
            work.accept(client);
        }
    }

    /**
     * Writes a table and 400 puts, and leaves the directory as a crash would: the log with its 402 records (format,
     * table, puts) and no snapshot, which a clean close would have written. Returns the log.
     */
    private Path logOfACrashAfter400Puts() throws IOException {
        crashAfter(client -> {
            Tables.create(client, "damaged", "pk", ScalarAttributeType.S, null, null);
            for (int i = 0; i < PUTS; i++) {
                int number = i;
                client.putItem(b -> b.tableName("damaged").item(Map.of("pk", s("item-" + number))));
            }
        });
        Path logFile = directory.resolve("log-0.db");
        assertThat(recordOffsets(logFile)).hasSize(PUTS + 2);
        return logFile;
    }

    /**
     * Runs the work on an engine, then leaves the directory as it was at the work's end, as a crash would (the files
     * as the engine wrote them, without the snapshot a clean close writes).
     */
    private void crashAfter(Consumer<DynamoDbClient> work) throws IOException {
        Map<Path, byte[]> image = new java.util.HashMap<>();
        withEngine(Recovery.REFUSE, client -> {
            work.accept(client);
            for (Path file : dataFiles()) {
                image.put(file, readUnchecked(file));
            }
        });
        for (Path file : dataFiles()) {
            Files.delete(file);
        }
        for (Map.Entry<Path, byte[]> file : image.entrySet()) {
            Files.write(file.getKey(), file.getValue());
        }
    }

    private List<Path> dataFiles() {
        try (Stream<Path> files = Files.list(directory)) {
            return files.filter(file -> !file.getFileName().toString().equals("lock")).toList();
        } catch (IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
    }

    @Test
    void aDamagedRecordBeforeIntactOnesRefusesTheStartAndLeavesTheLogUntouched() throws IOException {
        Path log = logOfACrashAfter400Puts();
        long damaged = recordOffsets(log).get(200);
        flipAByteOfTheRecordAt(log, damaged);
        byte[] before = Files.readAllBytes(log);

        assertThatThrownBy(() -> start(Recovery.REFUSE)).isInstanceOf(DamagedDataDirectoryException.class)
                .hasMessageContaining("The data directory file " + log + " is damaged at byte offset " + damaged
                        + " of " + before.length)
                .hasMessageContaining("intact records follow it, so it is not a write cut short by a crash")
                .hasMessageContaining("recovery TRUNCATE (EmbeddedDynamoDb.builder().recovery(Recovery.TRUNCATE),"
                        + " --recover truncate for the standalone server, dynamodb.toolkit.embedded.recover=truncate"
                        + " in Spring Boot)")
                .hasMessageContaining("copying the bytes from it on to " + log + ".damaged-from-" + damaged);
        assertThat(Files.readAllBytes(log)).isEqualTo(before);
        assertThat(directory.resolve("log-0.db.damaged-from-" + damaged)).doesNotExist();
        assertThat(directory.resolve("snapshot-0.db")).doesNotExist();
    }

    @Test
    void recoveryTruncateKeepsTheRecordsBeforeTheDamageAndCopiesTheRestAside() throws IOException {
        Path log = logOfACrashAfter400Puts();
        long damaged = recordOffsets(log).get(200);
        flipAByteOfTheRecordAt(log, damaged);
        byte[] before = Files.readAllBytes(log);

        withEngine(Recovery.TRUNCATE, client -> assertThat(client.scan(b -> b.tableName("damaged")).items())
                .extracting(item -> item.get("pk").s())
                .containsExactlyInAnyOrderElementsOf(IntStream.range(0, 198).mapToObj(i -> "item-" + i).toList()));
        assertThat(directory.resolve("log-0.db.damaged-from-" + damaged)).hasBinaryContent(
                Arrays.copyOfRange(before, (int) damaged, before.length));
        withEngine(Recovery.REFUSE, client -> assertThat(client.scan(b -> b.tableName("damaged")).count())
                .isEqualTo(198));
    }

    @Test
    void aTornLastRecordIsStillDroppedAndEveryCompleteRecordKept() throws IOException {
        Path log = logOfACrashAfter400Puts();
        long last = recordOffsets(log).get(PUTS + 1);
        byte[] whole = Files.readAllBytes(log);
        Files.write(log, Arrays.copyOf(whole, (int) (last + (whole.length - last) / 2)));

        withEngine(Recovery.REFUSE, client -> assertThat(client.scan(b -> b.tableName("damaged")).count())
                .isEqualTo(PUTS - 1));
        try (Stream<Path> files = Files.list(directory)) {
            assertThat(files.map(file -> file.getFileName().toString())).noneMatch(name -> name.contains("damaged"));
        }
    }

    @Test
    void aDamagedSnapshotRefusesTheStartAndWithTruncateIsReplacedByANewOne() throws IOException {
        withEngine(Recovery.REFUSE, client -> {
            Tables.create(client, "damaged", "pk", ScalarAttributeType.S, null, null);
            for (int batch = 0; batch < 60; batch++) {
                List<WriteRequest> puts = new ArrayList<>();
                for (int i = 0; i < 25; i++) {
                    String pk = "item-" + (batch * 25 + i);
                    puts.add(WriteRequest.builder().putRequest(p -> p.item(Map.of("pk", s(pk)))).build());
                }
                client.batchWriteItem(b -> b.requestItems(Map.of("damaged", puts)));
            }
        });
        Path snapshot = directory.resolve("snapshot-1.db");
        List<Long> records = recordOffsets(snapshot);
        assertThat(records).as("format, table and 999 items, 501 items, end").hasSize(4);
        flipAByteOfTheRecordAt(snapshot, records.get(2));
        byte[] before = Files.readAllBytes(snapshot);

        assertThatThrownBy(() -> start(Recovery.REFUSE)).isInstanceOf(DamagedDataDirectoryException.class)
                .hasMessageContaining("The data directory file " + snapshot + " is damaged at byte offset "
                        + records.get(2))
                .hasMessageContaining("a snapshot is complete before it is used, so no crash explains this")
                .hasMessageContaining("--recover truncate");
        assertThat(Files.readAllBytes(snapshot)).isEqualTo(before);

        withEngine(Recovery.TRUNCATE, client -> assertThat(client.scan(b -> b.tableName("damaged")).count())
                .isEqualTo(999));
        assertThat(directory.resolve("snapshot-1.db.damaged-from-" + records.get(2))).hasBinaryContent(
                Arrays.copyOfRange(before, records.get(2).intValue(), before.length));
        withEngine(Recovery.REFUSE, client -> assertThat(client.scan(b -> b.tableName("damaged")).count())
                .isEqualTo(999));
    }

    @Test
    void withTruncateTheLogsChangesOfTablesLostWithTheSnapshotAreSkipped() throws IOException {
        withEngine(Recovery.REFUSE, client -> Tables.create(client, "lost", "pk", ScalarAttributeType.S, null, null));
        crashAfter(client -> client.putItem(b -> b.tableName("lost").item(Map.of("pk", s("in-the-log")))));
        Path snapshot = directory.resolve("snapshot-1.db");
        long table = recordOffsets(snapshot).get(1);
        flipAByteOfTheRecordAt(snapshot, table);

        withEngine(Recovery.TRUNCATE, client -> assertThat(client.listTables().tableNames()).isEmpty());
        assertThat(directory.resolve("snapshot-1.db.damaged-from-" + table)).exists();
    }

    /** The offsets of the records of a file, read from their lengths. */
    private static List<Long> recordOffsets(Path file) throws IOException {
        ByteBuffer bytes = ByteBuffer.wrap(Files.readAllBytes(file));
        List<Long> offsets = new ArrayList<>();
        for (int offset = 0; offset < bytes.limit(); offset += 8 + bytes.getInt(offset)) {
            offsets.add((long) offset);
        }
        return offsets;
    }

    /** Flips one byte in the middle of the payload of the record at the offset. */
    private static void flipAByteOfTheRecordAt(Path file, long offset) throws IOException {
        byte[] bytes = Files.readAllBytes(file);
        int length = ByteBuffer.wrap(bytes).getInt((int) offset);
        bytes[(int) offset + 8 + length / 2] ^= 0x20;
        Files.write(file, bytes);
    }

    private static byte[] readUnchecked(Path file) {
        try {
            return Files.readAllBytes(file);
        } catch (IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
    }
}
