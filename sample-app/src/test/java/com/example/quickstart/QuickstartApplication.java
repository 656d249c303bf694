// tag::quickstart-application[]
package com.example.quickstart;

import org.springframework.boot.SpringApplication;
import org.springframework.boot.autoconfigure.SpringBootApplication;

// end::quickstart-application[]
/** The README's quickstart: an application of its own, with nothing but the starter. */
// tag::quickstart-application[]
@SpringBootApplication
public class QuickstartApplication {

    public static void main(String[] args) {
        SpringApplication.run(QuickstartApplication.class, args);
    }
}
// end::quickstart-application[]
