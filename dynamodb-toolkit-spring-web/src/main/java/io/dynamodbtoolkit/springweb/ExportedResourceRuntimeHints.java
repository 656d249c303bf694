package io.dynamodbtoolkit.springweb;

import java.lang.reflect.Method;

import org.jspecify.annotations.Nullable;
import org.springframework.aot.hint.ExecutableMode;
import org.springframework.aot.hint.RuntimeHints;
import org.springframework.aot.hint.RuntimeHintsRegistrar;
import org.springframework.util.ClassUtils;

/**
 * The reflection the REST surface needs in a native image: {@link ExportedResourceMappings} maps the controller's
 * handler methods, found by name, for each exported resource when the application starts, and Spring MVC invokes
 * them. (The bodies' entity classes are registered with the repositories' entities, by the spring-data module.)
 * Nothing without Spring MVC, which the REST surface runs on: a WebFlux application may have this jar but no Servlet
 * API, in which the handler methods' signatures cannot be resolved.
 */
class ExportedResourceRuntimeHints implements RuntimeHintsRegistrar {

    private static final String SPRING_MVC = "org.springframework.web.servlet.DispatcherServlet";

    @Override
    public void registerHints(RuntimeHints hints, @Nullable ClassLoader classLoader) {
        if (!ClassUtils.isPresent(SPRING_MVC, classLoader)) {
            return;
        }
        for (Method handler : ExportedResourceMappings.handlers().keySet()) {
            hints.reflection().registerMethod(handler, ExecutableMode.INVOKE);
        }
    }
}
