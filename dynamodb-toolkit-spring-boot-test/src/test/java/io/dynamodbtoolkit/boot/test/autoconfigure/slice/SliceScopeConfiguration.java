package io.dynamodbtoolkit.boot.test.autoconfigure.slice;

import java.util.List;
import java.util.Optional;

import io.dynamodbtoolkit.springdata.core.ScopeProvider;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

/** The application's scope, declared in a configuration of its own: the slice includes it. */
@Configuration(proxyBeanMethods = false)
public class SliceScopeConfiguration {

    /** @return a scope on the state, outside of which every call names its state */
    @Bean
    ScopeProvider stateScope() {
        return ScopeProvider.of(List.of("state"), Optional::empty);
    }
}
