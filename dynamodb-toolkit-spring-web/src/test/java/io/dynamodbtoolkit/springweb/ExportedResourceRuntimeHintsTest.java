package io.dynamodbtoolkit.springweb;

import static org.assertj.core.api.Assertions.assertThat;

import java.lang.reflect.Method;

import jakarta.servlet.http.HttpServletRequest;
import org.junit.jupiter.api.Test;
import org.springframework.aot.hint.RuntimeHints;
import org.springframework.aot.hint.RuntimeHintsRegistrar;
import org.springframework.aot.hint.predicate.RuntimeHintsPredicates;
import org.springframework.beans.factory.aot.AotServices;

class ExportedResourceRuntimeHintsTest {

    @Test
    void springMvcMayInvokeEveryHandlerMethodTheMappingsRegister() throws NoSuchMethodException {
        RuntimeHints hints = new RuntimeHints();
        new ExportedResourceRuntimeHints().registerHints(hints, getClass().getClassLoader());

        assertThat(ExportedResourceMappings.handlers()).hasSize(5);
        for (Method handler : ExportedResourceMappings.handlers().keySet()) {
            assertThat(RuntimeHintsPredicates.reflection().onMethodInvocation(handler)).as(handler.toString())
                    .accepts(hints);
        }
        assertThat(RuntimeHintsPredicates.reflection().onMethodInvocation(ExportedResourceController.class
                .getMethod("patch", String.class, byte[].class, HttpServletRequest.class))).accepts(hints);
    }

    @Test
    void withoutSpringMvcNothingIsRegistered() {
        RuntimeHints hints = new RuntimeHints();
        ClassLoader withoutSpringMvc = new ClassLoader(null) {
        };

        new ExportedResourceRuntimeHints().registerHints(hints, withoutSpringMvc);

        assertThat(hints.reflection().typeHints()).isEmpty();
    }

    @Test
    void springFindsTheRegistrarThroughAotFactories() {
        assertThat(AotServices.factories().load(RuntimeHintsRegistrar.class))
                .hasAtLeastOneElementOfType(ExportedResourceRuntimeHints.class);
    }
}
