package io.dynamodbtoolkit.springdata.accounts;

/**
 * A user account of a tenant: {@code acme|alice}. The e-mail address is unique in the whole table, the handle within
 * the tenant.
 *
 * @param tenant the tenant (partition)
 * @param user   the user's id
 * @param email  the e-mail address
 * @param handle the handle shown to the tenant's other users
 * @param name   the display name
 */
public record Account(String tenant, String user, String email, String handle, String name) {

    /** @return a copy with another e-mail address */
    public Account withEmail(String other) {
        return new Account(tenant, user, other, handle, name);
    }
}
