package io.dynamodbtoolkit.springweb;

import java.lang.reflect.Method;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.regex.Pattern;

import jakarta.servlet.http.HttpServletRequest;
import org.springframework.util.ReflectionUtils;
import org.springframework.web.bind.annotation.RequestMethod;
import org.springframework.web.servlet.mvc.method.RequestMappingInfo;
import org.springframework.web.servlet.mvc.method.annotation.RequestMappingHandlerMapping;

/**
 * Maps the {@link ExportedResourceController}'s handler methods under {@code {base-path}/{name}/**} for each exported
 * name, and nothing else: a path under the base path that names no exported resource stays the application's.
 */
public final class ExportedResourceMappings {

    private ExportedResourceMappings() {
    }

    /**
     * @param mapping    Spring MVC's request-mapping handler mapping
     * @param controller the controller of the exported resources
     */
    public static void register(RequestMappingHandlerMapping mapping, ExportedResourceController controller) {
        String base = controller.getBasePath().endsWith("/")
                ? controller.getBasePath().substring(0, controller.getBasePath().length() - 1)
                : controller.getBasePath();
        Map<Method, RequestMethod[]> handlers = handlers();
        for (ExportedResource resource : controller.getResources().all()) {
            String path = base + "/{resource:" + Pattern.quote(resource.name()) + "}/**";
            handlers.forEach((handler, methods) -> register(mapping, controller, path, handler, methods));
        }
    }

    /** @return the controller's handler methods, each with the HTTP methods it serves (called reflectively) */
    static Map<Method, RequestMethod[]> handlers() {
        Map<Method, RequestMethod[]> handlers = new LinkedHashMap<>();
        handlers.put(handler("read", false), new RequestMethod[] {RequestMethod.GET, RequestMethod.HEAD});
        handlers.put(handler("create", true), new RequestMethod[] {RequestMethod.POST});
        handlers.put(handler("put", true), new RequestMethod[] {RequestMethod.PUT});
        handlers.put(handler("patch", true), new RequestMethod[] {RequestMethod.PATCH});
        handlers.put(handler("delete", false), new RequestMethod[] {RequestMethod.DELETE});
        return handlers;
    }

    private static Method handler(String name, boolean body) {
        Method handler = body
                ? ReflectionUtils.findMethod(ExportedResourceController.class, name, String.class, byte[].class,
                        HttpServletRequest.class)
                : ReflectionUtils.findMethod(ExportedResourceController.class, name, String.class,
                        HttpServletRequest.class);
        if (handler == null) {
            throw new IllegalStateException("ExportedResourceController has no handler method " + name);
        }
        return handler;
    }

    private static void register(RequestMappingHandlerMapping mapping, ExportedResourceController controller,
            String path, Method handler, RequestMethod... methods) {
        mapping.registerMapping(RequestMappingInfo.paths(path).methods(methods)
                .options(mapping.getBuilderConfiguration()).build(), controller, handler);
    }
}
