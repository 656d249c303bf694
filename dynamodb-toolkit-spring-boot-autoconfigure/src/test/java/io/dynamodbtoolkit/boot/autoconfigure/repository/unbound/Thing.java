package io.dynamodbtoolkit.boot.autoconfigure.repository.unbound;

/**
 * An entity.
 *
 * @param id its key
 */
public record Thing(String id) {
}
