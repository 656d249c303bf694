package io.dynamodbtoolkit.boot.autoconfigure.provision;

import java.util.Collection;
import java.util.Objects;

import io.dynamodbtoolkit.springdata.core.IndexEvolutionListener;

/**
 * Clears what {@link IndexEvolution} found once a template or repository run ({@code backfillIndex},
 * {@code removeStaleIndexAttributes}, a template's {@code backfillUnique}) completes over the whole table, so that the
 * health warning goes with it.
 */
public class IndexEvolutionUpdates implements IndexEvolutionListener {

    private final IndexEvolution evolution;

    /** @param evolution what provisioning found */
    public IndexEvolutionUpdates(IndexEvolution evolution) {
        this.evolution = Objects.requireNonNull(evolution, "evolution");
    }

    @Override
    public void backfillCompleted(String adapter, String index) {
        evolution.completed(adapter, index);
    }

    @Override
    public void staleAttributesRemoved(String adapter, Collection<String> attributes) {
        evolution.staleRemoved(adapter, attributes);
    }

    @Override
    public void uniqueBackfillCompleted(String adapter, String field) {
        evolution.uniqueCompleted(adapter, field);
    }
}
