package io.dynamodbtoolkit.boot.test.autoconfigure.slice;

import io.dynamodbtoolkit.mass.MassProgressListener;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

/**
 * A configuration declaring a toolkit bean beside another bean: the slice leaves it out (the other bean's dependencies
 * are not in the slice); a test that needs it imports it.
 */
@Configuration(proxyBeanMethods = false)
public class MixedConfiguration {

    /** @return a listener of mass operations */
    @Bean
    MassProgressListener loggingProgress() {
        return progress -> { };
    }

    /** @return a bean of the application's own */
    @Bean
    UnrelatedService unrelatedService() {
        return new UnrelatedService();
    }
}
