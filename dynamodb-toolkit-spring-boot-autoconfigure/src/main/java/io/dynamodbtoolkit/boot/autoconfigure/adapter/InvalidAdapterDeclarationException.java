package io.dynamodbtoolkit.boot.autoconfigure.adapter;

import io.dynamodbtoolkit.DeclarationException;
import org.jspecify.annotations.Nullable;

/**
 * An adapter configured under {@code dynamodb.toolkit.adapters} cannot work: the property at fault (as a
 * configuration property when it comes from the properties), what is wrong and how to fix it.
 */
public class InvalidAdapterDeclarationException extends DeclarationException {

    /** The adapter at fault. */
    private final String adapterName;

    /**
     * @param adapterName the adapter
     * @param property    the property at fault, e.g. {@code dynamodb.toolkit.adapters.rentals.key-fields[1].width}
     * @param problem     what is wrong
     * @param fix         what to do about it
     * @param cause       the core's declaration error, or null
     */
    public InvalidAdapterDeclarationException(String adapterName, String property, String problem, String fix,
            @Nullable Throwable cause) {
        super(property, problem, fix);
        this.adapterName = adapterName;
        if (cause != null) {
            initCause(cause);
        }
    }

    /** @return the adapter's name */
    public String adapterName() {
        return adapterName;
    }


}
