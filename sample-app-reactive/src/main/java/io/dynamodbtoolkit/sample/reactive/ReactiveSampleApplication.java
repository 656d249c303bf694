package io.dynamodbtoolkit.sample.reactive;

import org.springframework.boot.SpringApplication;
import org.springframework.boot.autoconfigure.SpringBootApplication;

/**
 * The rentals endpoints on WebFlux, on the embedded engine unless {@code spring.cloud.aws.dynamodb.endpoint} is set:
 * {@code java -jar sample-app-reactive/target/dynamodb-toolkit-sample-app-reactive.jar}, then {@code /api/rentals/...}.
 */
@SpringBootApplication
public class ReactiveSampleApplication {

    public static void main(String[] args) {
        SpringApplication.run(ReactiveSampleApplication.class, args);
    }
}
