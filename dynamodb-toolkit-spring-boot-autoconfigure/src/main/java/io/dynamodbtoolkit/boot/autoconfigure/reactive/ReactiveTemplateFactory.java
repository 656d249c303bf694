package io.dynamodbtoolkit.boot.autoconfigure.reactive;

import io.dynamodbtoolkit.boot.autoconfigure.adapter.AdapterBeanRegistrar;
import io.dynamodbtoolkit.springdata.core.DynamoDbToolkitTemplate;
import io.dynamodbtoolkit.springdata.core.ReactiveDynamoDbToolkitTemplate;
import org.springframework.beans.factory.ListableBeanFactory;
import software.amazon.awssdk.services.dynamodb.DynamoDbAsyncClient;

/**
 * Creates the reactive template of each adapter configured under {@code dynamodb.toolkit.adapters} (the bean
 * {@code <adapter>ReactiveTemplate}), on the adapter's template bean ({@code <adapter>Template}) and the application's
 * {@link DynamoDbAsyncClient}.
 */
public class ReactiveTemplateFactory {

    private final ListableBeanFactory beans;

    /** @param beans the application's bean factory */
    public ReactiveTemplateFactory(ListableBeanFactory beans) {
        this.beans = beans;
    }

    /**
     * @param adapterName a configured adapter's name
     * @return a new reactive template on that adapter's template
     */
    public ReactiveDynamoDbToolkitTemplate create(String adapterName) {
        return new ReactiveDynamoDbToolkitTemplate(beans.getBean(adapterName
                + AdapterBeanRegistrar.TEMPLATE_BEAN_NAME_SUFFIX, DynamoDbToolkitTemplate.class),
                beans.getBean(DynamoDbAsyncClient.class));
    }
}
