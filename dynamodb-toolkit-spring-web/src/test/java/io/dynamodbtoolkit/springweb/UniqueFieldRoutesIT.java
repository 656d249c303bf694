package io.dynamodbtoolkit.springweb;

import static org.hamcrest.Matchers.allOf;
import static org.hamcrest.Matchers.containsString;
import static org.springframework.test.web.servlet.request.MockMvcRequestBuilders.get;
import static org.springframework.test.web.servlet.request.MockMvcRequestBuilders.post;
import static org.springframework.test.web.servlet.result.MockMvcResultMatchers.jsonPath;
import static org.springframework.test.web.servlet.result.MockMvcResultMatchers.status;

import java.util.List;
import java.util.Map;

import io.dynamodbtoolkit.adapter.Adapter;
import io.dynamodbtoolkit.adapter.AdapterDeclaration;
import io.dynamodbtoolkit.adapter.ItemMapper;
import io.dynamodbtoolkit.adapter.UniqueField;
import io.dynamodbtoolkit.key.KeyModel;
import io.dynamodbtoolkit.springdata.core.DynamoDbToolkitTemplate;
import io.dynamodbtoolkit.springdata.mapping.DynamoDbMappingContext;
import io.dynamodbtoolkit.springdata.mapping.MappingDynamoDbConverter;
import io.dynamodbtoolkit.test.DynamoDbTest;
import io.dynamodbtoolkit.test.TableSpec;
import io.dynamodbtoolkit.test.TestTables;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.springframework.context.annotation.AnnotationConfigUtils;
import org.springframework.http.MediaType;
import org.springframework.mock.web.MockServletContext;
import org.springframework.test.web.servlet.MockMvc;
import org.springframework.test.web.servlet.setup.MockMvcBuilders;
import org.springframework.web.context.support.GenericWebApplicationContext;
import org.springframework.web.servlet.mvc.method.annotation.RequestMappingHandlerMapping;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.ScalarAttributeType;
import tools.jackson.databind.json.JsonMapper;

/**
 * The REST surface over an adapter with a unique field: a body whose value another row holds answers 409 with a
 * problem detail naming the field and the value, and writes nothing.
 */
@DynamoDbTest
class UniqueFieldRoutesIT {

    private static final TableSpec ACCOUNTS = TableSpec.named("rest-accounts")
            .partitionKey("tenant", ScalarAttributeType.S).sortKey("_sk", ScalarAttributeType.S);

    private MockMvc mvc;

    /** An account: the e-mail address is unique. */
    record Account(String tenant, String user, String email) {
    }

    @BeforeEach
    void export(DynamoDbClient client, TestTables tables) {
        AdapterDeclaration<Map<String, Object>> declaration = AdapterDeclaration.builder(ItemMapper.documents())
                .name("accounts").table(tables.create(ACCOUNTS))
                .keys(KeyModel.builder().keyFields("tenant", "user").structuralKey("_sk").technicalPrefix("_")
                        .build())
                .unique(UniqueField.of("email")).build();
        DynamoDbToolkitTemplate accounts = new DynamoDbToolkitTemplate(Adapter.create(declaration, client),
                new MappingDynamoDbConverter(new DynamoDbMappingContext()));
        RestPolicy policy = RestPolicy.defaults();
        ExportedResources resources = new ExportedResources(List.of(
                new ExportedResource("accounts", accounts, Account.class)));
        GenericWebApplicationContext context = new GenericWebApplicationContext(new MockServletContext());
        AnnotationConfigUtils.registerAnnotationConfigProcessors(context);
        context.registerBean(RestFixture.WebMvc.class);
        context.registerBean(RestPolicy.class, () -> policy);
        context.registerBean(ExportedResourceController.class, () -> new ExportedResourceController(resources,
                policy, JsonMapper.builder().build(), "/api"));
        context.registerBean(RestProblemAdvice.class, () -> new RestProblemAdvice(policy));
        context.refresh();
        ExportedResourceMappings.register(context.getBean(RequestMappingHandlerMapping.class),
                context.getBean(ExportedResourceController.class));
        mvc = MockMvcBuilders.webAppContextSetup(context).build();
    }

    @Test
    void aTakenValueAnswers409NamingTheFieldAndTheValueAndWritesNothing() throws Exception {
        mvc.perform(post("/api/accounts").contentType(MediaType.APPLICATION_JSON)
                .content("{\"tenant\":\"acme\",\"user\":\"alice\",\"email\":\"alice@example.com\"}"))
                .andExpect(status().isCreated());

        mvc.perform(post("/api/accounts").contentType(MediaType.APPLICATION_JSON)
                .content("{\"tenant\":\"acme\",\"user\":\"bob\",\"email\":\"alice@example.com\"}"))
                .andExpect(status().isConflict())
                .andExpect(jsonPath("$.title").value("Value already taken"))
                .andExpect(jsonPath("$.detail").value(allOf(containsString("email = "),
                        containsString("alice@example.com"))));

        mvc.perform(get("/api/accounts/acme/bob")).andExpect(status().isNotFound());
    }
}
