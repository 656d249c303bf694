package io.dynamodbtoolkit.springdata.repository.support;

import java.util.Objects;
import java.util.Optional;

import io.dynamodbtoolkit.key.KeyValues;
import io.dynamodbtoolkit.springdata.core.DynamoDbToolkitTemplate;
import io.dynamodbtoolkit.springdata.core.TemplateBeans;
import io.dynamodbtoolkit.springdata.mapping.MappingDynamoDbConverter;
import org.jspecify.annotations.Nullable;
import org.springframework.beans.BeansException;
import org.springframework.beans.factory.BeanFactory;
import org.springframework.beans.factory.ListableBeanFactory;
import org.springframework.data.repository.Repository;
import org.springframework.data.repository.core.support.RepositoryFactoryBeanSupport;

/**
 * What the factory beans of blocking and reactive repositories share: the application's bean factory, the mapping to
 * use, and the template of the adapter a repository is bound to ({@code @AdapterName}).
 *
 * @param <R> the repository type
 * @param <T> the domain type
 */
public abstract class AdapterRepositoryFactoryBeanSupport<R extends Repository<T, KeyValues>, T>
        extends RepositoryFactoryBeanSupport<R, T, KeyValues> {

    private @Nullable ListableBeanFactory beans;
    private @Nullable MappingDynamoDbConverter converter;
    private volatile @Nullable DynamoDbToolkitTemplate template;

    /** @param repositoryInterface the repository interface */
    protected AdapterRepositoryFactoryBeanSupport(Class<? extends R> repositoryInterface) {
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
            throw new IllegalStateException(
                    "dynamodb-toolkit repositories need a ListableBeanFactory to find adapters");
        }
        this.beans = listable;
    }

    /** @return the application's bean factory */
    protected ListableBeanFactory beans() {
        return Objects.requireNonNull(beans, "the container sets the bean factory before use");
    }

    /**
     * @return the template of the repository's adapter: the application's template bean on it when there is one, else
     *         a template made with the application's beans ({@link TemplateBeans})
     */
    protected DynamoDbToolkitTemplate adapterTemplate() {
        DynamoDbToolkitTemplate found = new TemplateBeans(beans()).find(new AdapterResolver(beans()).resolve(
                getObjectType()), converter);
        this.template = found;
        return found;
    }

    /**
     * @return the template of the repository's adapter (for a reactive repository, the blocking template its
     *         reactive one is made of), once the repository has been created
     */
    public Optional<DynamoDbToolkitTemplate> template() {
        return Optional.ofNullable(template);
    }
}
