package io.dynamodbtoolkit.boot.test.autoconfigure.slice;

import io.dynamodbtoolkit.boot.autoconfigure.adapter.AdapterCustomizer;
import io.dynamodbtoolkit.filter.FieldRule;
import io.dynamodbtoolkit.filter.FieldType;
import io.dynamodbtoolkit.filter.FilterSpec;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

/** A customizer declared as a bean of a configuration of its own: the slice includes it. */
@Configuration(proxyBeanMethods = false)
public class SliceCustomizerConfiguration {

    /** @return lets list reads filter on the make */
    @Bean
    AdapterCustomizer makeFilter() {
        return (name, declaration) -> declaration.filters(FilterSpec.of(FieldRule.of("make", FieldType.STRING)));
    }
}
