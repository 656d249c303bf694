package io.dynamodbtoolkit.sample.rentals;

import java.util.List;
import java.util.Map;

import io.dynamodbtoolkit.adapter.Adapter;
import io.dynamodbtoolkit.key.KeyValues;
import io.dynamodbtoolkit.mass.MassOperations;
import io.dynamodbtoolkit.mass.MassOptions;
import io.dynamodbtoolkit.mass.MassScope;
import io.dynamodbtoolkit.sample.web.MassRun;
import io.dynamodbtoolkit.sample.web.MassRunRequest;
import io.dynamodbtoolkit.sample.web.NoSuchItemException;
import io.dynamodbtoolkit.sample.web.PageResponse;
import jakarta.validation.Valid;
import jakarta.validation.constraints.Max;
import jakarta.validation.constraints.Min;
import jakarta.validation.constraints.NotBlank;
import org.springframework.beans.factory.annotation.Qualifier;
import org.springframework.data.domain.Limit;
import org.springframework.http.HttpStatus;
import org.springframework.web.bind.annotation.DeleteMapping;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.ModelAttribute;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.RequestMapping;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.bind.annotation.ResponseStatus;
import org.springframework.web.bind.annotation.RestController;

/**
 * The rentals hierarchy over {@link RentalRepository}: rows by key, the three subtree shapes with cursor paging, and
 * the cascades (clone a facility, delete a facility with its vehicles) with the engine's results.
 */
@RestController
@RequestMapping("/api/rentals")
public class RentalController {

    private final RentalRepository rentals;
    private final Adapter<Map<String, Object>> rentalsAdapter;
    private final VehicleTransfers transfers;

    /**
     * @param rentals        the repository
     * @param rentalsAdapter the adapter behind it, for the one operation a repository does not offer: refusing a
     *                       mass delete of the whole table
     * @param transfers      the writes that must happen together (adding and moving vehicles)
     */
    public RentalController(RentalRepository rentals, @Qualifier("rentals") Adapter<Map<String, Object>> rentalsAdapter,
            VehicleTransfers transfers) {
        this.rentals = rentals;
        this.rentalsAdapter = rentalsAdapter;
        this.transfers = transfers;
    }

    /** @return every state (a Query on the per-tier index {@code all-states}) */
    @GetMapping("/states")
    public List<State> states() {
        return rentals.findInSparseIndexOfStates();
    }

    /** @return every facility of every state (a Query on the per-tier index {@code all-facilities}) */
    @GetMapping("/facilities")
    public List<Facility> facilities() {
        return rentals.findInSparseIndexOfFacilities();
    }

    /** @return one state row */
    @GetMapping("/states/{state}")
    public RentalRow state(@PathVariable String state) {
        return row(KeyValues.of("state", state), "state " + state);
    }

    /** @return one page of every row under a state: its facilities and their vehicles */
    @GetMapping("/states/{state}/under")
    public PageResponse<RentalRow> underState(@PathVariable String state, @RequestParam(required = false) String cursor,
            @RequestParam(defaultValue = "20") @Min(1) @Max(100) int limit) {
        return PageResponse.of(rentals.findUnder(KeyValues.of("state", state), PageResponse.positionAfter(cursor),
                Limit.of(limit)));
    }

    /** @return one page of the facilities of a state whose name starts with {@code prefix}, with their vehicles */
    @GetMapping("/states/{state}/partial")
    public PageResponse<RentalRow> partial(@PathVariable String state, @RequestParam @NotBlank String prefix,
            @RequestParam(required = false) String cursor,
            @RequestParam(defaultValue = "20") @Min(1) @Max(100) int limit) {
        return PageResponse.of(rentals.findByPartial(state, prefix, PageResponse.positionAfter(cursor),
                Limit.of(limit)));
    }

    /** @return one facility row */
    @GetMapping("/states/{state}/facilities/{facility}")
    public RentalRow facility(@PathVariable String state, @PathVariable String facility) {
        return row(KeyValues.of("state", state, "facility", facility), "facility " + state + "/" + facility);
    }

    /** @return one page of the vehicles of a facility */
    @GetMapping("/states/{state}/facilities/{facility}/vehicles")
    public PageResponse<Vehicle> vehicles(@PathVariable String state, @PathVariable String facility,
            @RequestParam(required = false) String cursor,
            @RequestParam(defaultValue = "20") @Min(1) @Max(100) int limit) {
        return PageResponse.of(rentals.findUnder(state, facility, PageResponse.positionAfter(cursor),
                Limit.of(limit)));
    }

    /** @return one page of a facility's row followed by its vehicles (exactly: never a sibling such as Dallasville) */
    @GetMapping("/states/{state}/facilities/{facility}/subtree")
    public PageResponse<RentalRow> subtree(@PathVariable String state, @PathVariable String facility,
            @RequestParam(required = false) String cursor,
            @RequestParam(defaultValue = "20") @Min(1) @Max(100) int limit) {
        return PageResponse.of(rentals.findSelfAndUnder(state, facility, PageResponse.positionAfter(cursor),
                Limit.of(limit)));
    }

    /** @return one vehicle row */
    @GetMapping("/states/{state}/facilities/{facility}/vehicles/{vin}")
    public RentalRow vehicle(@PathVariable String state, @PathVariable String facility, @PathVariable String vin) {
        return row(KeyValues.of("state", state, "facility", facility, "vin", vin),
                "vehicle " + state + "/" + facility + "/" + vin);
    }

    /**
     * Adds a vehicle to an existing facility: one guarded insert (the adapter's parent guard checks, in the same
     * transaction, that the facility exists and is not being deleted; 404 otherwise). @return the vehicle as written
     */
    @PostMapping("/states/{state}/facilities/{facility}/vehicles")
    @ResponseStatus(HttpStatus.CREATED)
    public Vehicle addVehicle(@PathVariable String state, @PathVariable String facility,
            @Valid @RequestBody NewVehicle vehicle) {
        return transfers.add(state, facility, vehicle.at(state, facility));
    }

    /**
     * Moves a vehicle to another facility of its state and adjusts both facilities' counts, in one transaction (404
     * when the vehicle or the target facility does not exist, 409 when the vehicle changed since it was read).
     *
     * @return the vehicle at its new facility, and the one TransactWriteItems the move sent
     */
    @PostMapping("/states/{state}/facilities/{facility}/vehicles/{vin}/move")
    public VehicleTransfers.Transfer moveVehicle(@PathVariable String state, @PathVariable String facility,
            @PathVariable String vin, @Valid @RequestBody MoveRequest request) {
        rentals.existsById(KeyValues.of("state", state, "facility", request.toFacility())); // 400 for a bad target key
        return transfers.move(state, facility, vin, request.toFacility());
    }

    /**
     * Copies a facility and its vehicles to a new facility of the same state. Rows that exist at the target already
     * are left alone (and counted as skipped). @return what the engine did
     */
    @PostMapping("/states/{state}/facilities/{facility}/clone")
    public MassRun cloneFacility(@PathVariable String state, @PathVariable String facility,
            @Valid @RequestBody CloneRequest request, @Valid @ModelAttribute MassRunRequest run) {
        facility(state, facility);
        rentals.existsById(KeyValues.of("state", state, "facility", request.toFacility())); // 400 for a bad target key
        return MassRun.of(rentals.cloneAllUnder(state, facility, request.toFacility(),
                run.options().withConditional(MassOptions.Conditional.IF_NOT_EXISTS)));
    }

    /**
     * Deletes a facility and its vehicles, leaves first. With {@code maxItems} a run stops early; its cursor resumes
     * it. @return what the engine did
     */
    @DeleteMapping("/states/{state}/facilities/{facility}")
    public MassRun deleteFacility(@PathVariable String state, @PathVariable String facility,
            @Valid @ModelAttribute MassRunRequest run) {
        return MassRun.of(rentals.deleteAllUnder(state, facility, run.options()));
    }

    /**
     * A delete of the whole collection: a mass delete with no scope, which the toolkit refuses (400) unless
     * confirmed in code. Name a subtree instead.
     */
    @DeleteMapping
    public MassRun deleteEverything() {
        return MassRun.of(MassOperations.of(rentalsAdapter).delete(MassScope.wholeTable(), MassOptions.defaults()));
    }

    private RentalRow row(KeyValues key, String what) {
        return rentals.findById(key).orElseThrow(() -> new NoSuchItemException(what));
    }
}
