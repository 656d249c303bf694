package io.dynamodbtoolkit.springdata.accounts;

import io.dynamodbtoolkit.springdata.repository.AdapterName;
import io.dynamodbtoolkit.springdata.repository.ReactiveHierarchicalRepository;
import reactor.core.publisher.Mono;

/** Accounts on the reactive side, read by their unique fields. */
@AdapterName(Accounts.ADAPTER)
public interface ReactiveAccountRepository extends ReactiveHierarchicalRepository<Account> {

    /** @return the account with this e-mail address: the guard, then the row, on the asynchronous client */
    Mono<Account> findByEmail(String email);
}
