package io.dynamodbtoolkit.sample.reactive;

import io.dynamodbtoolkit.key.KeyValues;
import io.dynamodbtoolkit.mass.MassOptions;
import io.dynamodbtoolkit.mass.MassResult;
import org.springframework.http.HttpStatus;
import org.springframework.web.bind.annotation.DeleteMapping;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.RequestMapping;
import org.springframework.web.bind.annotation.ResponseStatus;
import org.springframework.web.bind.annotation.RestController;
import org.springframework.web.server.ResponseStatusException;
import reactor.core.publisher.Flux;
import reactor.core.publisher.Mono;

/**
 * The sample's rentals endpoints on WebFlux: subtree reads streamed page by page as the response is written, writes
 * with the toolkit's semantics (a vehicle is added only under an existing facility), and the cascade delete of a
 * facility. No call blocks a request thread. Errors are problem details ({@code web.ApiExceptionHandler}): a key value
 * no key can hold is a 400, a missing facility a 404, a taken vin a 409.
 */
@RestController
@RequestMapping("/api/rentals/states/{state}/facilities/{facility}")
public class ReactiveRentalController {

    private final ReactiveRentals rentals;

    public ReactiveRentalController(ReactiveRentals rentals) {
        this.rentals = rentals;
    }

    /** @return the vehicles of a facility, in key order */
    @GetMapping("/vehicles")
    public Flux<RentalRow> vehicles(@PathVariable String state, @PathVariable String facility) {
        return rentals.findUnder(KeyValues.of("state", state, "facility", facility));
    }

    /** @return a facility's row followed by its vehicles (never a sibling such as Dallasville) */
    @GetMapping("/subtree")
    public Flux<RentalRow> subtree(@PathVariable String state, @PathVariable String facility) {
        return rentals.findSelfAndUnder(KeyValues.of("state", state, "facility", facility));
    }

    /** @return one vehicle, or 404 */
    @GetMapping("/vehicles/{vin}")
    public Mono<RentalRow> vehicle(@PathVariable String state, @PathVariable String facility,
            @PathVariable String vin) {
        return rentals.findById(KeyValues.of("state", state, "facility", facility, "vin", vin))
                .switchIfEmpty(Mono.error(new ResponseStatusException(HttpStatus.NOT_FOUND,
                        "No vehicle " + state + "/" + facility + "/" + vin)));
    }

    /** Adds a vehicle to an existing facility (404 when the facility is missing, 409 when the vin is taken). */
    @PostMapping("/vehicles")
    @ResponseStatus(HttpStatus.CREATED)
    public Mono<RentalRow> addVehicle(@PathVariable String state, @PathVariable String facility,
            @RequestBody NewVehicle vehicle) {
        return rentals.insert(vehicle.at(state, facility));
    }

    /** Deletes a facility and its vehicles, leaves first. @return what the mass engine did */
    @DeleteMapping
    public Mono<MassResult> deleteFacility(@PathVariable String state, @PathVariable String facility) {
        return rentals.deleteAllUnder(KeyValues.of("state", state, "facility", facility), MassOptions.defaults());
    }
}
