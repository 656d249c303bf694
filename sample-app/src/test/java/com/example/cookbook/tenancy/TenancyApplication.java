package com.example.cookbook.tenancy;

// tag::tenant-scope[]
import java.util.List;
import java.util.Optional;

import io.dynamodbtoolkit.key.KeyValues;
import io.dynamodbtoolkit.springdata.repository.ScopeProvider;
// end::tenant-scope[]
import org.springframework.boot.autoconfigure.SpringBootApplication;
// tag::tenant-scope[]
import org.springframework.context.annotation.Bean;

// end::tenant-scope[]
/** The cookbook's multi-tenant prefix: the tenant is the partition key, and every call is confined to it. */
@SpringBootApplication
public class TenancyApplication {

    // tag::tenant-scope[]
    @Bean
    ScopeProvider tenantScope() {
        return ScopeProvider.of(List.of("tenant"), () -> Optional.ofNullable(TenantContext.current())
                .map(tenant -> KeyValues.of("tenant", tenant)));
    }
    // end::tenant-scope[]
}
