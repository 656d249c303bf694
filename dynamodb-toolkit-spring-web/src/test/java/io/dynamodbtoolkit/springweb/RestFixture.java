package io.dynamodbtoolkit.springweb;

import java.io.IOException;
import java.math.BigDecimal;
// tag::without-boot[]
import java.util.List;
// end::without-boot[]
import java.util.Map;
import java.util.Optional;

import io.dynamodbtoolkit.adapter.Adapter;
import io.dynamodbtoolkit.adapter.AdapterDeclaration;
import io.dynamodbtoolkit.adapter.ItemMapper;
import io.dynamodbtoolkit.filter.FieldRule;
import io.dynamodbtoolkit.filter.FieldType;
import io.dynamodbtoolkit.filter.FilterSpec;
import io.dynamodbtoolkit.index.IndexDeclaration;
import io.dynamodbtoolkit.key.KeyField;
import io.dynamodbtoolkit.key.KeyModel;
import io.dynamodbtoolkit.key.KeyValues;
import io.dynamodbtoolkit.springdata.core.DynamoDbToolkitTemplate;
import io.dynamodbtoolkit.springdata.core.ScopeProvider;
import io.dynamodbtoolkit.springdata.mapping.DynamoDbMappingContext;
import io.dynamodbtoolkit.springdata.mapping.MappingDynamoDbConverter;
import io.dynamodbtoolkit.test.TableSpec;
import jakarta.servlet.FilterChain;
import jakarta.servlet.ServletException;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
// tag::without-boot[]
import org.springframework.context.annotation.AnnotationConfigUtils;
// end::without-boot[]
import org.springframework.context.annotation.Configuration;
// tag::without-boot[]
import org.springframework.mock.web.MockServletContext;
// end::without-boot[]
import org.springframework.test.web.servlet.MockMvc;
import org.springframework.test.web.servlet.setup.MockMvcBuilders;
// tag::without-boot[]
import org.springframework.web.context.support.GenericWebApplicationContext;
// end::without-boot[]
import org.springframework.web.filter.OncePerRequestFilter;
import org.springframework.web.servlet.config.annotation.EnableWebMvc;
// tag::without-boot[]
import org.springframework.web.servlet.mvc.method.annotation.RequestMappingHandlerMapping;
// end::without-boot[]
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.ProjectionType;
import software.amazon.awssdk.services.dynamodb.model.ScalarAttributeType;
// tag::without-boot[]
import tools.jackson.databind.json.JsonMapper;

// end::without-boot[]

/**
 * The REST surface over two adapters, wired by hand as an application would without Boot: {@code rentals} (state >
 * facility > vehicle, cascades, version field, a filter on make and seats, an index
 * by make sorted by daily rate, make, city and name searchable) and {@code issues} (tenant > project >
 * issue, confined to the tenant an {@code X-Tenant} header names).
 */
final class RestFixture {

    static final TableSpec RENTALS = TableSpec.named("rest-rentals").partitionKey("state", ScalarAttributeType.S)
            .sortKey("_sk", ScalarAttributeType.S)
            .globalIndex("by-make", "make", ScalarAttributeType.S, "dailyRate", ScalarAttributeType.N,
                    ProjectionType.ALL);
    static final TableSpec ISSUES = TableSpec.named("rest-issues").partitionKey("tenant", ScalarAttributeType.S)
            .sortKey("_sk", ScalarAttributeType.S);

    private static final ThreadLocal<String> TENANT = new ThreadLocal<>();
    private static final MappingDynamoDbConverter CONVERTER = new MappingDynamoDbConverter(
            new DynamoDbMappingContext());

    final DynamoDbToolkitTemplate rentals;
    final DynamoDbToolkitTemplate issues;
    final MockMvc mvc;

    RestFixture(DynamoDbClient client, String rentalsTable, String issuesTable, RestPolicy policy) {
        this(client, rentalsTable, issuesTable, policy, tenantOfRequest(), true);
    }

    /** @param issuesScope the scope of the issues resource */
    RestFixture(DynamoDbClient client, String rentalsTable, String issuesTable, RestPolicy policy,
            ScopeProvider issuesScope) {
        this(client, rentalsTable, issuesTable, policy, issuesScope, true);
    }

    /**
     * @param issuesScope    the scope of the issues resource
     * @param issuesCascades whether the issues adapter declares cascades (a move of an issue row then moves the rows
     *                       under it too)
     */
    RestFixture(DynamoDbClient client, String rentalsTable, String issuesTable, RestPolicy policy,
            ScopeProvider issuesScope, boolean issuesCascades) {
        this(client, rentalsTable, issuesTable, policy, issuesScope, issuesCascades, false);
    }

    /**
     * @param issuesGuard whether the issues adapter guards its parent rows (a single delete or move of a row with rows
     *                    under it is then refused)
     */
    RestFixture(DynamoDbClient client, String rentalsTable, String issuesTable, RestPolicy policy,
            ScopeProvider issuesScope, boolean issuesCascades, boolean issuesGuard) {
        AdapterDeclaration<Map<String, Object>> rentalsDeclaration = AdapterDeclaration.builder(ItemMapper.documents())
                .name("rentals").table(rentalsTable)
                .keys(KeyModel.builder().keyFields("state", "facility", "vin").structuralKey("_sk")
                        .technicalPrefix("_").typeLabels("state", "facility", "vehicle").typeField("kind")
                        .versionField("_version").build())
                .filters(FilterSpec.of(FieldRule.of("make", FieldType.STRING), FieldRule.of("seats",
                        FieldType.NUMBER)))
                .indexes(IndexDeclaration.global("by-make").partitionKey("make").sortKey("dailyRate",
                        ScalarAttributeType.N).build())
                .searchable("make", "city", "name")
                .cascades(true).build();
        AdapterDeclaration<Map<String, Object>> issuesDeclaration = AdapterDeclaration.builder(ItemMapper.documents())
                .name("issues").table(issuesTable)
                .keys(KeyModel.builder().keyFields(KeyField.string("tenant"), KeyField.string("project"),
                        KeyField.string("issue")).structuralKey("_sk").technicalPrefix("_").build())
                .cascades(issuesCascades).parentGuard(issuesGuard).build();
        rentals = new DynamoDbToolkitTemplate(Adapter.create(rentalsDeclaration, client), CONVERTER);
        issues = DynamoDbToolkitTemplate.builder(Adapter.create(issuesDeclaration, client), CONVERTER)
                .scopeProvider(issuesScope).build();
        // tag::without-boot[]
        ExportedResources resources = new ExportedResources(List.of(
                new ExportedResource("rentals", rentals, RentalRow.class),
                new ExportedResource("issues", issues, Issue.class)));
        GenericWebApplicationContext context = new GenericWebApplicationContext(new MockServletContext());
        AnnotationConfigUtils.registerAnnotationConfigProcessors(context);
        context.registerBean(WebMvc.class);
        context.registerBean(RestPolicy.class, () -> policy);
        context.registerBean(ExportedResourceController.class, () -> new ExportedResourceController(resources,
                policy, JsonMapper.builder().build(), "/api"));
        context.registerBean(RestProblemAdvice.class, () -> new RestProblemAdvice(policy));
        context.registerBean(RequestBodyLimit.class, () -> new RequestBodyLimit(policy));
        context.refresh();
        ExportedResourceMappings.register(context.getBean(RequestMappingHandlerMapping.class),
                context.getBean(ExportedResourceController.class));
        // end::without-boot[]
        mvc = MockMvcBuilders.webAppContextSetup(context).addFilters(new TenantFilter()).build();
    }

    /** @return the rows of the hierarchy {@code TX > Dallas > 1HGC0001} (a Honda), parents first */
    static List<Object> dallas() {
        return List.of(new RentalRow.State("TX", "Texas", null), new RentalRow.Facility("TX", "Dallas", "Dallas", null),
                new RentalRow.Vehicle("TX", "Dallas", "1HGC0001", "Honda", new BigDecimal("49.90"), 5, null));
    }

    /** @return the tenant the {@code X-Tenant} header of the request names */
    static ScopeProvider tenantOfRequest() {
        return ScopeProvider.of(List.of("tenant"),
                () -> Optional.ofNullable(TENANT.get()).map(tenant -> KeyValues.of("tenant", tenant)));
    }

    /** Spring MVC, as an application without Boot configures it. */
    @Configuration
    @EnableWebMvc
    static class WebMvc {
    }

    /** Sets the tenant of the request from its {@code X-Tenant} header, as an application's filter would. */
    static final class TenantFilter extends OncePerRequestFilter {
        @Override
        protected void doFilterInternal(HttpServletRequest request, HttpServletResponse response, FilterChain chain)
                throws ServletException, IOException {
            TENANT.set(request.getHeader("X-Tenant"));
            try {
                chain.doFilter(request, response);
            } finally {
                TENANT.remove();
            }
        }
    }
}
