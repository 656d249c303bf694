package io.dynamodbtoolkit.boot.autoconfigure.rest;

import static org.assertj.core.api.Assertions.assertThat;
import static org.springframework.test.web.servlet.request.MockMvcRequestBuilders.get;
import static org.springframework.test.web.servlet.request.MockMvcRequestBuilders.post;
import static org.springframework.test.web.servlet.result.MockMvcResultMatchers.jsonPath;
import static org.springframework.test.web.servlet.result.MockMvcResultMatchers.status;

import io.dynamodbtoolkit.boot.autoconfigure.FailureAnalyses;
import io.dynamodbtoolkit.boot.autoconfigure.ToolkitRunners;
import io.dynamodbtoolkit.boot.autoconfigure.repository.DynamoDbToolkitRepositoriesAutoConfiguration;
import io.dynamodbtoolkit.boot.autoconfigure.repository.rentals.RentalRow;
import io.dynamodbtoolkit.boot.autoconfigure.rest.exported.ExportedPackage;
import io.dynamodbtoolkit.springweb.ExportedResourceController;
import io.dynamodbtoolkit.springweb.ExportedResources;
import io.dynamodbtoolkit.springweb.ExportedResourcesOpenApi;
import io.dynamodbtoolkit.springweb.RequestBodyLimit;
import io.dynamodbtoolkit.springweb.RestErrorDispatch;
import io.dynamodbtoolkit.springweb.RestFormBodyGuard;
import io.dynamodbtoolkit.springweb.RestPolicy;
import io.dynamodbtoolkit.test.DynamoDbTest;
import io.dynamodbtoolkit.test.TestTables;
import io.swagger.v3.oas.models.OpenAPI;
import org.junit.jupiter.api.Test;
import org.springframework.boot.autoconfigure.AutoConfigurations;
import org.springframework.boot.diagnostics.FailureAnalysis;
import org.springframework.boot.http.converter.autoconfigure.HttpMessageConvertersAutoConfiguration;
import org.springframework.boot.jackson.autoconfigure.JacksonAutoConfiguration;
import org.springframework.boot.test.context.FilteredClassLoader;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;
import org.springframework.boot.test.context.runner.WebApplicationContextRunner;
import org.springframework.boot.webmvc.autoconfigure.DispatcherServletAutoConfiguration;
import org.springframework.boot.webmvc.autoconfigure.WebMvcAutoConfiguration;
import org.springframework.http.HttpStatus;
import org.springframework.http.MediaType;
import org.springframework.test.web.servlet.MockMvc;
import org.springframework.test.web.servlet.setup.MockMvcBuilders;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

/**
 * The REST surface is configured in a Spring MVC application when an adapter or a repository is exported, and not
 * otherwise; its base path, names, entity types and policy come from properties and beans.
 */
@DynamoDbTest
class DynamoDbToolkitRestAutoConfigurationIT {

    private static final String RENTALS = "dynamodb.toolkit.adapters.rentals";

    private static WebApplicationContextRunner web(TestTables tables) {
        return new WebApplicationContextRunner()
                .withConfiguration(ToolkitRunners.SPRING_CLOUD_AWS).withConfiguration(ToolkitRunners.TOOLKIT)
                .withConfiguration(AutoConfigurations.of(JacksonAutoConfiguration.class, HttpMessageConvertersAutoConfiguration.class,
                        DispatcherServletAutoConfiguration.class, WebMvcAutoConfiguration.class,
                        DynamoDbToolkitRestAutoConfiguration.class))
                .withPropertyValues(ToolkitRunners.serverProperties())
                .withPropertyValues(ToolkitRunners.rentalsAdapter(tables.uniqueName("rest-rentals")));
    }

    private static WebApplicationContextRunner withRepositories(TestTables tables) {
        return web(tables).withConfiguration(AutoConfigurations.of(DynamoDbToolkitRepositoriesAutoConfiguration.class))
                .withUserConfiguration(ExportedPackage.class);
    }

    @Test
    void nothingExportedNothingConfigured(TestTables tables) {
        web(tables).run(context -> assertThat(context).hasNotFailed()
                .doesNotHaveBean(ExportedResourceController.class).doesNotHaveBean(ExportedResources.class));
    }

    @Test
    void anExportedAdapterIsServedUnderTheBasePath(TestTables tables) {
        web(tables).withPropertyValues(RENTALS + ".rest.exported=true", RENTALS + ".rest.entity-type="
                + RentalRow.class.getName(), "dynamodb.toolkit.rest.base-path=/data").run(context -> {
                    MockMvc mvc = MockMvcBuilders.webAppContextSetup(context).build();
                    mvc.perform(post("/data/rentals").contentType(MediaType.APPLICATION_JSON)
                            .content("{\"state\":\"TX\",\"name\":\"Texas\"}")).andExpect(status().isCreated());
                    mvc.perform(get("/data/rentals/TX")).andExpect(status().isOk())
                            .andExpect(jsonPath("$.name").value("Texas"));
                    mvc.perform(get("/data/rentals/TX/Nowhere")).andExpect(status().isNotFound())
                            .andExpect(jsonPath("$.status").value(404));
                    mvc.perform(get("/data/other")).andExpect(status().isNotFound());
                });
    }

    @Test
    void aRestExportedRepositoryIsServedUnderItsName(TestTables tables) {
        withRepositories(tables).run(context -> {
            MockMvc mvc = MockMvcBuilders.webAppContextSetup(context).build();
            mvc.perform(post("/api/fleet").contentType(MediaType.APPLICATION_JSON)
                    .content("{\"state\":\"OK\",\"name\":\"Oklahoma\"}")).andExpect(status().isCreated());
            mvc.perform(get("/api/fleet")).andExpect(status().isOk()).andExpect(jsonPath("$.data[0].name")
                    .value("Oklahoma"));
        });
    }

    @Test
    void thePolicyIsTheApplicationsWhenItDefinesOne(TestTables tables) {
        withRepositories(tables).withUserConfiguration(SmallPages.class).run(context -> {
            assertThat(context).getBean(RestPolicy.class).extracting(RestPolicy::maxLimit).isEqualTo(5);
            MockMvc mvc = MockMvcBuilders.webAppContextSetup(context).build();
            mvc.perform(get("/api/fleet").param("limit", "6")).andExpect(status().isBadRequest());
        });
    }

    @Test
    void anExportedAdapterWithoutAnEntityTypeFailsStartUpNamingTheProperty(TestTables tables) {
        web(tables).withPropertyValues(RENTALS + ".rest.exported=true").run(context -> {
            assertThat(context.getStartupFailure()).rootCause().isInstanceOf(RestEntityTypeMissingException.class)
                    .hasMessageContaining(RENTALS + ".rest.entity-type")
                    .hasMessageContaining("no repository of the application is on it");
            FailureAnalysis analysis = FailureAnalyses.of(context.getStartupFailure());
            assertThat(analysis.getDescription()).contains("'rentals' is exported over HTTP",
                    RENTALS + ".rest.exported=true", "no repository of the application is on it");
            assertThat(analysis.getAction()).contains("Set " + RENTALS + ".rest.entity-type", "@RestExported");
        });
    }

    @Test
    void bodiesAreCappedAtTheConfiguredSize(TestTables tables) {
        web(tables).withPropertyValues(RENTALS + ".rest.exported=true", RENTALS + ".rest.entity-type="
                + RentalRow.class.getName(), "dynamodb.toolkit.rest.max-body-size=1KB").run(context -> {
                    assertThat(context).hasSingleBean(RestErrorDispatch.class).hasSingleBean(RestFormBodyGuard.class)
                            .hasBean("dynamoDbToolkitRestContainerErrors");
                    assertThat(context).hasSingleBean(RequestBodyLimit.class).getBean(RestPolicy.class)
                            .extracting(RestPolicy::maxBodyBytes).isEqualTo(1024L);
                    MockMvc mvc = MockMvcBuilders.webAppContextSetup(context).build();
                    mvc.perform(post("/api/rentals").contentType(MediaType.APPLICATION_JSON)
                            .content("{\"state\":\"TX\",\"name\":\"" + "x".repeat(2000) + "\"}"))
                            .andExpect(status().isContentTooLarge());
                });
        web(tables).withPropertyValues(RENTALS + ".rest.exported=true", RENTALS + ".rest.entity-type="
                + RentalRow.class.getName()).run(context -> assertThat(context).getBean(RestPolicy.class)
                        .extracting(RestPolicy::maxBodyBytes).isEqualTo(RestPolicy.DEFAULT_MAX_BODY_BYTES));
    }

    @Test
    void describesTheExportedRoutesForSpringdocOnlyWhenSpringdocIsThere(TestTables tables) {
        WebApplicationContextRunner exported = web(tables).withPropertyValues(RENTALS + ".rest.exported=true",
                RENTALS + ".rest.entity-type=" + RentalRow.class.getName());
        exported.run(context -> {
            assertThat(context).hasSingleBean(ExportedResourcesOpenApi.class);
            OpenAPI description = new OpenAPI();
            context.getBean(ExportedResourcesOpenApi.class).customise(description);
            assertThat(description.getPaths()).containsKeys("/api/rentals", "/api/rentals/-clone",
                    "/api/rentals/-move", "/api/rentals/{state}", "/api/rentals/{state}/{facility}/-under");
        });
        exported.withClassLoader(new FilteredClassLoader("org.springdoc")).run(context -> assertThat(context)
                .hasNotFailed().hasSingleBean(ExportedResourceController.class)
                .doesNotHaveBean(ExportedResourcesOpenApi.class));
    }

    @Test
    void backsOffWithoutSpringMvcOrOutsideAWebApplication(TestTables tables) {
        web(tables).withPropertyValues(RENTALS + ".rest.exported=true")
                .withClassLoader(new FilteredClassLoader("org.springframework.web.servlet"))
                .run(context -> assertThat(context).doesNotHaveBean(ExportedResourceController.class));
        new ApplicationContextRunner().withConfiguration(ToolkitRunners.SPRING_CLOUD_AWS)
                .withConfiguration(ToolkitRunners.TOOLKIT)
                .withConfiguration(AutoConfigurations.of(DynamoDbToolkitRestAutoConfiguration.class))
                .withPropertyValues(ToolkitRunners.serverProperties())
                .withPropertyValues(ToolkitRunners.rentalsAdapter(tables.uniqueName("rest-rentals")))
                .withPropertyValues(RENTALS + ".rest.exported=true", RENTALS + ".rest.entity-type="
                        + RentalRow.class.getName())
                .run(context -> assertThat(context).hasNotFailed()
                        .doesNotHaveBean(ExportedResourceController.class));
    }

    @Configuration(proxyBeanMethods = false)
    static class SmallPages {
        @Bean
        RestPolicy smallPages() {
            return RestPolicy.defaults().withLimits(2, 5).withValidationStatus(HttpStatus.BAD_REQUEST);
        }
    }
}
