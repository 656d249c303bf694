package com.example.cookbook.sharded;

import org.springframework.boot.autoconfigure.SpringBootApplication;

/** The cookbook's sharded marker: a big tier listed through a marker index spread over several partitions. */
@SpringBootApplication
public class ShardedApplication {
}
