/**
 * Testcontainers support: a {@code @ServiceConnection} for LocalStack (its endpoint, region and credentials become
 * Spring Cloud AWS's connection details) and containers at pinned versions.
 */
@NullMarked
package io.dynamodbtoolkit.boot.test.testcontainers;

import org.jspecify.annotations.NullMarked;
