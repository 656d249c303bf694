package io.dynamodbtoolkit.boot.autoconfigure.metrics;

import io.dynamodbtoolkit.adapter.Adapter;
import org.springframework.beans.factory.config.BeanPostProcessor;

/** Records each Adapter bean's table in {@link AdapterTables} as the bean is created. */
class AdapterRegistrationPostProcessor implements BeanPostProcessor {

    private final AdapterTables tables;

    AdapterRegistrationPostProcessor(AdapterTables tables) {
        this.tables = tables;
    }

    @Override
    public Object postProcessAfterInitialization(Object bean, String beanName) {
        if (bean instanceof Adapter<?> adapter) {
            tables.register(beanName, adapter.table());
        }
        return bean;
    }
}
