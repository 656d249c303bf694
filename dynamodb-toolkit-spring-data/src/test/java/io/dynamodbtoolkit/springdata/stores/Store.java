package io.dynamodbtoolkit.springdata.stores;

/**
 * A store, keyed by its id, found by location through a multi-attribute global index (country, region / city,
 * size). A store without a city is not in the index.
 */
public record Store(String storeId, String country, String region, String city, Integer size) {
}
