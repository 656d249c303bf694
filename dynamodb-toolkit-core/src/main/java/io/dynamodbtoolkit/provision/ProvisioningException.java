package io.dynamodbtoolkit.provision;

import io.dynamodbtoolkit.DynamoDbToolkitException;

/** A live table cannot be made to match its declaration without dropping something; carries the report. */
public class ProvisioningException extends DynamoDbToolkitException {

    private final transient TableReport report;

    /**
     * @param message what cannot be done
     * @param report  the differences found
     */
    public ProvisioningException(String message, TableReport report) {
        super(message + System.lineSeparator() + report.describe());
        this.report = report;
    }

    /** @return the differences found */
    public TableReport report() {
        return report;
    }
}
