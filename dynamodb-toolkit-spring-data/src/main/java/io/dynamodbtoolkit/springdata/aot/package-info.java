/**
 * Spring AOT support: the runtime hints (reflection) that the repositories and the entity mapping need in a GraalVM
 * native image, registered through {@code META-INF/spring/aot.factories}.
 */
@NullMarked
package io.dynamodbtoolkit.springdata.aot;

import org.jspecify.annotations.NullMarked;
