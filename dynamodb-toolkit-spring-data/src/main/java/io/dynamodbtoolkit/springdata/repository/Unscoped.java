package io.dynamodbtoolkit.springdata.repository;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * Opts a repository out of the {@link io.dynamodbtoolkit.springdata.core.ScopeProvider}'s scope: its key design has
 * no scope fields (e.g. a table of shared reference data). Calls on it are never confined; a mass delete through it
 * always needs confirmation.
 */
@Documented
@Retention(RetentionPolicy.RUNTIME)
@Target(ElementType.TYPE)
public @interface Unscoped {
}
