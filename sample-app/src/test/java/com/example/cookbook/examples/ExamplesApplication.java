package com.example.cookbook.examples;

import org.springframework.boot.autoconfigure.SpringBootApplication;

/** The cookbook's query by example: an example is a key seek, and a filter only when the call opts in. */
@SpringBootApplication
public class ExamplesApplication {
}
