package io.dynamodbtoolkit.boot.test.autoconfigure;

import java.util.UUID;

import io.dynamodbtoolkit.boot.autoconfigure.properties.DynamoDbToolkitProperties;
import io.dynamodbtoolkit.boot.autoconfigure.properties.ProvisioningMode;
import org.springframework.beans.factory.config.BeanPostProcessor;

/**
 * Gives a test application context tables of its own: a unique prefix before the configured table prefix
 * ({@code t1a2b3c4d-}), and provisioning {@code create} unless the test sets another mode.
 */
final class TestTableIsolation implements BeanPostProcessor {

    private final String prefix = "t" + UUID.randomUUID().toString().substring(0, 8) + "-";

    @Override
    public Object postProcessAfterInitialization(Object bean, String beanName) {
        if (bean instanceof DynamoDbToolkitProperties properties) {
            properties.setTablePrefix(prefix + (properties.getTablePrefix() == null ? ""
                    : properties.getTablePrefix()));
            if (properties.getProvisioning() == null) {
                properties.setProvisioning(ProvisioningMode.CREATE);
            }
        }
        return bean;
    }
}
