package io.dynamodbtoolkit.boot.autoconfigure.provision;

import java.util.List;

import io.dynamodbtoolkit.DynamoDbToolkitException;
import io.dynamodbtoolkit.provision.TableReport;

/**
 * Start-up validation ({@code dynamodb.toolkit.provisioning=validate}) found tables that differ from the adapters'
 * declarations; carries one report per adapter whose table differs.
 */
public class TableValidationException extends DynamoDbToolkitException {

    private final transient List<AdapterTableReport> reports;

    /** @param reports the reports of the tables that differ, at least one */
    public TableValidationException(List<AdapterTableReport> reports) {
        super(message(reports));
        this.reports = List.copyOf(reports);
    }

    /** @return the reports of the tables that differ */
    public List<AdapterTableReport> reports() {
        return reports;
    }

    private static String message(List<AdapterTableReport> reports) {
        StringBuilder text = new StringBuilder(reports.size() + " table(s) differ from their declarations:");
        reports.forEach(report -> text.append(System.lineSeparator()).append(report.describe()));
        return text.toString();
    }

    /**
     * The report of one adapter's table.
     *
     * @param adapter the adapter's name
     * @param report  how its table compares with its declaration
     */
    public record AdapterTableReport(String adapter, TableReport report) {

        /** @return the report, headed by the adapter */
        public String describe() {
            return "Adapter '" + adapter + "': " + report.describe();
        }
    }
}
