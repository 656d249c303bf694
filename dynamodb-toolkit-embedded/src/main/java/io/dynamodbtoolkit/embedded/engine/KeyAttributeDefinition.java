package io.dynamodbtoolkit.embedded.engine;

import io.dynamodbtoolkit.embedded.model.DataType;

/** A key attribute of a table or index: its name and scalar type (S, N or B). */
public record KeyAttributeDefinition(String name, DataType type) {
}
