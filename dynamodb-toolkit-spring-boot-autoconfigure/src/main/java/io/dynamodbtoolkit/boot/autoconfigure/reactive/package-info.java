/**
 * The reactive side: the asynchronous client mirroring the blocking one, the reactive template and the reactive
 * repositories, and their auto-configuration.
 */
@NullMarked
package io.dynamodbtoolkit.boot.autoconfigure.reactive;

import org.jspecify.annotations.NullMarked;
