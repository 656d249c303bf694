package io.dynamodbtoolkit.springdata.repository.support;

import java.util.HashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;

import io.dynamodbtoolkit.adapter.Adapter;
import io.dynamodbtoolkit.key.KeyValues;
import io.dynamodbtoolkit.mass.MassProgressListener;
import io.dynamodbtoolkit.springdata.mapping.AfterConvertCallback;
import io.dynamodbtoolkit.springdata.mapping.AfterSaveCallback;
import io.dynamodbtoolkit.springdata.mapping.BeforeConvertCallback;
import io.dynamodbtoolkit.springdata.mapping.BeforeSaveCallback;
import io.dynamodbtoolkit.springdata.mapping.DynamoDbMappingContext;
import io.dynamodbtoolkit.springdata.mapping.MappingDynamoDbConverter;
import io.dynamodbtoolkit.springdata.repository.ScopeProvider;
import org.springframework.beans.BeansException;
import org.springframework.beans.factory.BeanFactory;
import org.springframework.beans.factory.ListableBeanFactory;
import org.springframework.data.mapping.callback.EntityCallbacks;
import org.springframework.data.repository.Repository;
import org.springframework.data.repository.core.support.RepositoryFactoryBeanSupport;
import org.springframework.data.repository.core.support.RepositoryFactorySupport;

/**
 * Creates one repository bean: finds its adapter among the application's {@code Adapter} and
 * {@code AdapterDeclaration} beans (by {@code @AdapterName}), and takes the converter, the {@link ScopeProvider}, the
 * entity callbacks and the {@link MassProgressListener} beans (which hear every mass-operation run of the repository)
 * from the application context.
 *
 * @param <R> the repository type
 * @param <T> the domain type
 */
public class DynamoDbToolkitRepositoryFactoryBean<R extends Repository<T, KeyValues>, T>
        extends RepositoryFactoryBeanSupport<R, T, KeyValues> {

    private static final List<Class<?>> CALLBACK_KINDS = List.of(BeforeConvertCallback.class,
            BeforeSaveCallback.class, AfterSaveCallback.class, AfterConvertCallback.class);

    private ListableBeanFactory beans;
    private MappingDynamoDbConverter converter;
    private volatile DynamoDbToolkitRepositoryFactory factory;

    /** @param repositoryInterface the repository interface */
    public DynamoDbToolkitRepositoryFactoryBean(Class<? extends R> repositoryInterface) {
        super(repositoryInterface);
    }

    /** @param converter the mapping to use (by default the application's single converter bean, else a default one) */
    public void setConverter(MappingDynamoDbConverter converter) {
        this.converter = converter;
    }

    @Override
    public void setBeanFactory(BeanFactory beanFactory) throws BeansException {
        super.setBeanFactory(beanFactory);
        if (!(beanFactory instanceof ListableBeanFactory listable)) {
            throw new IllegalStateException("dynamodb-toolkit repositories need a ListableBeanFactory to find adapters");
        }
        this.beans = listable;
    }

    @Override
    protected RepositoryFactorySupport createRepositoryFactory() {
        Adapter<?> adapter = new AdapterResolver(beans).resolve(getObjectType());
        MappingDynamoDbConverter mapping = converter != null ? converter
                : beans.getBeanProvider(MappingDynamoDbConverter.class)
                        .getIfUnique(() -> new MappingDynamoDbConverter(new DynamoDbMappingContext()));
        ScopeProvider scope = beans.getBeanProvider(ScopeProvider.class).getIfUnique();
        Set<Class<?>> registered = new HashSet<>();
        for (Class<?> kind : CALLBACK_KINDS) {
            if (beans.getBeanNamesForType(kind, true, false).length > 0) {
                registered.add(kind);
            }
        }
        DynamoDbToolkitRepositoryFactory created = new DynamoDbToolkitRepositoryFactory(adapter, mapping, scope,
                EntityCallbacks.create(beans), registered, new DynamoDbToolkitExceptionTranslator());
        created.setMassProgressListener(beans.getBeanProvider(MassProgressListener.class).orderedStream()
                .reduce(MassProgressListener.NONE, MassProgressListener::andThen));
        this.factory = created;
        return created;
    }

    /** @return the adapter the repository is bound to, once the repository has been created */
    public Optional<BoundAdapter<?>> boundAdapter() {
        DynamoDbToolkitRepositoryFactory created = factory;
        return created == null ? Optional.empty() : created.boundAdapter();
    }
}
