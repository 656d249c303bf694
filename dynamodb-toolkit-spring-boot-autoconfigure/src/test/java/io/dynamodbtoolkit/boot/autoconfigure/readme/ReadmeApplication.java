package io.dynamodbtoolkit.boot.autoconfigure.readme;

import org.springframework.boot.autoconfigure.AutoConfigurationPackage;
import org.springframework.context.annotation.Configuration;

/** Makes this package the auto-configuration package, as the README's application class would. */
@Configuration(proxyBeanMethods = false)
@AutoConfigurationPackage
class ReadmeApplication {
}
