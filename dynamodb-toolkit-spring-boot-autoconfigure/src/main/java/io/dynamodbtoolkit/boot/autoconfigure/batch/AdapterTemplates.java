package io.dynamodbtoolkit.boot.autoconfigure.batch;

import java.util.Arrays;
import java.util.List;
import java.util.function.Function;

import io.dynamodbtoolkit.adapter.Adapter;
import io.dynamodbtoolkit.springdata.core.DynamoDbToolkitTemplate;
import io.dynamodbtoolkit.springdata.core.TemplateBeans;
import org.springframework.beans.factory.ListableBeanFactory;

/**
 * The template of an adapter bean by its name: the application's template on it (with its scope provider, entity
 * callbacks and exception translator), else one made like it.
 */
final class AdapterTemplates implements Function<String, DynamoDbToolkitTemplate> {

    private final ListableBeanFactory beans;

    AdapterTemplates(ListableBeanFactory beans) {
        this.beans = beans;
    }

    /** @return the names of the application's adapters */
    List<String> names() {
        return Arrays.stream(beans.getBeanNamesForType(Adapter.class)).toList();
    }

    /** @throws IllegalArgumentException naming the adapters there are, when none has the name */
    @Override
    public DynamoDbToolkitTemplate apply(String adapter) {
        if (!names().contains(adapter)) {
            throw new IllegalArgumentException("There is no adapter '" + adapter + "'; the adapters are " + names());
        }
        return new TemplateBeans(beans).find(beans.getBean(adapter, Adapter.class), null);
    }
}
