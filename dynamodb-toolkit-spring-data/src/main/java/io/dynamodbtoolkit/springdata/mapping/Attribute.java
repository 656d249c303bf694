package io.dynamodbtoolkit.springdata.mapping;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * Names the DynamoDB attribute a property is stored in, when it differs from the property name.
 *
 * <pre>{@code
 * record Vehicle(String state, String facility, String vin, @Attribute("mk") String make) {}
 * }</pre>
 */
@Documented
@Retention(RetentionPolicy.RUNTIME)
@Target({ElementType.FIELD, ElementType.METHOD, ElementType.ANNOTATION_TYPE, ElementType.RECORD_COMPONENT})
public @interface Attribute {

    /** @return the attribute name */
    String value();
}
