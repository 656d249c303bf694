package io.dynamodbtoolkit.embedded.protocol;

import tools.jackson.databind.node.ObjectNode;

/** One DynamoDB API operation: decodes its request, runs it on the engine, encodes the answer. */
@FunctionalInterface
interface Operation {

    ObjectNode handle(JsonRequest request);
}
