package io.dynamodbtoolkit.boot.autoconfigure.adapter;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.dynamodbtoolkit.adapter.Adapter;
import io.dynamodbtoolkit.boot.autoconfigure.ToolkitRunners;
import io.dynamodbtoolkit.boot.autoconfigure.repository.DynamoDbToolkitRepositoriesAutoConfiguration;
import io.dynamodbtoolkit.boot.autoconfigure.repository.rentals.RentalRepository;
import io.dynamodbtoolkit.boot.autoconfigure.repository.rentals.RentalRow;
import io.dynamodbtoolkit.boot.autoconfigure.repository.rentals.RentalsPackage;
import io.dynamodbtoolkit.key.KeyValues;
import io.dynamodbtoolkit.key.SubtreeQuery;
import io.dynamodbtoolkit.springdata.core.DynamoDbToolkitTemplate;
import io.dynamodbtoolkit.springdata.core.TemplateBeans;
import io.dynamodbtoolkit.springdata.mapping.MappingDynamoDbConverter;
import io.dynamodbtoolkit.springdata.repository.support.DynamoDbToolkitRepositoryFactoryBean;
import io.dynamodbtoolkit.test.DynamoDbTest;
import io.dynamodbtoolkit.test.TestTables;
import org.junit.jupiter.api.Test;
import org.springframework.boot.autoconfigure.AutoConfigurations;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.dao.DuplicateKeyException;
import org.springframework.dao.RecoverableDataAccessException;
import org.springframework.dao.support.PersistenceExceptionTranslator;

/** One template per configured adapter, named after it, shared by the adapter's repositories. */
@DynamoDbTest
class TemplateBeansIT {

    private static ApplicationContextRunner runner(String table) {
        return ToolkitRunners.toolkit().withPropertyValues(ToolkitRunners.rentalsAdapter(table));
    }

    @Test
    void eachConfiguredAdapterHasATemplateNamedAfterIt(TestTables tables) {
        runner(tables.uniqueName("rentals")).run(context -> {
            assertThat(context).hasNotFailed().hasBean("rentalsTemplate");
            DynamoDbToolkitTemplate template = context.getBean("rentalsTemplate", DynamoDbToolkitTemplate.class);
            assertThat(template.getAdapter()).isSameAs(context.getBean("rentals", Adapter.class));
            assertThat(template.getConverter()).isSameAs(context.getBean(TemplateBeans.CONVERTER_BEAN_NAME,
                    MappingDynamoDbConverter.class));
            assertThat(template.getExceptionTranslator()).isSameAs(context.getBean(
                    TemplateBeans.TRANSLATOR_BEAN_NAME, PersistenceExceptionTranslator.class));

            template.insert(new RentalRow.State("TX", "Texas"));
            template.insert(new RentalRow.Facility("TX", "Dallas", "Dallas"));
            template.insert(new RentalRow.Vehicle("TX", "Dallas", "1HGC001", "Honda"));
            assertThat(template.findAll(SubtreeQuery.children(KeyValues.of("state", "TX", "facility", "Dallas")),
                    RentalRow.class)).containsExactly(new RentalRow.Vehicle("TX", "Dallas", "1HGC001", "Honda"));
            assertThatThrownBy(() -> template.insert(new RentalRow.State("TX", "Texas")))
                    .isInstanceOf(DuplicateKeyException.class);
        });
    }

    @Test
    void theAdaptersRepositoriesAreBuiltOnItsTemplate(TestTables tables) {
        runner(tables.uniqueName("rentals")).withUserConfiguration(RentalsPackage.class)
                .withConfiguration(AutoConfigurations.of(DynamoDbToolkitRepositoriesAutoConfiguration.class))
                .run(context -> {
            assertThat(context).hasNotFailed().hasSingleBean(RentalRepository.class);
            DynamoDbToolkitRepositoryFactoryBean<?, ?> factory = context.getBean("&rentalRepository",
                    DynamoDbToolkitRepositoryFactoryBean.class);
            assertThat(factory.template()).get().isSameAs(context.getBean("rentalsTemplate"));
            DynamoDbToolkitTemplate template = context.getBean("rentalsTemplate", DynamoDbToolkitTemplate.class);
            template.insert(new RentalRow.State("OK", "Oklahoma"));
            assertThat(context.getBean(RentalRepository.class).findById(KeyValues.of("state", "OK")))
                    .contains(new RentalRow.State("OK", "Oklahoma"));
        });
    }

    @Test
    void translatesWithTheApplicationsTranslatorBean(TestTables tables) {
        runner(tables.uniqueName("rentals")).withUserConfiguration(CustomTranslator.class).run(context -> {
            DynamoDbToolkitTemplate template = context.getBean("rentalsTemplate", DynamoDbToolkitTemplate.class);
            template.insert(new RentalRow.State("TX", "Texas"));
            assertThatThrownBy(() -> template.insert(new RentalRow.State("TX", "Texas")))
                    .isInstanceOf(RecoverableDataAccessException.class).hasMessageStartingWith("custom: ");
        });
    }

    @Test
    void aTemplateBeanOfTheApplicationWins(TestTables tables) {
        runner(tables.uniqueName("rentals")).withUserConfiguration(OwnTemplate.class).run(context -> {
            assertThat(context).hasNotFailed();
            assertThat(context.getBean("rentalsTemplate")).isSameAs(OwnTemplate.TEMPLATE);
        });
    }

    @Test
    void anAdapterTheApplicationReplacesGetsNoTemplate(TestTables tables) {
        runner(tables.uniqueName("rentals")).withBean("rentals", String.class, () -> "mine")
                .run(context -> assertThat(context).hasNotFailed().doesNotHaveBean("rentalsTemplate"));
    }

    @Configuration(proxyBeanMethods = false)
    static class CustomTranslator {

        @Bean(TemplateBeans.TRANSLATOR_BEAN_NAME)
        PersistenceExceptionTranslator dynamoDbToolkitExceptionTranslator() {
            return e -> new RecoverableDataAccessException("custom: " + e.getMessage(), e);
        }
    }

    @Configuration(proxyBeanMethods = false)
    static class OwnTemplate {

        static final Object TEMPLATE = new Object();

        @Bean
        Object rentalsTemplate() {
            return TEMPLATE;
        }
    }
}
