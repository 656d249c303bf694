package io.dynamodbtoolkit.boot.autoconfigure.reactive.uniquefleet;

import org.springframework.boot.autoconfigure.AutoConfigurationPackage;
import org.springframework.context.annotation.Configuration;

/** Makes this package the auto-configuration package, as an application's main class would. */
@Configuration(proxyBeanMethods = false)
@AutoConfigurationPackage
public class UniqueFleetPackage {
}
