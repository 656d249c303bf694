package com.example.cookbook.sharded;

/**
 * A vehicle of a large fleet.
 *
 * @param vin    its vehicle identification number: the partition key
 * @param model  its model
 * @param region where it is based
 */
public record FleetVehicle(String vin, String model, String region) {
}
