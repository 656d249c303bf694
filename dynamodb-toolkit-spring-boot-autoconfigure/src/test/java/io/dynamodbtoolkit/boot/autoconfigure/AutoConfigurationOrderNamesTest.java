package io.dynamodbtoolkit.boot.autoconfigure;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.InputStream;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.List;
import java.util.stream.Stream;

import org.junit.jupiter.api.Test;
import org.springframework.boot.autoconfigure.AutoConfiguration;

/**
 * Every class the toolkit's auto-configurations name to be ordered after or before ({@code afterName} and
 * {@code beforeName}, given as strings so that the class need not be present) exists under that name in the versions
 * of Spring Boot and Spring Cloud AWS the toolkit builds against: a name that moved in a new Boot (Boot 4 split its
 * auto-configurations into modules and packages) is silently ignored by Boot, and the ordering it asked for is lost.
 * The names are looked up in the test class path and in Boot's modules the build copies to
 * {@value #ORDERING_MODULES} (kept off the class path, where their auto-configurations would take part in the tests).
 */
class AutoConfigurationOrderNamesTest {

    private static final String ORDERING_MODULES = "target/ordering-modules";
    private static final String IMPORTS =
            "META-INF/spring/org.springframework.boot.autoconfigure.AutoConfiguration.imports";

    @Test
    void everyClassNamedForOrderingExists() throws IOException, ClassNotFoundException {
        List<String> missing = new ArrayList<>();
        List<String> named = new ArrayList<>();
        try (URLClassLoader modules = new URLClassLoader(orderingModules(), getClass().getClassLoader())) {
            for (String configuration : toolkitAutoConfigurations()) {
                AutoConfiguration order = Class.forName(configuration).getAnnotation(AutoConfiguration.class);
                assertThat(order).as(configuration + " is annotated @AutoConfiguration").isNotNull();
                Stream.concat(Arrays.stream(order.afterName()), Arrays.stream(order.beforeName())).forEach(name -> {
                    named.add(name);
                    if (modules.getResource(name.replace('.', '/') + ".class") == null) {
                        missing.add(configuration + " names " + name);
                    }
                });
            }
        }

        assertThat(named).as("the names checked").isNotEmpty();
        assertThat(missing).as("names no class answers to").isEmpty();
    }

    private static URL[] orderingModules() throws IOException {
        try (Stream<Path> jars = Files.list(Path.of(ORDERING_MODULES))) {
            List<URL> urls = new ArrayList<>();
            for (Path jar : jars.filter(path -> path.toString().endsWith(".jar")).toList()) {
                urls.add(jar.toUri().toURL());
            }
            assertThat(urls).as("Boot's modules copied to " + ORDERING_MODULES + " by the build").hasSize(5);
            return urls.toArray(URL[]::new);
        }
    }

    private List<String> toolkitAutoConfigurations() throws IOException {
        List<String> configurations = new ArrayList<>();
        for (URL imports : Collections.list(getClass().getClassLoader().getResources(IMPORTS))) {
            try (InputStream in = imports.openStream()) {
                new String(in.readAllBytes(), StandardCharsets.UTF_8).lines().map(String::strip)
                        .filter(line -> line.startsWith("io.dynamodbtoolkit.")).forEach(configurations::add);
            }
        }
        assertThat(configurations).as("the toolkit's auto-configurations in " + IMPORTS).isNotEmpty();
        return configurations;
    }
}
