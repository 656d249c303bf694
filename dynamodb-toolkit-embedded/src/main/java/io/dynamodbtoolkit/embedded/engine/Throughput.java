package io.dynamodbtoolkit.embedded.engine;

/** Provisioned read and write capacity units (recorded and described, never enforced). */
public record Throughput(long readCapacityUnits, long writeCapacityUnits) {
}
