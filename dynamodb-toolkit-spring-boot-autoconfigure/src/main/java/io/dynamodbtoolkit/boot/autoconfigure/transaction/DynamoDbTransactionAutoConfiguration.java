package io.dynamodbtoolkit.boot.autoconfigure.transaction;

import io.dynamodbtoolkit.boot.autoconfigure.DynamoDbToolkitAutoConfiguration;
import io.dynamodbtoolkit.boot.autoconfigure.properties.DynamoDbToolkitProperties;
import io.dynamodbtoolkit.springdata.core.TemplateBeans;
import io.dynamodbtoolkit.springdata.transaction.DynamoDbTransactionManager;
import io.micrometer.observation.ObservationRegistry;
import org.springframework.beans.factory.ListableBeanFactory;
import org.springframework.beans.factory.ObjectProvider;
import org.springframework.boot.autoconfigure.AutoConfiguration;
import org.springframework.boot.autoconfigure.condition.ConditionalOnBean;
import org.springframework.boot.autoconfigure.condition.ConditionalOnBooleanProperty;
import org.springframework.boot.autoconfigure.condition.ConditionalOnClass;
import org.springframework.boot.autoconfigure.condition.ConditionalOnMissingBean;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.dao.support.PersistenceExceptionTranslator;
import org.springframework.transaction.PlatformTransactionManager;
import org.springframework.transaction.TransactionManager;
import org.springframework.transaction.annotation.AbstractTransactionManagementConfiguration;
import org.springframework.transaction.annotation.EnableTransactionManagement;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;

/**
 * The {@link DynamoDbTransactionManager} on the application's {@link DynamoDbClient}, named
 * {@value #TRANSACTION_MANAGER_BEAN_NAME}, when the application has no transaction manager of its own (it is
 * configured after JDBC's and JPA's, which then win; declare a {@code DynamoDbTransactionManager} bean beside theirs
 * and pick it with {@code @Transactional(transactionManager = "dynamoDbTransactionManager")}). Enables
 * {@code @Transactional} when nothing else did. Each commit is observed through the application's
 * {@link ObservationRegistry}. Off with {@code dynamodb.toolkit.transactions.enabled=false}.
 */
@AutoConfiguration(after = DynamoDbToolkitAutoConfiguration.class,
        afterName = {"org.springframework.boot.jdbc.autoconfigure.DataSourceTransactionManagerAutoConfiguration",
            "org.springframework.boot.hibernate.autoconfigure.HibernateJpaAutoConfiguration"},
        beforeName = "org.springframework.boot.transaction.autoconfigure.TransactionAutoConfiguration")
@ConditionalOnClass({DynamoDbTransactionManager.class, PlatformTransactionManager.class})
@ConditionalOnBean(DynamoDbClient.class)
@ConditionalOnBooleanProperty(name = DynamoDbToolkitProperties.PREFIX + ".transactions.enabled", matchIfMissing = true)
public class DynamoDbTransactionAutoConfiguration {

    /** The name of the auto-configured transaction manager. */
    public static final String TRANSACTION_MANAGER_BEAN_NAME = "dynamoDbTransactionManager";

    @Bean(TRANSACTION_MANAGER_BEAN_NAME)
    @ConditionalOnMissingBean(TransactionManager.class)
    DynamoDbTransactionManager dynamoDbTransactionManager(DynamoDbClient client, ListableBeanFactory beans,
            ObjectProvider<ObservationRegistry> observations) {
        DynamoDbTransactionManager manager = new DynamoDbTransactionManager(client);
        if (beans.containsBean(TemplateBeans.TRANSLATOR_BEAN_NAME)) {
            manager.setExceptionTranslator(beans.getBean(TemplateBeans.TRANSLATOR_BEAN_NAME,
                    PersistenceExceptionTranslator.class));
        }
        observations.ifUnique(manager::setObservationRegistry);
        return manager;
    }

    /** {@code @Transactional} on, as Spring Boot's transaction auto-configuration does, when nothing enabled it. */
    @Configuration(proxyBeanMethods = false)
    @ConditionalOnMissingBean(AbstractTransactionManagementConfiguration.class)
    @EnableTransactionManagement(proxyTargetClass = true)
    static class EnableTransactions {
    }
}
