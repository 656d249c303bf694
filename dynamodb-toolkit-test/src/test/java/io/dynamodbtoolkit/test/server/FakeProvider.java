package io.dynamodbtoolkit.test.server;

import java.net.URI;

/** A provider with a fixed name and availability, for selection tests; starting it returns a fixed endpoint. */
public record FakeProvider(String name, Availability availability) implements DynamoDbServerProvider {

    public static FakeProvider available(String name) {
        return new FakeProvider(name, Availability.available());
    }

    public static FakeProvider unavailable(String name, String reason) {
        return new FakeProvider(name, Availability.unavailable(reason));
    }

    @Override
    public Availability availability(BackendSettings settings) {
        return availability;
    }

    @Override
    public DynamoDbServer start(BackendSettings settings) {
        return new DynamoDbServer() {
            @Override
            public URI endpoint() {
                return URI.create("http://fake-" + name + ":1");
            }

            @Override
            public void close() {
            }
        };
    }
}
