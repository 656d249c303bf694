/**
 * Testcontainers support: a {@code @ServiceConnection} for LocalStack (its endpoint, region and credentials become
 * Spring Cloud AWS's connection details) and containers at pinned versions.
 */
package io.dynamodbtoolkit.boot.test.testcontainers;
