package io.dynamodbtoolkit.test;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Inherited;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * Runs a test class against a real DynamoDB-compatible server: shorthand for
 * {@code @ExtendWith(DynamoDbExtension.class)}. Test methods, lifecycle methods and constructors can then declare
 * parameters of type {@link software.amazon.awssdk.services.dynamodb.DynamoDbClient}, {@link TestTables},
 * {@link RequestLog} and {@link DynamoDbEndpoint}.
 */
@Target({ElementType.TYPE, ElementType.ANNOTATION_TYPE})
@Retention(RetentionPolicy.RUNTIME)
@Documented
@Inherited
@ExtendWith(DynamoDbExtension.class)
public @interface DynamoDbTest {
}
