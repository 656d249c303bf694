package io.dynamodbtoolkit.boot.autoconfigure.properties;

/** What happens to the adapters' tables at start-up. */
public enum ProvisioningMode {
    /** Nothing: the tables are managed elsewhere (infrastructure as code). */
    NONE,
    /** Compare every table with its declaration; any difference fails start-up with the difference report. */
    VALIDATE,
    /**
     * Create missing tables, global indexes and TTL settings, and wait until they are ACTIVE; never drop or alter
     * anything, so a conflicting table fails start-up with the difference report.
     */
    CREATE
}
