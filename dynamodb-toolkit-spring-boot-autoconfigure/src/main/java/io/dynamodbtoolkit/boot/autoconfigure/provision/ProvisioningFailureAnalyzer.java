package io.dynamodbtoolkit.boot.autoconfigure.provision;

import io.dynamodbtoolkit.provision.ProvisioningException;
import org.springframework.boot.diagnostics.AbstractFailureAnalyzer;
import org.springframework.boot.diagnostics.FailureAnalysis;

/**
 * Explains a table that conflicts with its declaration in a way start-up provisioning
 * ({@code dynamodb.toolkit.provisioning=create}) never fixes.
 */
class ProvisioningFailureAnalyzer extends AbstractFailureAnalyzer<ProvisioningException> {

    @Override
    protected FailureAnalysis analyze(Throwable rootFailure, ProvisioningException cause) {
        String description = "Start-up provisioning (dynamodb.toolkit.provisioning=create) cannot make a table match "
                + "its adapter's declaration, since it never drops or alters anything:" + System.lineSeparator()
                + System.lineSeparator() + cause.report().describe();
        String action = "Change the adapter's declaration under dynamodb.toolkit.adapters to match the table, or "
                + "migrate the table (or drop it, when its data can go) so that it matches the declaration.";
        return new FailureAnalysis(description, action, cause);
    }
}
