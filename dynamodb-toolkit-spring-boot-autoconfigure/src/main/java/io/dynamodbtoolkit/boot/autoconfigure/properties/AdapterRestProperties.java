package io.dynamodbtoolkit.boot.autoconfigure.properties;

import org.jspecify.annotations.Nullable;

/**
 * How one adapter is exported over HTTP ({@code dynamodb.toolkit.adapters.<name>.rest.*}), when
 * dynamodb-toolkit-spring-web and Spring MVC are on the classpath.
 */
public class AdapterRestProperties {

    /** Whether the adapter's routes are served under {@code dynamodb.toolkit.rest.base-path}. */
    private boolean exported;

    /** The path segment of the adapter's routes; unset: the adapter's name. */
    private @Nullable String name;

    /**
     * The entity class bodies are read into and written from; unset: the domain type of the application's repository
     * on the adapter.
     */
    private @Nullable Class<?> entityType;

    /** @return whether the adapter is exported */
    public boolean isExported() {
        return exported;
    }

    /** @param exported whether the adapter is exported */
    public void setExported(boolean exported) {
        this.exported = exported;
    }

    /** @return the path segment, or null for the adapter's name */
    public @Nullable String getName() {
        return name;
    }

    /** @param name the path segment */
    public void setName(@Nullable String name) {
        this.name = name;
    }

    /** @return the entity class, or null for the repository's domain type */
    public @Nullable Class<?> getEntityType() {
        return entityType;
    }

    /** @param entityType the entity class */
    public void setEntityType(@Nullable Class<?> entityType) {
        this.entityType = entityType;
    }
}
