package io.dynamodbtoolkit.boot.autoconfigure.adapter;

import io.dynamodbtoolkit.DeclarationException;
import io.dynamodbtoolkit.boot.autoconfigure.properties.DynamoDbToolkitProperties;
import io.dynamodbtoolkit.springdata.repository.query.MethodDeclarationException;
import io.dynamodbtoolkit.springdata.repository.support.AdapterBindingException;
import org.jspecify.annotations.Nullable;
import org.springframework.boot.diagnostics.AbstractFailureAnalyzer;
import org.springframework.boot.diagnostics.FailureAnalysis;

/**
 * Explains a declaration (keys, indexes, filters, an adapter, a repository method) that cannot work: which adapter,
 * which property or method, what is wrong and how to fix it. Repositories bound to no adapter are explained by the
 * repository package's analyzer.
 */
class DeclarationFailureAnalyzer extends AbstractFailureAnalyzer<DeclarationException> {

    @Override
    protected @Nullable FailureAnalysis analyze(Throwable rootFailure, DeclarationException cause) {
        if (cause instanceof AdapterBindingException) {
            return null;
        }
        String nl = System.lineSeparator();
        StringBuilder description = new StringBuilder();
        boolean method = cause instanceof MethodDeclarationException;
        if (cause instanceof InvalidAdapterDeclarationException invalid) {
            description.append("The DynamoDB toolkit adapter '").append(invalid.adapterName())
                    .append("' is declared in a way that cannot work.");
        } else if (method) {
            description.append("A DynamoDB toolkit repository method is declared in a way that cannot work.");
        } else {
            description.append("A DynamoDB toolkit declaration cannot work.");
        }
        description.append(nl).append(nl).append(method ? "    Method:   " : "    Property: ").append(cause.property())
                .append(nl).append("    Problem:  ").append(cause.problem());
        StringBuilder action = new StringBuilder(cause.fix().isEmpty() ? "Correct the declaration"
                : capitalized(cause.fix()));
        if (cause.property().startsWith(DynamoDbToolkitProperties.PREFIX + ".")
                && !(cause instanceof UnknownAdapterPropertyException)) {
            action.append(" (set ").append(cause.property()).append(" in the application's configuration)");
        }
        action.append('.');
        return new FailureAnalysis(description.toString(), action.toString(), cause);
    }

    private static String capitalized(String text) {
        return Character.toUpperCase(text.charAt(0)) + text.substring(1);
    }
}
