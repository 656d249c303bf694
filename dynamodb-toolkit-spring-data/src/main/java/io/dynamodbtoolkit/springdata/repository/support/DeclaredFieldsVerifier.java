package io.dynamodbtoolkit.springdata.repository.support;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import io.dynamodbtoolkit.DeclarationException;
import io.dynamodbtoolkit.adapter.AdapterDeclaration;
import org.springframework.beans.BeansException;
import org.springframework.beans.factory.BeanFactory;
import org.springframework.beans.factory.BeanFactoryAware;
import org.springframework.beans.factory.ListableBeanFactory;
import org.springframework.beans.factory.SmartInitializingSingleton;

/**
 * Once every repository is created, checks each adapter's declared field names against the entities of all the
 * repositories bound to it ({@link DeclaredFields}): a field no entity and no key design holds fails start-up. An
 * {@link AdapterDeclarationErrors} bean restates the error in the application's terms.
 */
public class DeclaredFieldsVerifier implements SmartInitializingSingleton, BeanFactoryAware {

    private ListableBeanFactory beans;

    @Override
    public void setBeanFactory(BeanFactory beanFactory) throws BeansException {
        if (!(beanFactory instanceof ListableBeanFactory listable)) {
            throw new IllegalStateException("Checking declared fields needs a ListableBeanFactory");
        }
        this.beans = listable;
    }

    @Override
    @SuppressWarnings("rawtypes")
    public void afterSingletonsInstantiated() {
        Map<String, AdapterDeclaration<?>> declarations = new LinkedHashMap<>();
        Map<String, List<BoundAdapter<?>>> repositories = new LinkedHashMap<>();
        for (DynamoDbToolkitRepositoryFactoryBean factory : beans.getBeansOfType(
                DynamoDbToolkitRepositoryFactoryBean.class, false, false).values()) {
            factory.boundAdapter().ifPresent(bound -> {
                BoundAdapter<?> repository = (BoundAdapter<?>) bound;
                declarations.putIfAbsent(repository.adapterName(), repository.declaration());
                repositories.computeIfAbsent(repository.adapterName(), name -> new ArrayList<>()).add(repository);
            });
        }
        AdapterDeclarationErrors errors = beans.getBeanProvider(AdapterDeclarationErrors.class)
                .getIfAvailable(() -> (adapter, error) -> error);
        declarations.forEach((adapter, declaration) -> {
            try {
                DeclaredFields.requireKnown(declaration, repositories.get(adapter));
            } catch (DeclarationException e) {
                throw errors.restate(adapter, e);
            }
        });
    }
}
