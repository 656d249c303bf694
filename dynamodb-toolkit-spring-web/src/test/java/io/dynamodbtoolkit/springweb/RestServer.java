package io.dynamodbtoolkit.springweb;

import java.util.List;

import org.apache.catalina.Host;
import org.springframework.beans.factory.SmartInitializingSingleton;
import org.springframework.boot.SpringBootConfiguration;
import org.springframework.boot.autoconfigure.EnableAutoConfiguration;
import org.springframework.boot.builder.SpringApplicationBuilder;
import org.springframework.boot.tomcat.servlet.TomcatServletWebServerFactory;
import org.springframework.boot.web.server.WebServerFactoryCustomizer;
import org.springframework.boot.web.server.context.WebServerApplicationContext;
import org.springframework.context.ConfigurableApplicationContext;
import org.springframework.context.support.GenericApplicationContext;
import org.springframework.web.servlet.mvc.method.annotation.RequestMappingHandlerMapping;
import tools.jackson.databind.json.JsonMapper;

/**
 * The {@link RestFixture}'s two resources served by a Spring Boot application on a real embedded Tomcat, on a free
 * port: what a servlet container parses itself (the query string, chunked and short bodies, methods such as TRACE)
 * reaches the REST surface as it would in production, where MockMvc would hand it over already parsed.
 */
final class RestServer implements AutoCloseable {

    /** Every route of a resource, as method and path (a row stands at TX/Dallas/1HGC0001). */
    static final List<String[]> ROUTES = List.of(
            route("GET", "/api/rentals"), route("HEAD", "/api/rentals"), route("POST", "/api/rentals"),
            route("DELETE", "/api/rentals"), route("PUT", "/api/rentals/-clone"), route("PUT", "/api/rentals/-move"),
            route("GET", "/api/rentals/-by-names"), route("DELETE", "/api/rentals/-by-names"),
            route("PUT", "/api/rentals/-load"), route("PUT", "/api/rentals/-clone-by-names"),
            route("PUT", "/api/rentals/-move-by-names"), route("GET", "/api/rentals/TX/Dallas/1HGC0001"),
            route("HEAD", "/api/rentals/TX/Dallas/1HGC0001"), route("PUT", "/api/rentals/TX/Dallas/1HGC0001"),
            route("PATCH", "/api/rentals/TX/Dallas/1HGC0001"), route("DELETE", "/api/rentals/TX/Dallas/1HGC0001"),
            route("PUT", "/api/rentals/TX/Dallas/1HGC0001/-clone"),
            route("PUT", "/api/rentals/TX/Dallas/1HGC0001/-move"), route("GET", "/api/rentals/TX/Dallas/-under"),
            route("GET", "/api/rentals/TX/Dallas/-self-and-under"), route("GET", "/api/rentals/TX/-partial"),
            route("DELETE", "/api/rentals/TX/Dallas/-under"),
            route("DELETE", "/api/rentals/TX/Dallas/-self-and-under"));

    private final ConfigurableApplicationContext context;

    /**
     * @param fixture    the resources' templates
     * @param properties Boot properties of the server, {@code name=value}
     */
    RestServer(RestFixture fixture, String... properties) {
        RestPolicy policy = RestPolicy.defaults();
        ExportedResources resources = new ExportedResources(List.of(
                new ExportedResource("rentals", fixture.rentals, RentalRow.class),
                new ExportedResource("issues", fixture.issues, Issue.class)));
        context = new SpringApplicationBuilder(Application.class).properties("server.port=0",
                "spring.main.banner-mode=off", "logging.level.root=warn").properties(properties)
                .initializers(app -> {
                    GenericApplicationContext beans = (GenericApplicationContext) app;
                    beans.registerBean(RestPolicy.class, () -> policy);
                    beans.registerBean(ExportedResourceController.class, () -> new ExportedResourceController(
                            resources, policy, JsonMapper.builder().build(), "/api"));
                    beans.registerBean(RestProblemAdvice.class, () -> new RestProblemAdvice(policy));
                    beans.registerBean(RequestBodyLimit.class, () -> new RequestBodyLimit(policy));
                    beans.registerBean(RestErrorDispatch.class, () -> new RestErrorDispatch(beans.getBean(
                            ExportedResourceController.class)));
                    beans.registerBean(RestFormBodyGuard.class, () -> new RestFormBodyGuard(beans.getBean(
                            RestErrorDispatch.class)));
                    beans.registerBean("restContainerErrors", WebServerFactoryCustomizer.class,
                            () -> (WebServerFactoryCustomizer<TomcatServletWebServerFactory>) factory ->
                                    factory.addContextCustomizers(tomcat -> RestContainerErrorValve.install(
                                            (Host) tomcat.getParent(), beans.getBean(RestErrorDispatch.class))));
                    beans.registerBean("restMappings", SmartInitializingSingleton.class, () -> () ->
                            ExportedResourceMappings.register(beans.getBean("requestMappingHandlerMapping",
                                    RequestMappingHandlerMapping.class), beans.getBean(
                                            ExportedResourceController.class)));
                }).run();
    }

    /** @return the port the server listens on */
    int port() {
        return ((WebServerApplicationContext) context).getWebServer().getPort();
    }

    @Override
    public void close() {
        context.close();
    }

    private static String[] route(String method, String path) {
        return new String[] {method, path};
    }

    /** A Spring Boot web application with nothing of its own: the REST surface's beans are registered by hand. */
    @SpringBootConfiguration
    @EnableAutoConfiguration
    static class Application {
    }
}
