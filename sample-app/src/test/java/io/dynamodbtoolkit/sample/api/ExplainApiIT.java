package io.dynamodbtoolkit.sample.api;

import static org.assertj.core.api.Assertions.assertThat;
import static org.hamcrest.Matchers.containsString;
import static org.hamcrest.Matchers.everyItem;
import static org.hamcrest.Matchers.is;
import static org.springframework.test.web.servlet.request.MockMvcRequestBuilders.get;
import static org.springframework.test.web.servlet.result.MockMvcResultMatchers.jsonPath;
import static org.springframework.test.web.servlet.result.MockMvcResultMatchers.status;

import java.lang.reflect.Method;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;

import com.jayway.jsonpath.JsonPath;
import io.dynamodbtoolkit.adapter.ItemPage;
import io.dynamodbtoolkit.adapter.ListOptions;
import io.dynamodbtoolkit.sample.orders.OrderRepository;
import io.dynamodbtoolkit.sample.rentals.RentalRepository;
import io.dynamodbtoolkit.sample.reviews.DocumentRepository;
import io.dynamodbtoolkit.sample.teams.TeamRepository;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.mockito.Mockito;
import org.mockito.invocation.Invocation;
import org.springframework.test.context.bean.override.mockito.MockitoSpyBean;
import software.amazon.awssdk.services.dynamodb.model.QueryRequest;

/**
 * The query shapes the page runs: each runs the repository method it names; each key seek reads exactly what it
 * returns and returns what the application's repository endpoint returns for the same question; the contrasts read
 * more than they return.
 */
class ExplainApiIT extends ApiTestSupport {

    /** A shape's repository method as it names it: {@code rentalRepository.findUnder(state, facility, options)}. */
    private static final Pattern CALL = Pattern.compile("(\\w+)\\.(\\w+)\\((.*)\\)");
    private static final Pattern IDENTIFIER = Pattern.compile("[a-z]\\w*");

    // The repositories, spied on to see which of their methods each shape runs.

    @MockitoSpyBean
    private RentalRepository rentalRepository;

    @MockitoSpyBean
    private DocumentRepository documentRepository;

    @MockitoSpyBean
    private OrderRepository orderRepository;

    @MockitoSpyBean
    private TeamRepository teamRepository;

    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', quoteCharacter = '\'', textBlock = """
            states           | | /api/rentals/states                                | $[*]       | state
            under            | state=TX&facility=Dallas | /api/rentals/states/TX/facilities/Dallas/vehicles?limit=100 | $.items[*] | state,facility,vin
            self-and-under   | state=TX&facility=Dallas | /api/rentals/states/TX/facilities/Dallas/subtree?limit=100 | $.items[*] | state,facility,vin
            partial          | state=TX&prefix=Dal | /api/rentals/states/TX/partial?prefix=Dal&limit=100 | $.items[*] | state,facility,vin
            facilities       | | /api/rentals/facilities                            | $[*]       | state,facility
            review-queue     | | /api/review-queue?limit=100                        | $.items[*] | docId
            orders-by-status | customer=C-100&status=OPEN | /api/customers/C-100/orders?status=OPEN&limit=100 | $.items[*] | customer,status,item
            teams-of-user    | user=ada | /api/users/ada/teams                           | $[*]       | src,dst
            members-of-team  | team=platform | /api/teams/platform/members               | $[*]       | src,dst
            """)
    void aKeySeekReadsWhatItReturnsAndMatchesTheRepositoryEndpoint(String shape, String parameters,
            String endpoint, String itemsPath, String keyFields) throws Exception {
        String explained = getOk("/api/explain/shapes/" + shape + "?limit=100&" + (parameters == null ? "" : parameters));
        assertThat(JsonPath.<Boolean>read(explained, "$.keySeek")).isTrue();
        assertThat(JsonPath.<Double>read(explained, "$.amplification")).isEqualTo(1.0);
        assertThat(JsonPath.<Integer>read(explained, "$.returned")).isPositive()
                .isEqualTo(JsonPath.<Integer>read(explained, "$.scanned"));
        assertThat(JsonPath.<String>read(explained, "$.keyCondition")).doesNotContain("FILTER", "SCAN");
        String index = JsonPath.read(explained, "$.index");
        assertThat(calls.calls("Query")).as("the Queries of %s, on index %s", shape, index).isNotEmpty()
                .allSatisfy(call -> assertThat(call.request(QueryRequest.class).indexName()).isEqualTo(index));

        String served = getOk(endpoint);
        List<String> fields = List.of(keyFields.split(","));
        assertThat(keys(items(explained, "$.items[*]"), fields)).as("the items of %s", endpoint)
                .isEqualTo(keys(items(served, itemsPath), fields));
        calls.assertNoReadAmplification();
    }

    @Test
    void theContrastsReadMoreThanTheyReturn() throws Exception {
        mvc.perform(get("/api/explain/shapes/filter-by-make?state=TX&make=Toyota")).andExpect(status().isOk())
                .andExpect(jsonPath("$.keySeek").value(false))
                .andExpect(jsonPath("$.keyCondition").value("state = \"TX\" FILTER make = \"Toyota\""))
                .andExpect(jsonPath("$.items[*].make").value(everyItem(is("Toyota"))))
                .andExpect(jsonPath("$.returned").value(4)).andExpect(jsonPath("$.scanned").value(13))
                .andExpect(jsonPath("$.amplification").value(3.25));
        mvc.perform(get("/api/explain/shapes/review-queue-by-scan?limit=100")).andExpect(status().isOk())
                .andExpect(jsonPath("$.keySeek").value(false))
                .andExpect(jsonPath("$.keyCondition").value("SCAN FILTER attribute_exists(reviewFlag)"))
                .andExpect(jsonPath("$.items[*].reviewFlag").value(everyItem(is("pending"))))
                .andExpect(jsonPath("$.returned").value(5)).andExpect(jsonPath("$.scanned").value(40))
                .andExpect(jsonPath("$.amplification").value(8.0));
        assertThat(calls.calls("Scan")).hasSize(1);
        mvc.perform(get("/api/explain/shapes/filter-by-make?state=TX&make=Lada"))
                .andExpect(jsonPath("$.returned").value(0)).andExpect(jsonPath("$.scanned").value(13))
                .andExpect(jsonPath("$.amplification").doesNotExist());
    }

    @Test
    void eachShapeRunsTheRepositoryMethodItNames() throws Exception {
        Map<String, Object> repositories = Map.of("rentalRepository", rentalRepository, "documentRepository",
                documentRepository, "orderRepository", orderRepository, "teamRepository", teamRepository);
        List<Map<String, Object>> shapes = items(getOk("/api/explain/shapes"), "$[*]");
        assertThat(shapes).hasSize(11);
        for (Map<String, Object> shape : shapes) {
            String label = (String) shape.get("repositoryMethod");
            Matcher named = CALL.matcher(label);
            assertThat(named.matches()).as("the repository method of %s: %s", shape.get("id"), label).isTrue();
            List<String> arguments = Arrays.stream(named.group(3).split(",")).map(String::trim).toList();
            Mockito.clearInvocations(repositories.values().toArray());

            String page = getOk("/api/explain/shapes/" + shape.get("id") + "?" + examples(shape));

            assertThat(JsonPath.<String>read(page, "$.repositoryMethod")).isEqualTo(label);
            List<Invocation> invocations = repositories.values().stream()
                    .flatMap(repository -> Mockito.mockingDetails(repository).getInvocations().stream()).toList();
            assertThat(invocations).as("the repository calls of %s", shape.get("id")).singleElement()
                    .satisfies(invocation -> {
                        assertThat(invocation.getMock()).isSameAs(repositories.get(named.group(1)));
                        Method method = invocation.getMethod();
                        assertThat(method.getName()).isEqualTo(named.group(2));
                        assertThat(method.getReturnType()).isEqualTo(ItemPage.class);
                        assertThat(method.getParameterCount()).isEqualTo(arguments.size());
                        assertThat(invocation.getArguments()).hasAtLeastOneElementOfType(ListOptions.class);
                        for (int i = 0; i < arguments.size(); i++) {
                            if (IDENTIFIER.matcher(arguments.get(i)).matches()) {
                                assertThat(method.getParameters()[i].getName()).as("argument %d of %s", i, label)
                                        .isEqualTo(arguments.get(i));
                            }
                        }
                    });
        }
    }

    @Test
    void pagesWithTheAdaptersCursors() throws Exception {
        String first = getOk("/api/explain/shapes/partial?state=TX&prefix=Dal&limit=5");
        assertThat(items(first, "$.items[*]")).hasSize(5);
        String second = getOk("/api/explain/shapes/partial?state=TX&prefix=Dal&limit=5&cursor="
                + JsonPath.read(first, "$.nextCursor"));
        assertThat(items(second, "$.items[*]")).hasSize(3);
        assertThat(JsonPath.<String>read(second, "$.nextCursor")).isNull();
        mvc.perform(get("/api/explain/shapes/under?state=TX&facility=Houston&cursor="
                + JsonPath.read(first, "$.nextCursor"))).andExpect(status().isBadRequest())
                .andExpect(jsonPath("$.title").value("Invalid cursor"));
    }

    @Test
    void listsTheShapesAndRefusesUnknownOnesAndMissingParameters() throws Exception {
        mvc.perform(get("/api/explain/shapes")).andExpect(status().isOk())
                .andExpect(jsonPath("$[0].id").value("states"))
                .andExpect(jsonPath("$[0].read").doesNotExist())
                .andExpect(jsonPath("$[?(@.keySeek == false)].id").value(org.hamcrest.Matchers.contains(
                        "filter-by-make", "review-queue-by-scan")));
        mvc.perform(get("/api/explain/shapes/nope")).andExpect(status().isNotFound());
        mvc.perform(get("/api/explain/shapes/partial?state=TX")).andExpect(status().isBadRequest())
                .andExpect(jsonPath("$.detail", containsString("needs the parameter 'prefix'")));
        mvc.perform(get("/api/explain/shapes/orders-by-status").param("customer", "C-100").param("status", "O#PEN"))
                .andExpect(status().isBadRequest());
        mvc.perform(get("/api/explain/shapes/filter-by-make?state=TX&make=")).andExpect(status().isBadRequest());
    }

    /** @return the shape's parameters with their example values, as a query string */
    @SuppressWarnings("unchecked")
    private static String examples(Map<String, Object> shape) {
        return ((List<Map<String, String>>) shape.get("parameters")).stream()
                .map(parameter -> parameter.get("name") + "=" + parameter.get("example"))
                .collect(Collectors.joining("&"));
    }

    private static List<List<Object>> keys(List<Map<String, Object>> items, List<String> fields) {
        return items.stream().map(item -> fields.stream().map(item::get).filter(value -> value != null).toList())
                .toList();
    }
}
