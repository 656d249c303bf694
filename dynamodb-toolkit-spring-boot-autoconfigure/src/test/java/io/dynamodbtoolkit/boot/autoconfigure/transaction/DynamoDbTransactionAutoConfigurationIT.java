package io.dynamodbtoolkit.boot.autoconfigure.transaction;

import static org.assertj.core.api.Assertions.assertThat;

import io.dynamodbtoolkit.boot.autoconfigure.ToolkitRunners;
import io.dynamodbtoolkit.springdata.transaction.DynamoDbTransactionManager;
import org.junit.jupiter.api.Test;
import org.springframework.boot.autoconfigure.AutoConfigurations;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.transaction.PlatformTransactionManager;
import org.springframework.transaction.TransactionDefinition;
import org.springframework.transaction.TransactionStatus;
import org.springframework.transaction.annotation.Transactional;
import org.springframework.transaction.support.AbstractPlatformTransactionManager;
import org.springframework.transaction.support.DefaultTransactionStatus;
import org.springframework.transaction.support.TransactionSynchronizationManager;

/**
 * The transaction manager's auto-configuration: defined as {@code dynamoDbTransactionManager} when the application has
 * no transaction manager, {@code @Transactional} enabled with it, backing off beside another manager (a JDBC one) and
 * when switched off.
 */
class DynamoDbTransactionAutoConfigurationIT {

    private final ApplicationContextRunner runner = ToolkitRunners.toolkit()
            .withConfiguration(AutoConfigurations.of(DynamoDbTransactionAutoConfiguration.class));

    /** A bean with a transactional method, to see that {@code @Transactional} works. */
    static class Service {

        @Transactional
        public boolean inTransaction() {
            return TransactionSynchronizationManager.isActualTransactionActive();
        }
    }

    @Configuration(proxyBeanMethods = false)
    static class WithService {

        @Bean
        Service service() {
            return new Service();
        }
    }

    @Configuration(proxyBeanMethods = false)
    static class WithJdbcLikeManager {

        @Bean
        PlatformTransactionManager transactionManager() {
            return new AbstractPlatformTransactionManager() {
                @Override
                protected Object doGetTransaction() {
                    return new Object();
                }

                @Override
                protected void doBegin(Object transaction, TransactionDefinition definition) {
                }

                @Override
                protected void doCommit(DefaultTransactionStatus status) {
                }

                @Override
                protected void doRollback(DefaultTransactionStatus status) {
                }
            };
        }
    }

    @Test
    void definesTheManagerUnderItsNameAndEnablesTransactional() {
        runner.withUserConfiguration(WithService.class).run(context -> {
            assertThat(context).hasSingleBean(DynamoDbTransactionManager.class)
                    .hasBean(DynamoDbTransactionAutoConfiguration.TRANSACTION_MANAGER_BEAN_NAME);
            assertThat(context.getBean(Service.class).inTransaction()).isTrue();
        });
    }

    @Test
    void backsOffBesideAnotherTransactionManager() {
        runner.withUserConfiguration(WithJdbcLikeManager.class).run(context -> {
            assertThat(context).doesNotHaveBean(DynamoDbTransactionManager.class);
            assertThat(context).hasSingleBean(PlatformTransactionManager.class);
        });
    }

    @Test
    void isOffWhenSwitchedOff() {
        runner.withPropertyValues("dynamodb.toolkit.transactions.enabled=false")
                .run(context -> assertThat(context).doesNotHaveBean(DynamoDbTransactionManager.class));
    }

    @Test
    void aTransactionStatusComesFromTheDynamoDbManager() {
        runner.run(context -> {
            PlatformTransactionManager manager = context.getBean(PlatformTransactionManager.class);
            TransactionStatus status = manager.getTransaction(TransactionDefinition.withDefaults());
            assertThat(status.isNewTransaction()).isTrue();
            manager.commit(status);
        });
    }
}
