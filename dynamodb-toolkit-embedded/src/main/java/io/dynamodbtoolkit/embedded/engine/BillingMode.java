package io.dynamodbtoolkit.embedded.engine;

/** The billing mode of a table (recorded and described; capacity is never enforced). */
public enum BillingMode {
    PROVISIONED, PAY_PER_REQUEST
}
