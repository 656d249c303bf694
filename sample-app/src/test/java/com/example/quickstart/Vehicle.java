// tag::quickstart-entity[]
package com.example.quickstart;

// end::quickstart-entity[]
// tag::quickstart-entity[]
public record Vehicle(String state, String facility, String vin, String model) {
}
// end::quickstart-entity[]
