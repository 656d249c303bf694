package io.dynamodbtoolkit.springdata.repository;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * Allows a derived query method to read items it does not return: conditions on attributes that are not key
 * attributes become a FilterExpression (DynamoDB reads, and bills, every item under the key condition), and without
 * a condition on the partition key the method Scans the whole table. Without this annotation such a method fails at
 * start-up, with a message saying which index would serve it.
 */
@Documented
@Retention(RetentionPolicy.RUNTIME)
@Target(ElementType.METHOD)
public @interface AllowScan {
}
