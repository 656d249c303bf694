package com.example.quickstart;

// tag::quickstart-entity[]
public record Vehicle(String state, String facility, String vin, String model) {
}
// end::quickstart-entity[]
