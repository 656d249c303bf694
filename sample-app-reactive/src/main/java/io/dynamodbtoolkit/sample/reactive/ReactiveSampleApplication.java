package io.dynamodbtoolkit.sample.reactive;

import org.springframework.boot.SpringApplication;
import org.springframework.boot.autoconfigure.SpringBootApplication;

/** The rentals endpoints on WebFlux: {@code mvn -pl sample-app-reactive -am spring-boot:run}, then /api/rentals. */
@SpringBootApplication
public class ReactiveSampleApplication {

    public static void main(String[] args) {
        SpringApplication.run(ReactiveSampleApplication.class, args);
    }
}
