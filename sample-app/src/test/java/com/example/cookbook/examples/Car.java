package com.example.cookbook.examples;

/**
 * A car of a rental depot.
 *
 * @param depot the depot: the partition key
 * @param vin   the vehicle identification number: the sort key
 * @param make  the make, the partition key of index {@code by-make}
 * @param color the paint colour, in no key
 */
public record Car(String depot, String vin, String make, String color) {
}
