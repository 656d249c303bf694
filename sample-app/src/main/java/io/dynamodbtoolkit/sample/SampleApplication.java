package io.dynamodbtoolkit.sample;

import org.springframework.boot.SpringApplication;
import org.springframework.boot.autoconfigure.SpringBootApplication;

/**
 * The sample application: the car-rental hierarchy, a document review queue, customer orders and team memberships,
 * each a key design declared in {@code application.yml}, served as a REST API and a page that shows what each query
 * sends and reads.
 */
@SpringBootApplication
public class SampleApplication {

    /**
     * Starts the application (on the embedded engine unless an endpoint or the "aws" profile is configured).
     *
     * @param args the command line
     */
    public static void main(String[] args) {
        SpringApplication.run(SampleApplication.class, args);
    }
}
