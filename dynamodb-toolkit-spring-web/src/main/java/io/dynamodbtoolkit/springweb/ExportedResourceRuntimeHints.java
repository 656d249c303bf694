package io.dynamodbtoolkit.springweb;

import java.lang.reflect.Method;

import org.jspecify.annotations.Nullable;
import org.springframework.aot.hint.ExecutableMode;
import org.springframework.aot.hint.RuntimeHints;
import org.springframework.aot.hint.RuntimeHintsRegistrar;

/**
 * The reflection the REST surface needs in a native image: {@link ExportedResourceMappings} maps the controller's
 * handler methods, found by name, for each exported resource when the application starts, and Spring MVC invokes
 * them. (The bodies' entity classes are registered with the repositories' entities, by the spring-data module.)
 */
class ExportedResourceRuntimeHints implements RuntimeHintsRegistrar {

    @Override
    public void registerHints(RuntimeHints hints, @Nullable ClassLoader classLoader) {
        for (Method handler : ExportedResourceMappings.handlers().keySet()) {
            hints.reflection().registerMethod(handler, ExecutableMode.INVOKE);
        }
    }
}
