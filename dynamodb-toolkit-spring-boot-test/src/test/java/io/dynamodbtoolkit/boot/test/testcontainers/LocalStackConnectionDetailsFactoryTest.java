package io.dynamodbtoolkit.boot.test.testcontainers;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;

import org.junit.jupiter.api.Test;
import org.springframework.boot.autoconfigure.service.connection.ConnectionDetailsFactory;
import org.springframework.core.io.support.SpringFactoriesLoader;

/** What can be checked without Docker: the service connection is registered where Spring Boot looks for it. */
class LocalStackConnectionDetailsFactoryTest {

    @Test
    void theServiceConnectionIsRegistered() {
        List<ConnectionDetailsFactory> factories = SpringFactoriesLoader.forDefaultResourceLocation(
                getClass().getClassLoader()).load(ConnectionDetailsFactory.class, null,
                        (type, implementation, cannotCreate) -> {
                            // as in Spring Boot: factories of absent libraries are skipped
                        });
        assertThat(factories).hasAtLeastOneElementOfType(LocalStackConnectionDetailsFactory.class);
    }
}
