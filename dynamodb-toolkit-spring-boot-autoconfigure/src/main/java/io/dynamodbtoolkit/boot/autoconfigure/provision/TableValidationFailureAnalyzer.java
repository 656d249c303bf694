package io.dynamodbtoolkit.boot.autoconfigure.provision;

import org.springframework.boot.diagnostics.AbstractFailureAnalyzer;
import org.springframework.boot.diagnostics.FailureAnalysis;

/** Explains tables that differ from their declarations when {@code dynamodb.toolkit.provisioning=validate}. */
class TableValidationFailureAnalyzer extends AbstractFailureAnalyzer<TableValidationException> {

    @Override
    protected FailureAnalysis analyze(Throwable rootFailure, TableValidationException cause) {
        StringBuilder description = new StringBuilder("The DynamoDB tables do not match the adapters' declarations "
                + "(dynamodb.toolkit.provisioning=validate):").append(System.lineSeparator());
        cause.reports().forEach(report -> description.append(System.lineSeparator()).append(report.describe()));
        boolean conflicts = cause.reports().stream().anyMatch(report -> !report.report().conflicts().isEmpty());
        boolean fixable = cause.reports().stream().anyMatch(report -> !report.report().fixable().isEmpty());
        StringBuilder action = new StringBuilder();
        if (fixable) {
            action.append("Create what is missing (with your infrastructure tooling), or set "
                    + "dynamodb.toolkit.provisioning=create to let the application add missing tables, global "
                    + "indexes and TTL settings at start-up.");
        }
        if (conflicts) {
            action.append(action.isEmpty() ? "" : System.lineSeparator()).append("Conflicts (key schema, "
                    + "attribute types, projections, local indexes) cannot be added: change the declaration under "
                    + "dynamodb.toolkit.adapters to match the table, or migrate the table.");
        }
        return new FailureAnalysis(description.toString(), action.toString(), cause);
    }
}
