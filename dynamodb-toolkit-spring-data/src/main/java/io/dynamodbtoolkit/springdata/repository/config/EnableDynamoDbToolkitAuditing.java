package io.dynamodbtoolkit.springdata.repository.config;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Inherited;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

import org.springframework.context.annotation.Import;

/**
 * Enables Spring Data auditing for entities written through dynamodb-toolkit repositories: {@code @CreatedDate},
 * {@code @LastModifiedDate}, {@code @CreatedBy} and {@code @LastModifiedBy} are set before each entity is converted.
 */
@Target(ElementType.TYPE)
@Retention(RetentionPolicy.RUNTIME)
@Documented
@Inherited
@Import(DynamoDbToolkitAuditingRegistrar.class)
public @interface EnableDynamoDbToolkitAuditing {

    /** @return the name of the {@code AuditorAware} bean supplying the current auditor */
    String auditorAwareRef() default "";

    /** @return whether the dates are set */
    boolean setDates() default true;

    /** @return whether a new entity also gets its modification date and auditor */
    boolean modifyOnCreate() default true;

    /** @return the name of the {@code DateTimeProvider} bean (default: the current time) */
    String dateTimeProviderRef() default "";
}
