package io.dynamodbtoolkit.sample.api;

import static org.assertj.core.api.Assertions.assertThat;
import static org.hamcrest.Matchers.contains;
import static org.springframework.test.web.servlet.request.MockMvcRequestBuilders.get;
import static org.springframework.test.web.servlet.request.MockMvcRequestBuilders.post;
import static org.springframework.test.web.servlet.request.MockMvcRequestBuilders.put;
import static org.springframework.test.web.servlet.result.MockMvcResultMatchers.jsonPath;
import static org.springframework.test.web.servlet.result.MockMvcResultMatchers.status;

import com.jayway.jsonpath.JsonPath;
import org.junit.jupiter.api.Test;
import org.springframework.http.MediaType;

/** Orders over HTTP: one status of one customer, newest first, as one key seek; a status change moves the order. */
class OrderApiIT extends ApiTestSupport {

    @Test
    void listsACustomersOrdersInOneStatusNewestFirst() throws Exception {
        Pages open = readAllPages("/api/customers/C-100/orders?status=OPEN&limit=2", "placedAt");
        assertThat(open.values()).asString()
                .isEqualTo("[2026-07-06T09:00:00Z, 2026-07-03T09:00:00Z, 2026-07-01T09:00:00Z]");
        mvc.perform(get("/api/customers/C-100/orders?status=SHIPPED")).andExpect(status().isOk())
                .andExpect(jsonPath("$.items[*].item", contains("Headlamp", "Compass", "Sleeping bag", "Stove")));
        assertThat(calls.calls("Query")).allSatisfy(call -> assertThat(call.request().toString())
                .contains("ScanIndexForward=false").doesNotContain("IndexName"));
        calls.assertNoReadAmplification();
    }

    @Test
    void placesAnOrderAndShipsIt() throws Exception {
        String placed = mvc.perform(post("/api/customers/C-300/orders").contentType(MediaType.APPLICATION_JSON)
                .content("{\"item\": \"Kayak\", \"total\": 640}")).andExpect(status().isCreated())
                .andExpect(jsonPath("$.status").value("OPEN")).andReturn().getResponse().getContentAsString();
        String placedAt = JsonPath.read(placed, "$.placedAt");
        mvc.perform(get("/api/customers/C-300/orders?status=OPEN")).andExpect(jsonPath("$.items[*].item",
                contains("Kayak")));

        mvc.perform(put("/api/customers/C-300/orders/OPEN/{placedAt}/status", placedAt)
                .contentType(MediaType.APPLICATION_JSON).content("{\"status\": \"SHIPPED\"}"))
                .andExpect(status().isOk()).andExpect(jsonPath("$.status").value("SHIPPED"))
                .andExpect(jsonPath("$.item").value("Kayak"));
        mvc.perform(get("/api/customers/C-300/orders?status=OPEN")).andExpect(jsonPath("$.items").isEmpty());
        mvc.perform(get("/api/customers/C-300/orders/SHIPPED/{placedAt}", placedAt)).andExpect(status().isOk());
        mvc.perform(get("/api/customers/C-300/orders/OPEN/{placedAt}", placedAt)).andExpect(status().isNotFound());
    }

    @Test
    void badStatusesTimesAndOrdersAreClientErrors() throws Exception {
        mvc.perform(get("/api/customers/C-100/orders?status=LOST")).andExpect(status().isBadRequest());
        mvc.perform(get("/api/customers/C-100/orders")).andExpect(status().isBadRequest());
        mvc.perform(get("/api/customers/C-100/orders/OPEN/yesterday")).andExpect(status().isBadRequest());
        mvc.perform(get("/api/customers/C-100/orders/OPEN/2026-07-02T09:00:00Z")).andExpect(status().isNotFound());
        mvc.perform(put("/api/customers/C-100/orders/OPEN/2026-07-02T09:00:00Z/status")
                .contentType(MediaType.APPLICATION_JSON).content("{\"status\": \"SHIPPED\"}"))
                .andExpect(status().isNotFound());
        mvc.perform(put("/api/customers/C-100/orders/OPEN/2026-07-01T09:00:00Z/status")
                .contentType(MediaType.APPLICATION_JSON).content("{}")).andExpect(status().isBadRequest());
        mvc.perform(post("/api/customers/C-100/orders").contentType(MediaType.APPLICATION_JSON)
                .content("{\"item\": \"Kayak\", \"total\": 0}")).andExpect(status().isBadRequest());
    }
}
