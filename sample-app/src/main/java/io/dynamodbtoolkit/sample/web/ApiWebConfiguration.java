package io.dynamodbtoolkit.sample.web;

import org.springframework.context.annotation.Configuration;
import org.springframework.web.servlet.config.annotation.InterceptorRegistry;
import org.springframework.web.servlet.config.annotation.WebMvcConfigurer;

/** The API's request parsing: no query parameter its handler does not declare, whole numbers in ASCII digits. */
@Configuration(proxyBeanMethods = false)
public class ApiWebConfiguration implements WebMvcConfigurer {

    @Override
    public void addInterceptors(InterceptorRegistry registry) {
        registry.addInterceptor(new KnownQueryParameters()).addPathPatterns("/api/**");
    }
}
