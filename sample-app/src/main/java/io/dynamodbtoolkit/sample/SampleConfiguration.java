package io.dynamodbtoolkit.sample;

import java.time.Clock;

import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

/** The application's own beans. */
@Configuration(proxyBeanMethods = false)
public class SampleConfiguration {

    /** @return the time of orders, queue entries and memberships (and of the toolkit's created-at fields) */
    @Bean
    Clock clock() {
        return Clock.systemUTC();
    }
}
