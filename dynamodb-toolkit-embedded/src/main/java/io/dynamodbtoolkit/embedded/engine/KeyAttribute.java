package io.dynamodbtoolkit.embedded.engine;

import io.dynamodbtoolkit.embedded.model.AttributeType;

/** A key attribute of a table or index: its name and scalar type (S, N or B). */
public record KeyAttribute(String name, AttributeType type) {
}
