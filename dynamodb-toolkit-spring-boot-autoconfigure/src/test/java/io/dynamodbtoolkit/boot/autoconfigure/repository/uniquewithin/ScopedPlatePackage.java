package io.dynamodbtoolkit.boot.autoconfigure.repository.uniquewithin;

import org.springframework.boot.autoconfigure.AutoConfigurationPackage;
import org.springframework.context.annotation.Configuration;

/** Makes this package an auto-configuration package, as an application's main class would. */
@Configuration(proxyBeanMethods = false)
@AutoConfigurationPackage
public class ScopedPlatePackage {
}
