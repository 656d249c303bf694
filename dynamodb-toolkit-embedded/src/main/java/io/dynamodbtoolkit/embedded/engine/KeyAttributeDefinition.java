package io.dynamodbtoolkit.embedded.engine;

import io.dynamodbtoolkit.embedded.model.DataType;
import org.jspecify.annotations.Nullable;

/**
 * A key attribute of a table or index: its name and scalar type (S, N or B).
 *
 * @param name the attribute name
 * @param type its type; {@code null} only in the key schema of a CreateTable or UpdateTable request being checked,
 *             before the types are taken from its AttributeDefinitions (a table's key attributes all have one)
 */
public record KeyAttributeDefinition(String name, @Nullable DataType type) {
}
