package io.dynamodbtoolkit.springdata.repository.support;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import io.dynamodbtoolkit.DeclarationException;
import io.dynamodbtoolkit.adapter.AdapterDeclaration;
import io.dynamodbtoolkit.springdata.mapping.TierClasses;
import java.util.Objects;
import org.apache.commons.logging.Log;
import org.apache.commons.logging.LogFactory;
import org.jspecify.annotations.Nullable;
import org.springframework.beans.BeansException;
import org.springframework.beans.factory.BeanFactory;
import org.springframework.beans.factory.BeanFactoryAware;
import org.springframework.beans.factory.ListableBeanFactory;
import org.springframework.beans.factory.SmartInitializingSingleton;

/**
 * Once every repository is created, checks each adapter's declared field names against the entities of all the
 * repositories bound to it, blocking and reactive ({@link DeclaredFields}): a field no entity and no key design holds
 * fails start-up; and their {@code @Unique} properties against the adapter's unique fields ({@link UniqueAnnotations}),
 * which an adapter the application builds must declare itself. (An adapter Boot builds has the annotated fields added
 * when its declaration is built, conflicts refused then, before any write: the check passes for it by construction,
 * and stays for the adapters Boot does not build, including an application's bean replacing a configured one.) An
 * {@link AdapterDeclarationErrors} bean restates the error in the application's terms. Also warns
 * of an adapter whose default parent guard will refuse the repositories' inserts, since no repository has a class for
 * the parent tier ({@link UnwritableParents}).
 */
public class DeclaredFieldsVerifier implements SmartInitializingSingleton, BeanFactoryAware {

    private static final Log LOGGER = LogFactory.getLog(DeclaredFieldsVerifier.class);

    private @Nullable ListableBeanFactory beans;

    @Override
    public void setBeanFactory(BeanFactory beanFactory) throws BeansException {
        if (!(beanFactory instanceof ListableBeanFactory listable)) {
            throw new IllegalStateException("Checking declared fields needs a ListableBeanFactory");
        }
        this.beans = listable;
    }

    @Override
    @SuppressWarnings("unchecked")
    public void afterSingletonsInstantiated() {
        Map<String, AdapterDeclaration<?>> declarations = new LinkedHashMap<>();
        Map<String, List<UniqueAnnotations.Entities>> repositories = new LinkedHashMap<>();
        ListableBeanFactory beans = Objects.requireNonNull(this.beans, "the container sets the bean factory first");
        for (AdapterRepositoryFactoryBeanSupport<?, ?> factory : beans.getBeansOfType(
                AdapterRepositoryFactoryBeanSupport.class, false, false).values()) {
            factory.template().ifPresent(template -> {
                declarations.putIfAbsent(template.getAdapterName(), template.getDeclaration());
                TierClasses<?> classes = template.getTierClasses(factory.getEntityInformation().getJavaType());
                repositories.computeIfAbsent(template.getAdapterName(), name -> new ArrayList<>())
                        .add(new UniqueAnnotations.Entities(template.getConverter(), classes));
            });
        }
        AdapterDeclarationErrors errors = beans.getBeanProvider(AdapterDeclarationErrors.class)
                .getIfAvailable(() -> (adapter, error) -> error);
        declarations.forEach((adapter, declaration) -> {
            List<UniqueAnnotations.Entities> entities = Objects.requireNonNull(repositories.get(adapter),
                    "repositories of each declaration");
            try {
                DeclaredFields.requireKnown(declaration,
                        entities.stream().map(UniqueAnnotations.Entities::classes).toList());
                UniqueAnnotations.requireDeclared(declaration, entities);
            } catch (DeclarationException e) {
                throw errors.restate(adapter, e);
            }
            UnwritableParents.warning(declaration, entities.stream().<TierClasses<?>>map(
                    UniqueAnnotations.Entities::tiers).toList()).ifPresent(LOGGER::warn);
        });
    }
}
