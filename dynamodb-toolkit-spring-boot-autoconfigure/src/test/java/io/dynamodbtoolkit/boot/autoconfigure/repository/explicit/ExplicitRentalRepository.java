package io.dynamodbtoolkit.boot.autoconfigure.repository.explicit;

import io.dynamodbtoolkit.boot.autoconfigure.repository.rentals.RentalRow;
import io.dynamodbtoolkit.springdata.repository.AdapterName;
import io.dynamodbtoolkit.springdata.repository.HierarchicalRepository;

/** A repository the application enables itself, with {@code @EnableDynamoDbToolkitRepositories}. */
@AdapterName("rentals")
public interface ExplicitRentalRepository extends HierarchicalRepository<RentalRow> {
}
