package io.dynamodbtoolkit.boot.autoconfigure.embedded;

import org.springframework.boot.diagnostics.AbstractFailureAnalyzer;
import org.springframework.boot.diagnostics.FailureAnalysis;

/** Explains an embedded engine that is asked for but missing. */
class EmbeddedEngineMissingFailureAnalyzer extends AbstractFailureAnalyzer<EmbeddedEngineMissingException> {

    @Override
    protected FailureAnalysis analyze(Throwable rootFailure, EmbeddedEngineMissingException cause) {
        return new FailureAnalysis("The embedded DynamoDB engine is enabled ("
                + EmbeddedEngineCondition.ENABLED_PROPERTY
                + "=true) but it is not on the classpath: the class " + EmbeddedDynamoDbAutoConfiguration.ENGINE_CLASS
                + " was not found.",
                "Add the dependency io.dynamodbtoolkit:dynamodb-toolkit-embedded (for example with runtime or test "
                        + "scope), or set " + EmbeddedEngineCondition.ENABLED_PROPERTY + "=false and point the client "
                        + "at a DynamoDB endpoint (spring.cloud.aws.dynamodb.endpoint, or AWS itself).",
                cause);
    }
}
