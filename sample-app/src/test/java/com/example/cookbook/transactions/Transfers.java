// tag::pick-manager[]
package com.example.cookbook.transactions;

import org.springframework.stereotype.Service;
import org.springframework.transaction.annotation.Transactional;

// end::pick-manager[]
/** A service whose writes go to DynamoDB in a transaction of the DynamoDB manager, picked by its bean name. */
// tag::pick-manager[]
@Service
public class Transfers {

    @Transactional(transactionManager = "dynamoDbTransactionManager")
    public void move(String vin, String toFacility) {
        // repository writes here are one TransactWriteItems
    }
}
// end::pick-manager[]
