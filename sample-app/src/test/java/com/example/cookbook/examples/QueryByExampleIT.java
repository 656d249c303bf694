package com.example.cookbook.examples;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

// tag::examples-calls[]
import java.util.List;

// end::examples-calls[]
import com.example.cookbook.RecordedCalls;
import io.dynamodbtoolkit.boot.test.autoconfigure.DynamoDbToolkitTest;
import io.dynamodbtoolkit.sample.readme.Readme;
import io.dynamodbtoolkit.sample.readme.SentRequests;
// tag::examples-calls[]
import io.dynamodbtoolkit.springdata.repository.FilteringExample;
// end::examples-calls[]
import io.dynamodbtoolkit.test.RequestLog;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.context.annotation.Import;
import org.springframework.dao.InvalidDataAccessApiUsageException;
// tag::examples-calls[]
import org.springframework.data.domain.Example;
// end::examples-calls[]
import org.springframework.test.context.TestPropertySource;

/** The cookbook's query by example: key seeks on the table and an index, and a filter only when the call opts in. */
@DynamoDbToolkitTest
@TestPropertySource(properties = "spring.config.name=examples")
@Import(RecordedCalls.class)
class QueryByExampleIT {

    @Autowired
    private CarRepository cars;

    @Autowired
    private RequestLog calls;

    @Test
    void examplesAreKeySeeksAndFiltersOnlyWhenAskedFor() {
        cars.insert(new Car("north", "1HGCM82633A004352", "Honda", "red"));
        cars.insert(new Car("north", "2T1BURHE0JC043821", "Toyota", "white"));
        cars.insert(new Car("north", "5YJ3E1EA7KF317000", "Tesla", "white"));
        cars.insert(new Car("south", "1HGCM82633A009999", "Honda", "blue"));
        calls.clear();
        // tag::examples-calls[]

        List<Car> north = cars.findAll(Example.of(new Car("north", null, null, null)));        // the table's key
        List<Car> hondas = cars.findAll(Example.of(new Car(null, null, "Honda", null)));     // index by-make
        List<Car> redInNorth = cars.findAll(FilteringExample.of(new Car("north", null, null, "red"))); // a filter
        // end::examples-calls[]

        assertThat(north).extracting(Car::make).containsExactly("Honda", "Toyota", "Tesla");
        assertThat(hondas).extracting(Car::depot).containsExactly("north", "south");
        assertThat(redInNorth).extracting(Car::vin).containsExactly("1HGCM82633A004352");
        assertThat(SentRequests.text(calls, RecordedCalls::withoutTestPrefix))
                .isEqualTo(Readme.request("cookbook/query-by-example").text());

        calls.clear();
        assertThatThrownBy(() -> cars.findAll(Example.of(new Car("north", null, null, "red"))))
                .isInstanceOf(InvalidDataAccessApiUsageException.class)
                .hasMessageContaining("[color] are not part of its key seek")
                .hasMessageContaining("FilteringExample.of(example)");
        assertThatThrownBy(() -> cars.findAll(FilteringExample.of(new Car(null, null, null, "red"))))
                .isInstanceOf(InvalidDataAccessApiUsageException.class)
                .hasMessageContaining("no key seek serves it: it would Scan the table");
        assertThat(calls.calls()).isEmpty();
    }
}
