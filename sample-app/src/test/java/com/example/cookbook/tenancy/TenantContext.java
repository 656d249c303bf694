package com.example.cookbook.tenancy;

import java.util.function.Supplier;

/** The tenant of the current request (in an application: from the security context). */
public final class TenantContext {

    private static final ThreadLocal<String> CURRENT = new ThreadLocal<>();

    private TenantContext() {
    }

    /** @return the current tenant, or null outside any */
    public static String current() {
        return CURRENT.get();
    }

    /** Runs work as a tenant. */
    public static <T> T as(String tenant, Supplier<T> work) {
        String previous = CURRENT.get();
        CURRENT.set(tenant);
        try {
            return work.get();
        } finally {
            CURRENT.set(previous);
        }
    }
}
