package io.dynamodbtoolkit.benchmarks.embedded;

import io.dynamodbtoolkit.embedded.EmbeddedDynamoDb;
import io.dynamodbtoolkit.test.server.BackendSettings;
import io.dynamodbtoolkit.test.server.DynaliteServerProvider;
import io.dynamodbtoolkit.test.server.DynamoDbServer;
import io.dynamodbtoolkit.test.server.MotoServerProvider;

import java.net.URI;

/** The servers the benchmarks compare: the embedded engine, moto_server and (when installed) dynalite. */
public enum Backend {
    EMBEDDED, MOTO, DYNALITE;

    /** A started server of this kind. */
    public Running start() throws Exception {
        switch (this) {
            case EMBEDDED -> {
                EmbeddedDynamoDb engine = EmbeddedDynamoDb.start();
                return new Running(engine.endpoint(), engine);
            }
            case MOTO -> {
                DynamoDbServer server = new MotoServerProvider().start(BackendSettings.fromSystem());
                return new Running(server.endpoint(), server);
            }
            default -> {
                DynamoDbServer server = new DynaliteServerProvider().start(BackendSettings.fromSystem());
                return new Running(server.endpoint(), server);
            }
        }
    }

    /** A running server: its endpoint, and what stops it. */
    public record Running(URI endpoint, AutoCloseable server) implements AutoCloseable {
        @Override
        public void close() throws Exception {
            server.close();
        }
    }
}
