package io.dynamodbtoolkit.starter.rentals;

import org.springframework.boot.SpringApplication;
import org.springframework.boot.autoconfigure.SpringBootApplication;

/** A tiny application that has only the starter, an application.yml and the rental repositories. */
@SpringBootApplication
public class RentalsApplication {

    /**
     * @param args the command line
     */
    public static void main(String[] args) {
        SpringApplication.run(RentalsApplication.class, args);
    }
}
