package io.dynamodbtoolkit.sample.actuator;

import static org.springframework.test.web.servlet.request.MockMvcRequestBuilders.get;
import static org.springframework.test.web.servlet.request.MockMvcRequestBuilders.post;
import static org.springframework.test.web.servlet.result.MockMvcResultMatchers.status;

import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.webmvc.test.autoconfigure.AutoConfigureMockMvc;
import org.springframework.http.MediaType;
import org.springframework.test.web.servlet.MockMvc;

/**
 * Exposed but not granted write access, the {@code dynamodbtoolkit} endpoint answers its report and has no backfill
 * operation: a POST is not mapped at all (404), like every Actuator write operation under read-only access.
 */
@SpringBootTest(properties = "management.endpoints.web.exposure.include=health,dynamodbtoolkit")
@AutoConfigureMockMvc
class ReadOnlyEndpointIT {

    @Autowired
    private MockMvc mvc;

    @Test
    void theReportIsThereAndTheBackfillIsNot() throws Exception {
        mvc.perform(get("/actuator/dynamodbtoolkit")).andExpect(status().isOk());
        mvc.perform(post("/actuator/dynamodbtoolkit/backfill/rentals/all-facilities")
                .contentType(MediaType.APPLICATION_JSON).content("{}")).andExpect(status().isNotFound());
    }
}
