package io.dynamodbtoolkit.embedded.engine;

/** Where an item sits in a {@link SortedStore}: its partition and its sort tuple within it. */
record ItemPosition(PartitionKey partition, KeyTuple sort) {
}
