package io.dynamodbtoolkit.springweb;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * Exports a repository's adapter over HTTP, under {@code {base-path}/{name}}: the routes of the original toolkit's
 * REST handler (list, create, items by key path, subtrees, batch and mass operations), with the repository's domain
 * type as the body of reads and writes and its adapter's template (scope, callbacks, exception translation) behind
 * every route.
 *
 * <pre>{@code
 * @AdapterName("documents")
 * @RestExported
 * public interface DocumentRepository extends HierarchicalRepository<Document> { }
 * }</pre>
 */
@Target(ElementType.TYPE)
@Retention(RetentionPolicy.RUNTIME)
@Documented
public @interface RestExported {

    /** @return the resource's name, the path segment after the base path; empty: the adapter's name */
    String value() default "";
}
