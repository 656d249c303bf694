package io.dynamodbtoolkit.embedded.support;

import io.dynamodbtoolkit.embedded.EmbeddedDynamoDb;
import org.junit.jupiter.api.extension.ExtendWith;

import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * Runs the test class against one {@link EmbeddedDynamoDb} shared by the whole test run; test methods and
 * lifecycle methods can take a {@code DynamoDbClient} (real AWS SDK client over HTTP), the
 * {@code EmbeddedDynamoDb} and a {@link TableNames} (unique table names for this class).
 */
@Target(ElementType.TYPE)
@Retention(RetentionPolicy.RUNTIME)
@ExtendWith(EmbeddedServerExtension.class)
public @interface EmbeddedServer {
}
