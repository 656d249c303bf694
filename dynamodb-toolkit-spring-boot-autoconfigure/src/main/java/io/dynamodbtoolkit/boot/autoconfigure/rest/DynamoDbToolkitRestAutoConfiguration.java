package io.dynamodbtoolkit.boot.autoconfigure.rest;

import io.dynamodbtoolkit.boot.autoconfigure.DynamoDbToolkitAutoConfiguration;
import io.dynamodbtoolkit.boot.autoconfigure.properties.DynamoDbToolkitProperties;
import io.dynamodbtoolkit.boot.autoconfigure.repository.DynamoDbToolkitRepositoriesAutoConfiguration;
import io.dynamodbtoolkit.springweb.ExportedResourceController;
import io.dynamodbtoolkit.springweb.ExportedResourceMappings;
import io.dynamodbtoolkit.springweb.ExportedResourcesOpenApi;
import io.dynamodbtoolkit.springweb.ExportedResources;
import io.dynamodbtoolkit.springweb.RequestBodyLimit;
import io.dynamodbtoolkit.springweb.RestContainerErrorValve;
import io.dynamodbtoolkit.springweb.RestErrorDispatch;
import io.dynamodbtoolkit.springweb.RestFormBodyGuard;
import io.dynamodbtoolkit.springweb.RestPolicy;
import io.dynamodbtoolkit.springweb.RestProblemAdvice;
import org.apache.catalina.Host;
import org.springframework.beans.factory.ListableBeanFactory;
import org.springframework.beans.factory.ObjectProvider;
import org.springframework.beans.factory.SmartInitializingSingleton;
import org.springframework.boot.autoconfigure.AutoConfiguration;
import org.springframework.boot.autoconfigure.condition.ConditionalOnClass;
import org.springframework.boot.autoconfigure.condition.ConditionalOnMissingBean;
import org.springframework.boot.autoconfigure.condition.ConditionalOnWebApplication;
import org.springframework.boot.context.properties.EnableConfigurationProperties;
import org.springframework.boot.tomcat.servlet.TomcatServletWebServerFactory;
import org.springframework.boot.web.server.WebServerFactoryCustomizer;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Conditional;
import org.springframework.context.annotation.Configuration;
import org.springframework.web.servlet.DispatcherServlet;
import org.springframework.web.servlet.mvc.method.annotation.RequestMappingHandlerMapping;
import tools.jackson.databind.ObjectMapper;
import tools.jackson.databind.json.JsonMapper;

/**
 * The REST surface (dynamodb-toolkit-spring-web) in a Spring MVC application, when something is exported: each
 * adapter configured with {@code rest.exported: true} and each {@code @RestExported} repository is served under
 * {@code dynamodb.toolkit.rest.base-path}, with the {@link RestPolicy} bean (the defaults unless the application
 * defines one) and RFC 9457 problem details for its errors; with springdoc-openapi, the routes' OpenAPI description.
 */
@AutoConfiguration(after = {DynamoDbToolkitAutoConfiguration.class, DynamoDbToolkitRepositoriesAutoConfiguration.class},
        afterName = {"org.springframework.boot.webmvc.autoconfigure.WebMvcAutoConfiguration",
            "org.springframework.boot.jackson.autoconfigure.JacksonAutoConfiguration"})
@ConditionalOnWebApplication(type = ConditionalOnWebApplication.Type.SERVLET)
@ConditionalOnClass({DispatcherServlet.class, ExportedResourceController.class, ObjectMapper.class})
@Conditional(OnRestExportCondition.class)
@EnableConfigurationProperties({DynamoDbToolkitProperties.class, DynamoDbToolkitRestProperties.class})
public class DynamoDbToolkitRestAutoConfiguration {

    /**
     * @return the original toolkit's policy: limit 10 (at most 100), 404 / 422 / 409 / 429 / 503, bodies up to
     *         {@code dynamodb.toolkit.rest.max-body-size} (1 MB)
     */
    @Bean
    @ConditionalOnMissingBean
    RestPolicy dynamoDbToolkitRestPolicy(DynamoDbToolkitRestProperties properties) {
        return RestPolicy.defaults().withMaxBodyBytes(properties.getMaxBodySize().toBytes());
    }

    @Bean
    ExportedResources dynamoDbToolkitExportedResources(ListableBeanFactory beans,
            DynamoDbToolkitProperties properties) {
        return new ExportedResourcesFactory(beans, properties).create();
    }

    @Bean
    ExportedResourceController dynamoDbToolkitRestController(ExportedResources resources, RestPolicy policy,
            ObjectProvider<ObjectMapper> json, DynamoDbToolkitRestProperties properties) {
        return new ExportedResourceController(resources, policy, json.getIfAvailable(() -> JsonMapper.builder()
                .build()), properties.getBasePath());
    }

    @Bean
    RestProblemAdvice dynamoDbToolkitRestProblemAdvice(RestPolicy policy) {
        return new RestProblemAdvice(policy);
    }

    @Bean
    RequestBodyLimit dynamoDbToolkitRequestBodyLimit(RestPolicy policy) {
        return new RequestBodyLimit(policy);
    }

    /** The container's own errors on the exported routes as problem details (Boot registers it for every dispatch). */
    @Bean
    RestErrorDispatch dynamoDbToolkitRestErrorDispatch(ExportedResourceController controller) {
        return new RestErrorDispatch(controller);
    }

    /** A form body on an exported route refused (415) before any filter parses it. */
    @Bean
    RestFormBodyGuard dynamoDbToolkitRestFormBodyGuard(RestErrorDispatch errors) {
        return new RestFormBodyGuard(errors);
    }

    /** On Tomcat, the requests it refuses before the application sees them, on exported routes, as problem details. */
    @Configuration(proxyBeanMethods = false)
    @ConditionalOnClass(name = {"org.springframework.boot.tomcat.servlet.TomcatServletWebServerFactory",
            "org.apache.catalina.valves.ErrorReportValve"})
    static class TomcatContainerErrors {

        @Bean
        WebServerFactoryCustomizer<TomcatServletWebServerFactory> dynamoDbToolkitRestContainerErrors(
                RestErrorDispatch errors) {
            return factory -> factory.addContextCustomizers(context ->
                    RestContainerErrorValve.install((Host) context.getParent(), errors));
        }
    }

    /** The OpenAPI description of the exported routes, when the application uses springdoc-openapi. */
    @Configuration(proxyBeanMethods = false)
    @ConditionalOnClass(name = "org.springdoc.core.customizers.OpenApiCustomizer")
    static class OpenApiDescription {

        @Bean
        ExportedResourcesOpenApi dynamoDbToolkitRestOpenApi(ExportedResourceController controller) {
            return new ExportedResourcesOpenApi(controller);
        }
    }

    /** Maps the exported routes once Spring MVC's handler mapping exists. */
    @Bean
    SmartInitializingSingleton dynamoDbToolkitRestMappings(ListableBeanFactory beans,
            ExportedResourceController controller) {
        return () -> ExportedResourceMappings.register(beans.getBean("requestMappingHandlerMapping",
                RequestMappingHandlerMapping.class), controller);
    }
}
