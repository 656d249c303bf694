package io.dynamodbtoolkit.sample.api;

import static org.assertj.core.api.Assertions.assertThat;
import static org.hamcrest.Matchers.containsString;
import static org.hamcrest.Matchers.contains;
import static org.hamcrest.Matchers.hasSize;
import static org.springframework.test.web.servlet.request.MockMvcRequestBuilders.delete;
import static org.springframework.test.web.servlet.request.MockMvcRequestBuilders.get;
import static org.springframework.test.web.servlet.request.MockMvcRequestBuilders.post;
import static org.springframework.test.web.servlet.result.MockMvcResultMatchers.content;
import static org.springframework.test.web.servlet.result.MockMvcResultMatchers.jsonPath;
import static org.springframework.test.web.servlet.result.MockMvcResultMatchers.status;

import java.util.ArrayList;
import java.util.List;

import com.jayway.jsonpath.JsonPath;
import org.junit.jupiter.api.Test;
import org.springframework.http.MediaType;

/** The rentals hierarchy over HTTP: rows, the three subtree shapes with cursor paging, cascades, errors. */
class RentalApiIT extends ApiTestSupport {

    private static final String DALLAS_VEHICLES = "1HGCM82633A004352, 2T1BURHE0JC043821, 5YJ3E1EA7KF317000, "
            + "JTDKBRFU9J3059320";

    @Test
    void listsTheStatesFromTheirSparseIndex() throws Exception {
        mvc.perform(get("/api/rentals/states")).andExpect(status().isOk())
                .andExpect(jsonPath("$[*].state", contains("CA", "NY", "TX")))
                .andExpect(jsonPath("$[*].kind", contains("state", "state", "state")));
        assertThat(calls.calls("Query")).singleElement()
                .satisfies(call -> assertThat(call.request().toString()).contains("IndexName=all-states"));
        assertThat(calls.calls("Scan")).isEmpty();
        calls.assertNoReadAmplification();
    }

    @Test
    void readsRowsByKeyAnd404sForUnknownKeys() throws Exception {
        mvc.perform(get("/api/rentals/states/TX/facilities/Dallas")).andExpect(status().isOk())
                .andExpect(jsonPath("$.kind").value("facility")).andExpect(jsonPath("$.city").value("Dallas"));
        mvc.perform(get("/api/rentals/states/TX/facilities/Dallas/vehicles/5YJ3E1EA7KF317000"))
                .andExpect(status().isOk()).andExpect(jsonPath("$.make").value("Tesla"));
        mvc.perform(get("/api/rentals/states/TX/facilities/Austin"))
                .andExpect(status().isNotFound())
                .andExpect(content().contentTypeCompatibleWith(MediaType.APPLICATION_PROBLEM_JSON))
                .andExpect(jsonPath("$.title").value("No such item"))
                .andExpect(jsonPath("$.detail").value("There is no facility TX/Austin"));
        mvc.perform(get("/api/rentals/states/ZZ")).andExpect(status().isNotFound());
    }

    @Test
    void pagesThroughTheVehiclesOfAFacilityWithCursors() throws Exception {
        Pages pages = readAllPages("/api/rentals/states/TX/facilities/Dallas/vehicles?limit=3", "vin");
        assertThat(pages.values()).asString().isEqualTo("[" + DALLAS_VEHICLES + "]");
        assertThat(pages.pages()).isEqualTo(2);
        calls.assertNoReadAmplification();
    }

    @Test
    void selfAndUnderIsTheFacilityAndItsVehiclesNeverTheSiblingDallasville() throws Exception {
        Pages pages = readAllPages("/api/rentals/states/TX/facilities/Dallas/subtree?limit=2", "facility");
        assertThat(pages.values()).containsOnly("Dallas").hasSize(5);
        String first = getOk("/api/rentals/states/TX/facilities/Dallas/subtree?limit=1");
        assertThat(JsonPath.<String>read(first, "$.items[0].kind")).isEqualTo("facility");
        calls.assertNoReadAmplification();
    }

    @Test
    void partialFindsTheFacilitiesStartingWithAPrefixAndTheirVehicles() throws Exception {
        String body = getOk("/api/rentals/states/TX/partial?prefix=Dal&limit=100");
        assertThat(JsonPath.<List<String>>read(body, "$.items[?(@.kind == 'facility')].facility"))
                .containsExactly("Dallas", "Dallasville");
        assertThat(JsonPath.<List<String>>read(body, "$.items[*].facility")).hasSize(8).doesNotContain("Houston");
        Pages paged = readAllPages("/api/rentals/states/TX/partial?prefix=Dal&limit=3", "vin");
        assertThat(paged.pages()).isEqualTo(3);
        calls.assertNoReadAmplification();
    }

    @Test
    void everythingUnderAStatePagesInKeyOrder() throws Exception {
        Pages pages = readAllPages("/api/rentals/states/CA/under?limit=2", "kind");
        assertThat(pages.values()).containsExactly("facility", "vehicle", "vehicle", "vehicle", "facility",
                "vehicle", "vehicle");
        calls.assertNoReadAmplification();
    }

    @Test
    void refusesCursorsItDidNotIssueOrThatBelongToAnotherQuery() throws Exception {
        String page = getOk("/api/rentals/states/TX/facilities/Dallas/vehicles?limit=1");
        String cursor = JsonPath.read(page, "$.nextCursor");
        mvc.perform(get("/api/rentals/states/TX/facilities/Dallas/vehicles?limit=1&cursor=" + cursor))
                .andExpect(status().isOk()).andExpect(jsonPath("$.items[0].vin").value("2T1BURHE0JC043821"));
        mvc.perform(get("/api/rentals/states/TX/facilities/Houston/vehicles?cursor=" + cursor))
                .andExpect(status().isBadRequest()).andExpect(jsonPath("$.title").value("Invalid cursor"));
        String tampered = cursor.substring(0, 20) + (cursor.charAt(20) == 'A' ? 'B' : 'A') + cursor.substring(21);
        mvc.perform(get("/api/rentals/states/TX/facilities/Dallas/vehicles?cursor=" + tampered))
                .andExpect(status().isBadRequest()).andExpect(jsonPath("$.title").value("Invalid cursor"));
        mvc.perform(get("/api/rentals/states/TX/under?cursor=not-a-cursor"))
                .andExpect(status().isBadRequest()).andExpect(jsonPath("$.title").value("Invalid cursor"));
    }

    @Test
    void badInputIsA400NeverA500() throws Exception {
        mvc.perform(get("/api/rentals/states/{state}/under", "T|X")).andExpect(status().isBadRequest())
                .andExpect(jsonPath("$.title").value("Invalid key"))
                .andExpect(jsonPath("$.detail", containsString("contains the key separator")));
        mvc.perform(get("/api/rentals/states/TX/under?limit=0")).andExpect(status().isBadRequest())
                .andExpect(jsonPath("$.detail", containsString("limit")));
        mvc.perform(get("/api/rentals/states/TX/under?limit=lots")).andExpect(status().isBadRequest());
        mvc.perform(get("/api/rentals/states/TX/partial")).andExpect(status().isBadRequest());
        mvc.perform(post("/api/rentals/states/TX/facilities/Dallas/vehicles").contentType(MediaType.APPLICATION_JSON)
                .content("{\"vin\": \"\", \"make\": \"Kia\", \"model\": \"Niro\", \"dailyRate\": -1}"))
                .andExpect(status().isBadRequest())
                .andExpect(jsonPath("$.detail", containsString("vin")))
                .andExpect(jsonPath("$.detail", containsString("dailyRate")));
        mvc.perform(post("/api/rentals/states/TX/facilities/Dallas/vehicles").contentType(MediaType.APPLICATION_JSON)
                .content("{not json")).andExpect(status().isBadRequest());
    }

    @Test
    void movesAVehicleAndAdjustsBothCountsInOneTransactWriteItems() throws Exception {
        calls.clear();
        mvc.perform(post("/api/rentals/states/TX/facilities/Dallas/vehicles/5YJ3E1EA7KF317000/move")
                .contentType(MediaType.APPLICATION_JSON).content("{\"toFacility\": \"Houston\"}"))
                .andExpect(status().isOk())
                .andExpect(jsonPath("$.vehicle.facility").value("Houston"))
                .andExpect(jsonPath("$.transaction.actions[*].kind", contains("Delete", "Put", "Update",
                        "ConditionCheck", "Update")));
        assertThat(calls.calls("TransactWriteItems")).singleElement();
        assertThat(calls.calls().stream().filter(call -> call.operation().matches("PutItem|DeleteItem|UpdateItem")))
                .isEmpty();
        mvc.perform(get("/api/rentals/states/TX/facilities/Dallas")).andExpect(jsonPath("$.vehicles").value(3));
        mvc.perform(get("/api/rentals/states/TX/facilities/Houston")).andExpect(jsonPath("$.vehicles").value(4));
        mvc.perform(get("/api/rentals/states/TX/facilities/Houston/vehicles/5YJ3E1EA7KF317000"))
                .andExpect(status().isOk());

        mvc.perform(post("/api/rentals/states/TX/facilities/Houston/vehicles/5YJ3E1EA7KF317000/move")
                .contentType(MediaType.APPLICATION_JSON).content("{\"toFacility\": \"Nowhere\"}"))
                .andExpect(status().isNotFound()).andExpect(jsonPath("$.title").value("No such parent"));
        mvc.perform(get("/api/rentals/states/TX/facilities/Houston/vehicles/5YJ3E1EA7KF317000"))
                .andExpect(status().isOk());
        mvc.perform(get("/api/rentals/states/TX/facilities/Houston")).andExpect(jsonPath("$.vehicles").value(4));
        mvc.perform(post("/api/rentals/states/TX/facilities/Houston/vehicles/NOPE/move")
                .contentType(MediaType.APPLICATION_JSON).content("{\"toFacility\": \"Dallas\"}"))
                .andExpect(status().isNotFound());
    }

    @Test
    void addsAVehicleOnceAndRefusesItsKeyTwice() throws Exception {
        String vehicle = "{\"vin\": \"KNDCB3LC9L5359658\", \"make\": \"Kia\", \"model\": \"Niro\", \"dailyRate\": 51.5}";
        mvc.perform(post("/api/rentals/states/TX/facilities/Houston/vehicles").contentType(MediaType.APPLICATION_JSON)
                .content(vehicle)).andExpect(status().isCreated()).andExpect(jsonPath("$.version").value(1));
        mvc.perform(get("/api/rentals/states/TX/facilities/Houston/vehicles/KNDCB3LC9L5359658"))
                .andExpect(status().isOk()).andExpect(jsonPath("$.dailyRate").value(51.5));
        mvc.perform(get("/api/rentals/states/TX/facilities/Houston")).andExpect(jsonPath("$.vehicles").value(4));
        mvc.perform(post("/api/rentals/states/TX/facilities/Houston/vehicles").contentType(MediaType.APPLICATION_JSON)
                .content(vehicle)).andExpect(status().isConflict())
                .andExpect(jsonPath("$.title").value("Item already exists"));
        mvc.perform(post("/api/rentals/states/TX/facilities/Nowhere/vehicles").contentType(MediaType.APPLICATION_JSON)
                .content(vehicle)).andExpect(status().isNotFound());
    }

    @Test
    void clonesDallasToAustinAndDeletesAustinAgain() throws Exception {
        mvc.perform(post("/api/rentals/states/TX/facilities/Dallas/clone").contentType(MediaType.APPLICATION_JSON)
                .content("{\"toFacility\": \"Austin\"}")).andExpect(status().isOk())
                .andExpect(jsonPath("$.processed").value(5)).andExpect(jsonPath("$.complete").value(true))
                .andExpect(jsonPath("$.failed", hasSize(0))).andExpect(jsonPath("$.conflicts", hasSize(0)));
        Pages austin = readAllPages("/api/rentals/states/TX/facilities/Austin/vehicles?limit=10", "vin");
        assertThat(austin.values()).asString().isEqualTo("[" + DALLAS_VEHICLES + "]");
        mvc.perform(get("/api/rentals/states/TX/facilities/Dallas/vehicles")).andExpect(jsonPath("$.items",
                hasSize(4)));

        mvc.perform(post("/api/rentals/states/TX/facilities/Dallas/clone").contentType(MediaType.APPLICATION_JSON)
                .content("{\"toFacility\": \"Austin\"}")).andExpect(status().isOk())
                .andExpect(jsonPath("$.processed").value(0)).andExpect(jsonPath("$.skipped").value(5));

        mvc.perform(post("/api/rentals/states/TX/facilities/Dallas/clone").contentType(MediaType.APPLICATION_JSON)
                .content("{\"toFacility\": \"Austin|East\"}")).andExpect(status().isBadRequest())
                .andExpect(jsonPath("$.title").value("Invalid key"));

        mvc.perform(delete("/api/rentals/states/TX/facilities/Austin")).andExpect(status().isOk())
                .andExpect(jsonPath("$.processed").value(5)).andExpect(jsonPath("$.complete").value(true));
        mvc.perform(get("/api/rentals/states/TX/facilities/Austin")).andExpect(status().isNotFound());
        mvc.perform(get("/api/rentals/states/TX/facilities/Dallas/subtree")).andExpect(jsonPath("$.items",
                hasSize(5)));
    }

    @Test
    void aBoundedDeleteResumesFromItsCursorWithNothingLostOrDoneTwice() throws Exception {
        List<Integer> processed = new ArrayList<>();
        String cursor = "";
        boolean complete = false;
        while (!complete) {
            String run = mvc.perform(delete("/api/rentals/states/TX/facilities/Dallas?maxItems=2&cursor=" + cursor))
                    .andExpect(status().isOk()).andReturn().getResponse().getContentAsString();
            processed.add(JsonPath.read(run, "$.processed"));
            complete = JsonPath.read(run, "$.complete");
            cursor = complete ? "" : JsonPath.read(run, "$.cursor");
        }
        assertThat(processed).containsExactly(2, 2, 1);
        mvc.perform(get("/api/rentals/states/TX/facilities/Dallas")).andExpect(status().isNotFound());
        mvc.perform(get("/api/rentals/states/TX/facilities/Dallasville/vehicles"))
                .andExpect(jsonPath("$.items", hasSize(2)));
        mvc.perform(delete("/api/rentals/states/TX/facilities/Dallas?cursor=garbage"))
                .andExpect(status().isBadRequest()).andExpect(jsonPath("$.title").value("Invalid cursor"));
    }

    @Test
    void refusesAnUnscopedDelete() throws Exception {
        mvc.perform(delete("/api/rentals")).andExpect(status().isBadRequest())
                .andExpect(jsonPath("$.title").value("Unscoped delete refused"))
                .andExpect(jsonPath("$.detail", containsString("Refusing to delete every item of table rentals")));
        mvc.perform(get("/api/rentals/states")).andExpect(jsonPath("$", hasSize(3)));
        mvc.perform(delete("/api/rentals/states/TX/facilities/Dallas?maxItems=-1")).andExpect(status().isBadRequest());
    }
}
