package io.dynamodbtoolkit.boot.autoconfigure.embedded;

import io.dynamodbtoolkit.DynamoDbToolkitException;

/** {@code dynamodb.toolkit.embedded.enabled} is true but the embedded engine is not on the classpath. */
public class EmbeddedEngineMissingException extends DynamoDbToolkitException {

    /** Creates the exception. */
    public EmbeddedEngineMissingException() {
        super(EmbeddedEngineCondition.ENABLED_PROPERTY + " is true but the embedded DynamoDB engine ("
                + EmbeddedDynamoDbAutoConfiguration.ENGINE_CLASS + ") is not on the classpath");
    }
}
