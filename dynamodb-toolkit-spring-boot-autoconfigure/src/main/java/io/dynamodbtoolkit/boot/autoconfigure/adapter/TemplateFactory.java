package io.dynamodbtoolkit.boot.autoconfigure.adapter;

import io.dynamodbtoolkit.adapter.Adapter;
import io.dynamodbtoolkit.springdata.core.DynamoDbToolkitTemplate;
import io.dynamodbtoolkit.springdata.core.TemplateBeans;
import io.dynamodbtoolkit.springdata.mapping.MappingDynamoDbConverter;
import org.springframework.beans.factory.ListableBeanFactory;

/**
 * Creates the template of each adapter configured under {@code dynamodb.toolkit.adapters} (the bean
 * {@code <adapter>Template}), on its Adapter bean, with the application's converter bean
 * ({@value TemplateBeans#CONVERTER_BEAN_NAME}), entity callbacks, scope provider, mass-progress listeners and
 * exception translator.
 */
public class TemplateFactory {

    private final ListableBeanFactory beans;

    /** @param beans the application's bean factory */
    public TemplateFactory(ListableBeanFactory beans) {
        this.beans = beans;
    }

    /**
     * @param adapterName a configured adapter's name (the name of its Adapter bean)
     * @return a new template on that adapter
     */
    public DynamoDbToolkitTemplate create(String adapterName) {
        return new TemplateBeans(beans).create(beans.getBean(adapterName, Adapter.class),
                beans.getBean(TemplateBeans.CONVERTER_BEAN_NAME, MappingDynamoDbConverter.class));
    }
}
