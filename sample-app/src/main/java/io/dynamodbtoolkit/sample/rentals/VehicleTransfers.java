// tag::transactional-service[]
package io.dynamodbtoolkit.sample.rentals;

import io.dynamodbtoolkit.key.KeyValues;
import io.dynamodbtoolkit.sample.web.NoSuchItemException;
import io.dynamodbtoolkit.springdata.transaction.DynamoDbTransactions;
import org.springframework.stereotype.Service;
import org.springframework.transaction.annotation.Transactional;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;

// end::transactional-service[]
/**
 * Writes that must happen together: adding a vehicle counts it at its facility, moving one deletes it at its
 * facility, inserts it at the other (under the parent guard) and adjusts both facilities' counts. Each method is one
 * transaction: its repository writes go to DynamoDB as one TransactWriteItems when it returns, or not at all.
 */
// tag::transactional-service[]
@Service
public class VehicleTransfers {

    private final RentalRepository rentals;
    private final DynamoDbClient client;

    public VehicleTransfers(RentalRepository rentals, DynamoDbClient client) {
        this.rentals = rentals;
        this.client = client;
    }

    /** @return the vehicle as it will be written, and the TransactWriteItems the commit sends */
    @Transactional
    public Transfer move(String state, String facility, String vin, String toFacility) {
        KeyValues from = KeyValues.of("state", state, "facility", facility);
        KeyValues to = KeyValues.of("state", state, "facility", toFacility);
        Vehicle vehicle = rentals.findById(from.and("vin", vin)).filter(Vehicle.class::isInstance)
                .map(Vehicle.class::cast).orElseThrow(() -> new NoSuchItemException("No vehicle " + vin + " at "
                        + state + "|" + facility));
        rentals.delete(vehicle);                                    // at the version read
        Vehicle moved = rentals.insert(new Vehicle(state, toFacility, vin, vehicle.make(), vehicle.model(),
                vehicle.dailyRate(), null));                        // guarded: the target facility must stand
        rentals.incrementVehicles(from, -1);
        rentals.incrementVehicles(to, 1);
        return new Transfer(moved, SentTransaction.of(DynamoDbTransactions.pendingActions(client)));
    }
    // end::transactional-service[]

    /** Adds a vehicle to a facility and counts it there. @return the vehicle as written */
    @Transactional
    public Vehicle add(String state, String facility, Vehicle vehicle) {
        Vehicle inserted = rentals.insert(vehicle);
        rentals.incrementVehicles(KeyValues.of("state", state, "facility", facility), 1);
        return inserted;
    }

    /**
     * A move as written.
     *
     * @param vehicle     the vehicle at its new facility
     * @param transaction the one TransactWriteItems the move sent
     */
    public record Transfer(Vehicle vehicle, SentTransaction transaction) {
    }
    // tag::transactional-service[]
}
// end::transactional-service[]
