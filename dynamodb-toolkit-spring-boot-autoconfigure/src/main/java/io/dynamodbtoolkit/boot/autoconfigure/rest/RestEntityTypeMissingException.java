package io.dynamodbtoolkit.boot.autoconfigure.rest;

import io.dynamodbtoolkit.DynamoDbToolkitException;

/**
 * An adapter is exported over HTTP ({@code rest.exported}) but its request bodies have no type: no
 * {@code rest.entity-type} is set and the application's repositories on the adapter give no single domain type.
 */
public class RestEntityTypeMissingException extends DynamoDbToolkitException {

    private final String adapter;
    private final String property;
    private final String reason;

    /**
     * @param adapter  the adapter's name
     * @param property the property to set ({@code dynamodb.toolkit.adapters.<name>.rest.entity-type})
     * @param reason   why no type was found (no repository on the adapter, or several domain types)
     */
    public RestEntityTypeMissingException(String adapter, String property, String reason) {
        super("The adapter '" + adapter + "' is exported over HTTP, but " + reason + ", so its bodies have no type: "
                + "set " + property + " to the entity class");
        this.adapter = adapter;
        this.property = property;
        this.reason = reason;
    }

    /** @return the adapter's name */
    public String getAdapter() {
        return adapter;
    }

    /** @return the property to set */
    public String getProperty() {
        return property;
    }

    /** @return why no type was found */
    public String getReason() {
        return reason;
    }
}
