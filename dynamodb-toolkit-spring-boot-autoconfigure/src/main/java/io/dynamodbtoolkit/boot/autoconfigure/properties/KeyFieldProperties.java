package io.dynamodbtoolkit.boot.autoconfigure.properties;

import io.dynamodbtoolkit.key.KeyType;
import org.jspecify.annotations.Nullable;

/**
 * One key field: {@code {name: year, type: number, width: 4}}, or just its name for a string field
 * ({@code - state} in YAML, {@code key-fields=state,facility,vin} in a properties file).
 */
public class KeyFieldProperties {

    /** Attribute name of the key field. */
    private @Nullable String name;

    /** Type of the key field: string, number or binary. */
    private KeyType type = KeyType.STRING;

    /**
     * Digits a number is zero-padded to inside composite keys (required for numbers in a composite), or the exact
     * length of every value of a string field (padded by the application), which lets ranges on it be key seeks.
     */
    private @Nullable Integer width;

    /** Creates an empty key field, filled in by binding. */
    public KeyFieldProperties() {
    }

    /**
     * The shorthand form: a string field of this name. Spring Boot's conversion calls it for a plain value.
     *
     * @param name the field name
     * @return a string key field
     */
    public static KeyFieldProperties valueOf(String name) {
        KeyFieldProperties field = new KeyFieldProperties();
        field.setName(name.trim());
        return field;
    }

    /** @return the attribute name */
    public @Nullable String getName() {
        return name;
    }

    /** @param name the attribute name */
    public void setName(@Nullable String name) {
        this.name = name;
    }

    /** @return the type */
    public KeyType getType() {
        return type;
    }

    /** @param type the type */
    public void setType(KeyType type) {
        this.type = type;
    }

    /** @return the zero-padding width of a number or the fixed length of a string, or null */
    public @Nullable Integer getWidth() {
        return width;
    }

    /** @param width the zero-padding width of a number or the fixed length of a string */
    public void setWidth(@Nullable Integer width) {
        this.width = width;
    }
}
