/**
 * The REST surface: every exported adapter or repository ({@link ExportedResources}, {@link RestExported}) becomes
 * an HTTP resource under its name, routed by {@link ExportedResourceController} through the adapter's template,
 * with the original toolkit's routes, list envelope and {@link RestPolicy}, and RFC 9457 problem details for every
 * error ({@link RestProblemAdvice}).
 */
@NullMarked
package io.dynamodbtoolkit.springweb;

import org.jspecify.annotations.NullMarked;
