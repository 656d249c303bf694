// tag::unique-annotation[]
package io.dynamodbtoolkit.springdata.members;

import io.dynamodbtoolkit.springdata.mapping.Unique;
import org.springframework.data.annotation.TypeAlias;

// end::unique-annotation[]

/**
 * A row of the members hierarchy: a tenant, or a user of one. A user's e-mail address is unique among users (a
 * tenant's contact address may be a user's too), its handle among the users of its tenant.
 */
public sealed interface Member permits Member.Tenant, Member.User {

    /** @return the partition key */
    String tenant();

    /**
     * A tenant.
     *
     * @param tenant the tenant
     * @param email  its contact address, not unique
     */
    @TypeAlias("tenant")
    record Tenant(String tenant, String email) implements Member {
    }

    /**
     * A user of a tenant.
     *
     * @param tenant the tenant
     * @param user   the user's id
     * @param email  the e-mail address, unique among users
     * @param handle the handle, unique among the users of the tenant
     */
    // tag::unique-annotation[]
    @TypeAlias("user")
    record User(String tenant, String user, @Unique String email, @Unique(within = "tenant") String handle)
            implements Member {
    }
    // end::unique-annotation[]
}
