package io.dynamodbtoolkit.springdata.repository.support;

import io.dynamodbtoolkit.key.KeyValues;
import io.dynamodbtoolkit.springdata.core.DynamoDbToolkitTemplate;
import io.dynamodbtoolkit.springdata.core.ReactiveDynamoDbToolkitTemplate;
import io.dynamodbtoolkit.springdata.core.TemplateBeans;
import org.springframework.beans.factory.NoSuchBeanDefinitionException;
import org.springframework.data.repository.Repository;
import org.springframework.data.repository.core.support.RepositoryFactorySupport;
import software.amazon.awssdk.services.dynamodb.DynamoDbAsyncClient;

/**
 * Creates one reactive repository bean: finds its adapter as the blocking factory bean does ({@code @AdapterName}),
 * and builds the repository on the application's {@link ReactiveDynamoDbToolkitTemplate} bean on that adapter when
 * there is one, else on a reactive template made of the adapter's blocking template ({@link TemplateBeans}) and the
 * application's {@link DynamoDbAsyncClient} bean.
 *
 * @param <R> the repository type
 * @param <T> the domain type
 */
public class ReactiveDynamoDbToolkitRepositoryFactoryBean<R extends Repository<T, KeyValues>, T>
        extends AdapterRepositoryFactoryBeanSupport<R, T> {

    /** @param repositoryInterface the repository interface */
    public ReactiveDynamoDbToolkitRepositoryFactoryBean(Class<? extends R> repositoryInterface) {
        super(repositoryInterface);
    }

    @Override
    protected RepositoryFactorySupport createRepositoryFactory() {
        DynamoDbToolkitTemplate blocking = adapterTemplate();
        ReactiveDynamoDbToolkitTemplate reactive = beans().getBeansOfType(ReactiveDynamoDbToolkitTemplate.class)
                .values().stream().filter(template -> template.getBlockingTemplate() == blocking).findFirst()
                .orElseGet(() -> new ReactiveDynamoDbToolkitTemplate(blocking, asyncClient()));
        return new ReactiveDynamoDbToolkitRepositoryFactory(reactive);
    }

    private DynamoDbAsyncClient asyncClient() {
        try {
            return beans().getBean(DynamoDbAsyncClient.class);
        } catch (NoSuchBeanDefinitionException e) {
            throw new IllegalStateException("The reactive repository " + getObjectType().getName() + " needs a "
                    + "DynamoDbAsyncClient bean (or a ReactiveDynamoDbToolkitTemplate bean on its adapter): define "
                    + "one, or let the Boot starter build it from spring.cloud.aws.* with an HTTP client such as "
                    + "netty-nio-client on the class path", e);
        }
    }
}
