package io.dynamodbtoolkit.springdata.repository;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * Binds a repository to the adapter it reads and writes through: the {@code Adapter} or {@code AdapterDeclaration}
 * bean whose declared name ({@code AdapterDeclaration.name()}, by default its table) or bean name is the value.
 * Without it a repository binds to the only adapter of the application, and fails at start-up when there are several.
 */
@Documented
@Retention(RetentionPolicy.RUNTIME)
@Target(ElementType.TYPE)
public @interface AdapterName {

    /** @return the adapter's name or bean name */
    String value();
}
