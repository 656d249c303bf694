package io.dynamodbtoolkit.boot.autoconfigure.adapter;

/**
 * A key under {@code dynamodb.toolkit.adapters} binds to nothing: misspelt ({@code tpye}), misplaced, or a setting the
 * toolkit does not have. The property is the key as configured; the fix names the nearest valid key.
 */
public class UnknownAdapterPropertyException extends InvalidAdapterDeclarationException {

    /**
     * @param adapterName the adapter the key is under
     * @param property    the key as configured
     * @param problem     why it binds to nothing
     * @param fix         the nearest valid key, or the valid keys there
     */
    public UnknownAdapterPropertyException(String adapterName, String property, String problem, String fix) {
        super(adapterName, property, problem, fix, null);
    }
}
