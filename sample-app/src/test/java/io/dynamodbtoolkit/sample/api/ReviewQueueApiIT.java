package io.dynamodbtoolkit.sample.api;

import static org.assertj.core.api.Assertions.assertThat;
import static org.hamcrest.Matchers.containsString;
import static org.springframework.test.web.servlet.request.MockMvcRequestBuilders.delete;
import static org.springframework.test.web.servlet.request.MockMvcRequestBuilders.get;
import static org.springframework.test.web.servlet.request.MockMvcRequestBuilders.post;
import static org.springframework.test.web.servlet.request.MockMvcRequestBuilders.put;
import static org.springframework.test.web.servlet.result.MockMvcResultMatchers.jsonPath;
import static org.springframework.test.web.servlet.result.MockMvcResultMatchers.status;

import org.junit.jupiter.api.Test;
import org.springframework.http.MediaType;

/** The review queue over HTTP: a document enters and leaves the sparse index; listing reads only the queue. */
class ReviewQueueApiIT extends ApiTestSupport {

    private static final String QUEUE = "[doc-003, doc-011, doc-019, doc-027, doc-035]";

    @Test
    void listsTheQueueOldestFirstReadingOnlyTheQueue() throws Exception {
        Pages queue = readAllPages("/api/review-queue?limit=2", "docId");
        assertThat(queue.values()).asString().isEqualTo(QUEUE);
        assertThat(queue.pages()).isEqualTo(3);
        assertThat(calls.calls("Query")).allSatisfy(call ->
                assertThat(call.request().toString()).contains("IndexName=needs-review"));
        assertThat(calls.calls("Scan")).isEmpty();
        calls.assertNoReadAmplification();
    }

    @Test
    void aDocumentEntersAndLeavesTheQueue() throws Exception {
        mvc.perform(put("/api/review-queue/doc-001")).andExpect(status().isOk())
                .andExpect(jsonPath("$.reviewFlag").value("pending"))
                .andExpect(jsonPath("$.submittedAt").isNotEmpty());
        assertThat(readAllPages("/api/review-queue?limit=10", "docId").values()).hasSize(6).last()
                .isEqualTo("doc-001");

        mvc.perform(delete("/api/review-queue/doc-003")).andExpect(status().isOk())
                .andExpect(jsonPath("$.reviewFlag").doesNotExist())
                .andExpect(jsonPath("$.submittedAt").doesNotExist());
        assertThat(readAllPages("/api/review-queue?limit=10", "docId").values()).asString()
                .isEqualTo("[doc-011, doc-019, doc-027, doc-035, doc-001]");
        mvc.perform(get("/api/documents/doc-003")).andExpect(status().isOk())
                .andExpect(jsonPath("$.title").value("Design note 3"));
    }

    @Test
    void anUnknownDocumentCannotEnterTheQueue() throws Exception {
        mvc.perform(put("/api/review-queue/doc-999")).andExpect(status().isNotFound());
        mvc.perform(delete("/api/review-queue/doc-999")).andExpect(status().isNotFound());
        mvc.perform(get("/api/documents/doc-999")).andExpect(status().isNotFound());
        assertThat(readAllPages("/api/review-queue?limit=10", "docId").values()).asString().isEqualTo(QUEUE);
    }

    @Test
    void createsDocumentsOnce() throws Exception {
        String document = "{\"docId\": \"doc-100\", \"title\": \"Key design\", \"author\": \"Ada\"}";
        mvc.perform(post("/api/documents").contentType(MediaType.APPLICATION_JSON).content(document))
                .andExpect(status().isCreated()).andExpect(jsonPath("$.reviewFlag").doesNotExist());
        mvc.perform(post("/api/documents").contentType(MediaType.APPLICATION_JSON).content(document))
                .andExpect(status().isConflict());
        mvc.perform(post("/api/documents").contentType(MediaType.APPLICATION_JSON)
                .content("{\"docId\": \"a b\", \"title\": \"x\", \"author\": \"y\"}"))
                .andExpect(status().isBadRequest()).andExpect(jsonPath("$.detail", containsString("docId")));
    }
}
