package io.dynamodbtoolkit.boot.test.autoconfigure;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Inherited;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

import org.springframework.boot.autoconfigure.ImportAutoConfiguration;

/**
 * Imports the auto-configurations of {@link DynamoDbToolkitTest}: Spring Cloud AWS's DynamoDB client, the toolkit
 * (adapters, repositories, the reactive side, the transaction manager and Spring Boot's transaction
 * auto-configuration when present) and a client on the test server; use it on its own to add them to another slice.
 */
@Target(ElementType.TYPE)
@Retention(RetentionPolicy.RUNTIME)
@Documented
@Inherited
@ImportAutoConfiguration
public @interface AutoConfigureDynamoDbToolkit {
}
