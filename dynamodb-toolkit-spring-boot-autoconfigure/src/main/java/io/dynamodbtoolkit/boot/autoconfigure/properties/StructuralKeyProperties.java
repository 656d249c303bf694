package io.dynamodbtoolkit.boot.autoconfigure.properties;

import org.jspecify.annotations.Nullable;

/**
 * The structural key: the table's sort key holding every key component joined by a separator. Either its name
 * ({@code structural-key: _sk}) or {@code {name: _sk, separator: "#"}}.
 */
public class StructuralKeyProperties {

    /** Default separator between key components. */
    public static final String DEFAULT_SEPARATOR = "|";

    /** Attribute name of the structural key (the table's sort key), e.g. _sk. */
    private @Nullable String name;

    /** String between the key components; punctuation, never letters or digits. */
    private String separator = DEFAULT_SEPARATOR;

    /** Creates an empty structural key, filled in by binding. */
    public StructuralKeyProperties() {
    }

    /**
     * The shorthand form: a structural key of this name with the default separator.
     *
     * @param name the attribute name
     * @return the structural key
     */
    public static StructuralKeyProperties valueOf(String name) {
        StructuralKeyProperties key = new StructuralKeyProperties();
        key.setName(name.trim());
        return key;
    }

    /** @return the attribute name */
    public @Nullable String getName() {
        return name;
    }

    /** @param name the attribute name */
    public void setName(@Nullable String name) {
        this.name = name;
    }

    /** @return the separator */
    public String getSeparator() {
        return separator;
    }

    /** @param separator the separator */
    public void setSeparator(String separator) {
        this.separator = separator;
    }
}
