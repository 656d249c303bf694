// tag::unique-repository[]
package io.dynamodbtoolkit.springdata.accounts;

import java.util.Optional;

import io.dynamodbtoolkit.springdata.repository.AdapterName;
import io.dynamodbtoolkit.springdata.repository.HierarchicalRepository;

// end::unique-repository[]
/** Accounts, read by their unique fields. */
// tag::unique-repository[]
@AdapterName(Accounts.ADAPTER)
public interface AccountRepository extends HierarchicalRepository<Account> {

    /** @return the account with this e-mail address: the guard, then the row */
    Optional<Account> findByEmail(String email);

    /** @return the account of a tenant with this handle */
    Account findByTenantAndHandle(String tenant, String handle);
}
// end::unique-repository[]
