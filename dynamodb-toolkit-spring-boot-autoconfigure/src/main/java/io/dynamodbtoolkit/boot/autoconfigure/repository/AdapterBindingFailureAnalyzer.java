package io.dynamodbtoolkit.boot.autoconfigure.repository;

import io.dynamodbtoolkit.boot.autoconfigure.properties.DynamoDbToolkitProperties;
import io.dynamodbtoolkit.springdata.repository.support.AdapterBindingException;
import org.springframework.boot.diagnostics.AbstractFailureAnalyzer;
import org.springframework.boot.diagnostics.FailureAnalysis;

/** Explains a repository that cannot be bound to an adapter, listing the adapters the application has. */
class AdapterBindingFailureAnalyzer extends AbstractFailureAnalyzer<AdapterBindingException> {

    @Override
    protected FailureAnalysis analyze(Throwable rootFailure, AdapterBindingException cause) {
        String nl = System.lineSeparator();
        String repository = cause.repositoryInterface().getName();
        StringBuilder description = new StringBuilder("The repository ").append(repository)
                .append(cause.requestedName() == null ? "" : " (@AdapterName(\"" + cause.requestedName() + "\"))")
                .append(" cannot be bound to an adapter: ").append(problem(cause))
                .append('.').append(nl).append(nl);
        if (cause.availableAdapters().isEmpty()) {
            description.append("The application has no adapters.");
        } else {
            description.append("The application's adapters:");
            cause.availableAdapters().forEach(adapter -> description.append(nl).append("    - ").append(adapter));
        }
        String configure = DynamoDbToolkitProperties.PREFIX + ".adapters."
                + (cause.requestedName() == null ? "<name>" : cause.requestedName());
        String action = cause.requestedName() == null && !cause.availableAdapters().isEmpty()
                ? "Annotate " + repository + " with @AdapterName naming one of the adapters above."
                : "Configure the adapter under " + configure + " (table, key-fields, ...), or declare an Adapter bean"
                        + " of that name" + (cause.availableAdapters().isEmpty() ? "."
                                : ", or name one of the adapters above in @AdapterName.");
        return new FailureAnalysis(description.toString(), action, cause);
    }

    /** @return the problem, without the list of adapters the description shows anyway */
    private static String problem(AdapterBindingException cause) {
        String problem = cause.problem();
        int list = problem.indexOf("; the adapters are ");
        return list < 0 ? problem : problem.substring(0, list);
    }
}
