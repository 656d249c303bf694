package io.dynamodbtoolkit.boot.test.autoconfigure.slice;

import io.dynamodbtoolkit.boot.autoconfigure.repository.rentals.RentalRow;
import org.springframework.transaction.annotation.Transactional;

/** A transactional service of the application (not a toolkit bean: a slice test imports it). */
public class FacilityOpening {

    private final SliceRentalRepository rentals;

    /** @param rentals the rows */
    public FacilityOpening(SliceRentalRepository rentals) {
        this.rentals = rentals;
    }

    /**
     * Writes a state and a facility, then fails as a payment would.
     *
     * @throws IllegalStateException always, after the writes
     */
    @Transactional
    public void openAndFail(String state, String facility) {
        open(state, facility);
        throw new IllegalStateException("the payment failed");
    }

    /** Writes a state and a facility, then takes longer than the transaction's timeout of one second. */
    @Transactional(timeout = 1)
    public void openSlowly(String state, String facility) throws InterruptedException {
        open(state, facility);
        Thread.sleep(1_050);
    }

    private void open(String state, String facility) {
        rentals.save(new RentalRow.State(state, state));
        rentals.save(new RentalRow.Facility(state, facility, facility));
    }
}
