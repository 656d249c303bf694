package io.dynamodbtoolkit.springdata.aot;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatIllegalStateException;

import io.dynamodbtoolkit.springdata.rentals.Facility;
import io.dynamodbtoolkit.springdata.rentals.RentalRepository;
import io.dynamodbtoolkit.springdata.rentals.RentalRow;
import io.dynamodbtoolkit.springdata.rentals.State;
import io.dynamodbtoolkit.springdata.rentals.Vehicle;
import io.dynamodbtoolkit.springdata.repository.ReactiveHierarchicalRepository;
import io.dynamodbtoolkit.springdata.repository.support.DynamoDbToolkitRepositoryFactoryBean;
import io.dynamodbtoolkit.springdata.repository.support.ReactiveDynamoDbToolkitRepositoryFactoryBean;
import org.junit.jupiter.api.Test;
import org.springframework.aot.generate.ClassNameGenerator;
import org.springframework.aot.generate.DefaultGenerationContext;
import org.springframework.aot.generate.InMemoryGeneratedFiles;
import org.springframework.aot.hint.MemberCategory;
import org.springframework.aot.hint.RuntimeHints;
import org.springframework.aot.hint.predicate.RuntimeHintsPredicates;
import org.springframework.beans.factory.aot.AotServices;
import org.springframework.beans.factory.aot.BeanRegistrationAotContribution;
import org.springframework.beans.factory.aot.BeanRegistrationAotProcessor;
import org.springframework.beans.factory.support.DefaultListableBeanFactory;
import org.springframework.beans.factory.support.RegisteredBean;
import org.springframework.beans.factory.support.RootBeanDefinition;
import org.springframework.javapoet.ClassName;

class RepositoryEntityAotProcessorTest {

    interface ReactiveRentals extends ReactiveHierarchicalRepository<RentalRow> {
    }

    private final DefaultListableBeanFactory beans = new DefaultListableBeanFactory();

    @Test
    void everyTierClassOfASealedDomainTypeIsRegisteredForTheMappingAndForJson() {
        RuntimeHints hints = hintsOf(repositoryBean(DynamoDbToolkitRepositoryFactoryBean.class,
                RentalRepository.class.getName()));

        for (Class<?> tier : new Class<?>[] {RentalRow.class, State.class, Facility.class, Vehicle.class}) {
            assertThat(RuntimeHintsPredicates.reflection().onType(tier).withMemberCategories(
                    MemberCategory.INVOKE_DECLARED_CONSTRUCTORS, MemberCategory.INVOKE_DECLARED_METHODS,
                    MemberCategory.ACCESS_DECLARED_FIELDS)).as(tier.getName()).accepts(hints);
        }
        assertThat(RuntimeHintsPredicates.reflection().onMethodInvocation(Facility.class, "city")).accepts(hints);
        assertThat(RuntimeHintsPredicates.reflection().onFieldAccess(Vehicle.class, "vin")).accepts(hints);
    }

    @Test
    void reactiveRepositoriesTooWithTheInterfaceGivenAsAClass() {
        RuntimeHints hints = hintsOf(repositoryBean(ReactiveDynamoDbToolkitRepositoryFactoryBean.class,
                ReactiveRentals.class));

        assertThat(RuntimeHintsPredicates.reflection().onType(Facility.class)
                .withMemberCategory(MemberCategory.INVOKE_DECLARED_CONSTRUCTORS)).accepts(hints);
    }

    @Test
    void otherBeansAreLeftAlone() {
        beans.registerBeanDefinition("other", new RootBeanDefinition(String.class));

        assertThat(new RepositoryEntityAotProcessor().processAheadOfTime(RegisteredBean.of(beans, "other"))).isNull();
    }

    @Test
    void aFactoryBeanWithoutItsRepositoryInterfaceIsRefusedNamingTheBean() {
        beans.registerBeanDefinition("rentals", new RootBeanDefinition(DynamoDbToolkitRepositoryFactoryBean.class));

        assertThatIllegalStateException().isThrownBy(() -> new RepositoryEntityAotProcessor()
                .processAheadOfTime(RegisteredBean.of(beans, "rentals")))
                .withMessageContaining("'rentals'").withMessageContaining("@EnableDynamoDbToolkitRepositories");
    }

    @Test
    void springFindsTheProcessorThroughAotFactories() {
        assertThat(AotServices.factories().load(BeanRegistrationAotProcessor.class))
                .hasAtLeastOneElementOfType(RepositoryEntityAotProcessor.class);
    }

    private RegisteredBean repositoryBean(Class<?> factoryBean, Object repositoryInterface) {
        RootBeanDefinition definition = new RootBeanDefinition(factoryBean);
        definition.getConstructorArgumentValues().addIndexedArgumentValue(0, repositoryInterface);
        beans.registerBeanDefinition("repository", definition);
        return RegisteredBean.of(beans, "repository");
    }

    private static RuntimeHints hintsOf(RegisteredBean bean) {
        BeanRegistrationAotContribution contribution = new RepositoryEntityAotProcessor().processAheadOfTime(bean);
        assertThat(contribution).isNotNull();
        DefaultGenerationContext generation = new DefaultGenerationContext(
                new ClassNameGenerator(ClassName.get(RepositoryEntityAotProcessorTest.class)),
                new InMemoryGeneratedFiles());
        contribution.applyTo(generation, null);
        return generation.getRuntimeHints();
    }
}
