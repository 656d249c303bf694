package io.dynamodbtoolkit.springdata.repository.support;

import io.dynamodbtoolkit.key.KeyValues;
import io.dynamodbtoolkit.mass.MassProgressListener;
import io.dynamodbtoolkit.springdata.core.DynamoDbToolkitTemplate;
import io.dynamodbtoolkit.springdata.core.ScopeProvider;
import io.dynamodbtoolkit.springdata.core.TemplateBeans;
import org.springframework.data.repository.Repository;
import org.springframework.data.repository.core.support.RepositoryFactorySupport;

/**
 * Creates one repository bean: finds its adapter among the application's {@code Adapter} and
 * {@code AdapterDeclaration} beans (by {@code @AdapterName}) and builds the repository on that adapter's
 * {@link DynamoDbToolkitTemplate}: the application's template bean on it when there is one, else a template made with
 * the application's converter, {@link ScopeProvider}, entity callbacks, {@link MassProgressListener} beans and
 * exception translator ({@link TemplateBeans}).
 *
 * @param <R> the repository type
 * @param <T> the domain type
 */
public class DynamoDbToolkitRepositoryFactoryBean<R extends Repository<T, KeyValues>, T>
        extends AdapterRepositoryFactoryBeanSupport<R, T> {

    /** @param repositoryInterface the repository interface */
    public DynamoDbToolkitRepositoryFactoryBean(Class<? extends R> repositoryInterface) {
        super(repositoryInterface);
    }

    @Override
    protected RepositoryFactorySupport createRepositoryFactory() {
        return new DynamoDbToolkitRepositoryFactory(adapterTemplate());
    }
}
