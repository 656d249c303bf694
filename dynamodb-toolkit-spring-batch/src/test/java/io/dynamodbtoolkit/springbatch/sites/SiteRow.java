package io.dynamodbtoolkit.springbatch.sites;

import org.springframework.data.annotation.TypeAlias;

/** A row of the sites hierarchy, each tier read as its own record. */
public sealed interface SiteRow permits SiteRow.Tenant, SiteRow.State, SiteRow.City, SiteRow.Site {

    /** @return the partition key */
    String tenant();

    /** A tenant row. */
    @TypeAlias("tenant")
    record Tenant(String tenant) implements SiteRow {
    }

    /** A state row. */
    @TypeAlias("state")
    record State(String tenant, String state) implements SiteRow {
    }

    /** A city row. */
    @TypeAlias("city")
    record City(String tenant, String state, String city) implements SiteRow {
    }

    /** A site row. */
    @TypeAlias("site")
    record Site(String tenant, String state, String city, String site, String status, Integer n) implements SiteRow {

        /** @return the site with another status */
        public Site withStatus(String other) {
            return new Site(tenant, state, city, site, other, n);
        }
    }
}
