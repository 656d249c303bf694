package io.dynamodbtoolkit.boot.autoconfigure.repository.unbound;

import org.springframework.boot.autoconfigure.AutoConfigurationPackage;
import org.springframework.context.annotation.Configuration;

/** Makes this package the auto-configuration package. */
@Configuration(proxyBeanMethods = false)
@AutoConfigurationPackage
public class UnboundPackage {
}
