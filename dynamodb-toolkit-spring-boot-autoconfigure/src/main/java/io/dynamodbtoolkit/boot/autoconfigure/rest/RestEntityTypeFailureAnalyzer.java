package io.dynamodbtoolkit.boot.autoconfigure.rest;

import io.dynamodbtoolkit.boot.autoconfigure.properties.DynamoDbToolkitProperties;
import org.springframework.boot.diagnostics.AbstractFailureAnalyzer;
import org.springframework.boot.diagnostics.FailureAnalysis;

/** Explains an exported adapter whose request bodies have no entity type, naming the property that gives one. */
class RestEntityTypeFailureAnalyzer extends AbstractFailureAnalyzer<RestEntityTypeMissingException> {

    @Override
    protected FailureAnalysis analyze(Throwable rootFailure, RestEntityTypeMissingException cause) {
        String adapter = cause.getAdapter();
        return new FailureAnalysis("The adapter '" + adapter + "' is exported over HTTP ("
                + DynamoDbToolkitProperties.PREFIX + ".adapters." + adapter + ".rest.exported=true), but "
                + cause.getReason() + ", so the REST surface cannot tell which class its request bodies bind to.",
                "Set " + cause.getProperty() + " to the entity class (the domain type, e.g. a sealed interface with "
                        + "one record per tier), or export a repository instead: annotate an interface extending "
                        + "HierarchicalRepository with @RestExported.",
                cause);
    }
}
