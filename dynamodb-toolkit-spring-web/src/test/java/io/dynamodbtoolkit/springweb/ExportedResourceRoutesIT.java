package io.dynamodbtoolkit.springweb;

import static org.assertj.core.api.Assertions.assertThat;
import static org.hamcrest.Matchers.containsString;
import static org.hamcrest.Matchers.hasSize;
import static org.hamcrest.Matchers.startsWith;
import static org.springframework.test.web.servlet.request.MockMvcRequestBuilders.delete;
import static org.springframework.test.web.servlet.request.MockMvcRequestBuilders.get;
import static org.springframework.test.web.servlet.request.MockMvcRequestBuilders.head;
import static org.springframework.test.web.servlet.request.MockMvcRequestBuilders.patch;
import static org.springframework.test.web.servlet.request.MockMvcRequestBuilders.post;
import static org.springframework.test.web.servlet.request.MockMvcRequestBuilders.put;
import static org.springframework.test.web.servlet.result.MockMvcResultMatchers.content;
import static org.springframework.test.web.servlet.result.MockMvcResultMatchers.header;
import static org.springframework.test.web.servlet.result.MockMvcResultMatchers.jsonPath;
import static org.springframework.test.web.servlet.result.MockMvcResultMatchers.status;

import java.math.BigDecimal;
import java.util.List;

import com.jayway.jsonpath.JsonPath;
import io.dynamodbtoolkit.adapter.ListOptions;
import io.dynamodbtoolkit.key.KeyValues;
import io.dynamodbtoolkit.springweb.RentalRow.Facility;
import io.dynamodbtoolkit.springweb.RentalRow.State;
import io.dynamodbtoolkit.springweb.RentalRow.Vehicle;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.springframework.http.MediaType;
import org.springframework.test.web.servlet.MockMvc;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;

/** Every route of the REST surface over a hierarchical adapter, against a real DynamoDB-compatible server. */
class ExportedResourceRoutesIT extends RestTestSupport {

    private RestFixture fixture;
    private MockMvc mvc;

    @BeforeEach
    void load(DynamoDbClient client) {
        fixture = new RestFixture(client, rentalsTable, issuesTable, RestPolicy.defaults());
        mvc = fixture.mvc;
        List<RentalRow> existing = fixture.rentals.scan(ListOptions.defaults(), RentalRow.class).items();
        fixture.rentals.deleteAllById(existing.stream().map(fixture.rentals::keyOf).toList());
        fixture.rentals.saveAll(List.of(new State("TX", "Texas", null),
                new Facility("TX", "Dallas", "Dallas", null),
                vehicle("Dallas", "1HGC0001", "Honda", 5), vehicle("Dallas", "1HGC0002", "Honda", 7),
                vehicle("Dallas", "5YJ30003", "Tesla", 5),
                new Facility("TX", "Dallasville", "Dallasville", null), vehicle("Dallasville", "JT0004", "Toyota", 5)));
    }

    private static Vehicle vehicle(String facility, String vin, String make, int seats) {
        return new Vehicle("TX", facility, vin, make, new BigDecimal("49.90"), seats, null);
    }

    @Test
    void getsAnItemByItsKeyPathWithItsVersionAsETag() throws Exception {
        mvc.perform(get("/api/rentals/TX/Dallas/1HGC0001")).andExpect(status().isOk())
                .andExpect(jsonPath("$.make").value("Honda")).andExpect(header().string("ETag", "\"1\""))
                .andExpect(header().string("Cache-Control", containsString("no-cache")));
        mvc.perform(get("/api/rentals/TX/Dallas")).andExpect(status().isOk())
                .andExpect(jsonPath("$.city").value("Dallas"));
        mvc.perform(get("/api/rentals/TX/Dallas/1HGC0001").header("If-None-Match", "\"1\""))
                .andExpect(status().isNotModified());
        mvc.perform(head("/api/rentals/TX/Dallas/1HGC0001")).andExpect(status().isOk())
                .andExpect(header().string("ETag", "\"1\""));
        mvc.perform(get("/api/rentals/TX/Dallas/NOPE")).andExpect(status().isNotFound())
                .andExpect(content().contentTypeCompatibleWith(MediaType.APPLICATION_PROBLEM_JSON))
                .andExpect(jsonPath("$.type").value(RestProblemAdvice.TYPE_PREFIX + "no-such-item"));
    }

    @Test
    void readsSubtreesExactlyNeverTheSibling() throws Exception {
        mvc.perform(get("/api/rentals/TX/Dallas/-under")).andExpect(status().isOk())
                .andExpect(jsonPath("$.data", hasSize(3))).andExpect(jsonPath("$.data[0].vin").value("1HGC0001"));
        mvc.perform(get("/api/rentals/TX/Dallas/-self-and-under")).andExpect(status().isOk())
                .andExpect(jsonPath("$.data", hasSize(4))).andExpect(jsonPath("$.data[0].city").value("Dallas"));
        mvc.perform(get("/api/rentals/TX/-partial").param("prefix", "Dal")).andExpect(status().isOk())
                .andExpect(jsonPath("$.data", hasSize(6)));
        mvc.perform(get("/api/rentals/TX/Dallas/-under").param("sort", "-vin")).andExpect(status().isOk())
                .andExpect(jsonPath("$.data[0].vin").value("5YJ30003"));
        mvc.perform(get("/api/rentals/TX/Dallas/-under").param("eq-make", "Tesla")).andExpect(status().isOk())
                .andExpect(jsonPath("$.data", hasSize(1)));
    }

    @Test
    void pagesWithEncryptedCursorsAndNextLinks() throws Exception {
        String first = mvc.perform(get("/api/rentals/TX/Dallas/-under").param("limit", "2"))
                .andExpect(status().isOk()).andExpect(jsonPath("$.data", hasSize(2)))
                .andExpect(jsonPath("$.limit").value(2))
                .andExpect(jsonPath("$.links.next", startsWith("/api/rentals/TX/Dallas/-under?limit=2&cursor=")))
                .andReturn().getResponse().getContentAsString();
        String next = JsonPath.read(first, "$.links.next");
        assertThat(next).doesNotContain("1HGC");
        mvc.perform(get(java.net.URI.create(next))).andExpect(status().isOk())
                .andExpect(jsonPath("$.data", hasSize(1))).andExpect(jsonPath("$.data[0].vin").value("5YJ30003"))
                .andExpect(jsonPath("$.links").doesNotExist());
    }

    @Test
    void listsTheCollectionWithAPolicyLimit() throws Exception {
        mvc.perform(get("/api/rentals")).andExpect(status().isOk()).andExpect(jsonPath("$.data", hasSize(7)))
                .andExpect(jsonPath("$.limit").value(10));
        mvc.perform(get("/api/rentals").param("limit", "101")).andExpect(status().isBadRequest());
        mvc.perform(get("/api/rentals").param("offset", "2")).andExpect(status().isBadRequest());
        mvc.perform(get("/api/rentals").param("sort", "vin")).andExpect(status().isBadRequest());
        mvc.perform(get("/api/rentals").param("fields", "*keys").param("total", "true"))
                .andExpect(status().isOk()).andExpect(jsonPath("$.total").value(7));
    }

    @Test
    void createsReplacesPatchesAndDeletesWithVersionChecks() throws Exception {
        mvc.perform(post("/api/rentals").contentType(MediaType.APPLICATION_JSON).content(
                "{\"state\":\"TX\",\"facility\":\"Dallas\",\"vin\":\"NEW0009\",\"make\":\"Kia\",\"seats\":4}"))
                .andExpect(status().isCreated()).andExpect(header().string("Location", "/api/rentals/TX/Dallas/NEW0009"))
                .andExpect(header().string("ETag", "\"1\""));
        mvc.perform(post("/api/rentals").contentType(MediaType.APPLICATION_JSON).content(
                "{\"state\":\"TX\",\"facility\":\"Dallas\",\"vin\":\"NEW0009\"}"))
                .andExpect(status().isConflict());
        mvc.perform(put("/api/rentals/TX/Dallas/NEW0009").contentType(MediaType.APPLICATION_JSON)
                .header("If-Match", "\"1\"").content("{\"make\":\"Kia\",\"seats\":5}"))
                .andExpect(status().isOk()).andExpect(header().string("ETag", "\"2\""));
        mvc.perform(put("/api/rentals/TX/Dallas/NEW0009").contentType(MediaType.APPLICATION_JSON)
                .header("If-Match", "\"1\"").content("{\"make\":\"Stale\"}"))
                .andExpect(status().isPreconditionFailed());
        mvc.perform(patch("/api/rentals/TX/Dallas/NEW0009").contentType(MediaType.APPLICATION_JSON)
                .content("{\"make\":\"Hyundai\",\"_delete\":[\"seats\"]}"))
                .andExpect(status().isOk()).andExpect(jsonPath("$.make").value("Hyundai"))
                .andExpect(jsonPath("$.seats").doesNotExist());
        mvc.perform(patch("/api/rentals/TX/Dallas/NEW0009").contentType(MediaType.APPLICATION_JSON)
                .header("If-Match", "\"2\"").content("{\"make\":\"Stale\"}"))
                .andExpect(status().isPreconditionFailed());
        mvc.perform(patch("/api/rentals/TX/Dallas/NEW0009").contentType(MediaType.APPLICATION_JSON)
                .header("If-Match", "\"3\"").content("{\"make\":\"Genesis\"}"))
                .andExpect(status().isOk()).andExpect(header().string("ETag", "\"4\""));
        mvc.perform(delete("/api/rentals/TX/Dallas/NEW0009").header("If-Match", "\"3\""))
                .andExpect(status().isPreconditionFailed());
        mvc.perform(delete("/api/rentals/TX/Dallas/NEW0009").header("If-Match", "\"4\""))
                .andExpect(status().isNoContent());
        mvc.perform(delete("/api/rentals/TX/Dallas/NEW0009")).andExpect(status().isNotFound());
        mvc.perform(patch("/api/rentals/TX/Dallas/NEW0009").contentType(MediaType.APPLICATION_JSON)
                .content("{\"make\":\"Ghost\"}")).andExpect(status().isNotFound());
        assertThat(fixture.rentals.existsById(KeyValues.of("state", "TX", "facility", "Dallas", "vin", "NEW0009")))
                .isFalse();
    }

    @Test
    void putCreatesOnlyWhenForced() throws Exception {
        mvc.perform(put("/api/rentals/TX/Austin").contentType(MediaType.APPLICATION_JSON)
                .content("{\"city\":\"Austin\"}")).andExpect(status().isNotFound());
        mvc.perform(put("/api/rentals/TX/Austin").param("force", "true").contentType(MediaType.APPLICATION_JSON)
                .content("{\"city\":\"Austin\"}")).andExpect(status().isOk())
                .andExpect(jsonPath("$.facility").value("Austin"));
    }

    @Test
    void batchReadsDeletesAndLoads() throws Exception {
        mvc.perform(get("/api/rentals/-by-names").param("names", "TX/Dallas/1HGC0001,TX/Dallas/NOPE,TX"))
                .andExpect(status().isOk()).andExpect(jsonPath("$.data", hasSize(2)));
        mvc.perform(put("/api/rentals/-load").contentType(MediaType.APPLICATION_JSON).content(
                "[{\"state\":\"TX\",\"facility\":\"Dallas\",\"vin\":\"L1\",\"make\":\"Mini\"},"
                        + "{\"state\":\"TX\",\"facility\":\"Dallas\",\"vin\":\"L2\",\"make\":\"Mini\"}]"))
                .andExpect(status().isOk()).andExpect(jsonPath("$.processed").value(2));
        mvc.perform(get("/api/rentals/TX/Dallas/-under").param("eq-make", "Mini"))
                .andExpect(jsonPath("$.data", hasSize(2)));
        mvc.perform(delete("/api/rentals/-by-names").param("names", "TX/Dallas/L1,TX/Dallas/L2,TX/Dallas/NOPE"))
                .andExpect(status().isOk()).andExpect(jsonPath("$.processed").value(2))
                .andExpect(jsonPath("$.skipped").value(1));
        mvc.perform(get("/api/rentals/TX/Dallas/-under").param("eq-make", "Mini"))
                .andExpect(jsonPath("$.data", hasSize(0)));
    }

    @Test
    void clonesAndMovesItems() throws Exception {
        mvc.perform(put("/api/rentals/TX/Dallas/1HGC0001/-clone").contentType(MediaType.APPLICATION_JSON)
                .content("{\"vin\":\"CLONE01\"}")).andExpect(status().isCreated())
                .andExpect(header().string("Location", "/api/rentals/TX/Dallas/CLONE01"))
                .andExpect(jsonPath("$.make").value("Honda")).andExpect(jsonPath("$.version").value(1));
        mvc.perform(put("/api/rentals/TX/Dallas/CLONE01/-move").contentType(MediaType.APPLICATION_JSON)
                .content("{\"vin\":\"MOVED01\"}")).andExpect(status().isOk())
                .andExpect(jsonPath("$.complete").value(true)).andExpect(jsonPath("$.processed").value(1));
        mvc.perform(get("/api/rentals/TX/Dallas/CLONE01")).andExpect(status().isNotFound());
        mvc.perform(get("/api/rentals/TX/Dallas/MOVED01")).andExpect(status().isOk());
    }

    @Test
    void clonesAndMovesByNames() throws Exception {
        mvc.perform(put("/api/rentals/-clone-by-names").param("names", "TX/Dallas/1HGC0001,TX/Dallas/1HGC0002")
                .contentType(MediaType.APPLICATION_JSON).content("{\"facility\":\"Dallasville\"}"))
                .andExpect(status().isOk()).andExpect(jsonPath("$.processed").value(2));
        mvc.perform(get("/api/rentals/TX/Dallasville/-under")).andExpect(jsonPath("$.data", hasSize(3)));
        mvc.perform(put("/api/rentals/-move-by-names").param("names", "TX/Dallasville/1HGC0001")
                .contentType(MediaType.APPLICATION_JSON).content("{\"vin\":\"MOVED02\"}"))
                .andExpect(status().isOk()).andExpect(jsonPath("$.processed").value(1))
                .andExpect(jsonPath("$.failed").value(0));
        mvc.perform(get("/api/rentals/TX/Dallasville/MOVED02")).andExpect(status().isOk())
                .andExpect(jsonPath("$.make").value("Honda"));
        mvc.perform(put("/api/rentals/-clone-by-names").param("names", "TX/Dallas/1HGC0002,TX/Dallas/NOPE,"
                + "TX/Dallas/5YJ30003").contentType(MediaType.APPLICATION_JSON).content("{\"facility\":\"Dallasville\"}"))
                .andExpect(status().isOk()).andExpect(jsonPath("$.processed").value(1))
                .andExpect(jsonPath("$.failed").value(2))
                .andExpect(jsonPath("$.failures[0].name").value("TX/Dallas/1HGC0002"))
                .andExpect(jsonPath("$.failures[0].status").value(409))
                .andExpect(jsonPath("$.failures[0].type").value(RestProblemAdvice.TYPE_PREFIX + "duplicate-key"))
                .andExpect(jsonPath("$.failures[1].name").value("TX/Dallas/NOPE"))
                .andExpect(jsonPath("$.failures[1].status").value(404));
        mvc.perform(get("/api/rentals/TX/Dallasville/5YJ30003")).andExpect(status().isOk());
    }

    @Test
    void deletesSubtreesInResumableSlices() throws Exception {
        String first = mvc.perform(delete("/api/rentals/TX/Dallas/-self-and-under").param("maxItems", "2"))
                .andExpect(status().isOk()).andExpect(jsonPath("$.complete").value(false))
                .andExpect(jsonPath("$.processed").value(2)).andReturn().getResponse().getContentAsString();
        mvc.perform(delete(java.net.URI.create(JsonPath.read(first, "$.links.next"))))
                .andExpect(status().isOk()).andExpect(jsonPath("$.complete").value(true));
        mvc.perform(get("/api/rentals/TX/Dallas")).andExpect(status().isNotFound());
        mvc.perform(get("/api/rentals/TX/Dallasville")).andExpect(status().isOk());
        mvc.perform(delete("/api/rentals/TX/Dallasville/-under")).andExpect(status().isOk())
                .andExpect(jsonPath("$.processed").value(1));
        mvc.perform(get("/api/rentals/TX/Dallasville")).andExpect(status().isOk());
    }

    @Test
    void refusesTheUnscopedDeleteOfTheCollection() throws Exception {
        mvc.perform(delete("/api/rentals")).andExpect(status().isBadRequest())
                .andExpect(jsonPath("$.type").value(RestProblemAdvice.TYPE_PREFIX + "unscoped-delete"));
        mvc.perform(get("/api/rentals")).andExpect(jsonPath("$.data", hasSize(7)));
    }
}
