package io.dynamodbtoolkit.springdata.repository;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * Names the declared secondary index a query method reads: a {@code findInSparseIndex...} method whose parameters
 * bind the index's key fields, or a derived method that must be served by that index. Checked at start-up: the
 * adapter must declare the index and the method's conditions must fit its key.
 */
@Documented
@Retention(RetentionPolicy.RUNTIME)
@Target(ElementType.METHOD)
public @interface IndexName {

    /** @return the index name */
    String value();
}
