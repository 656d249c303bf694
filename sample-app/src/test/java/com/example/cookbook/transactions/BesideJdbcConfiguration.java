// tag::beside-jdbc[]
package com.example.cookbook.transactions;

import io.dynamodbtoolkit.springdata.transaction.DynamoDbTransactionManager;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;

// end::beside-jdbc[]
/**
 * The README's DynamoDB transaction manager declared beside another one (a JDBC or JPA manager, which Spring Boot
 * configures instead of the toolkit's): its methods pick it by name.
 */
// tag::beside-jdbc[]
@Configuration
public class BesideJdbcConfiguration {

    @Bean
    DynamoDbTransactionManager dynamoDbTransactionManager(DynamoDbClient client) {
        return new DynamoDbTransactionManager(client);
    }
}
// end::beside-jdbc[]
