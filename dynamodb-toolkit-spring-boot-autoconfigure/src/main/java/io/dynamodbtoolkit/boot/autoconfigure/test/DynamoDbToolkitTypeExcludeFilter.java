package io.dynamodbtoolkit.boot.autoconfigure.test;

import java.util.Set;

import io.dynamodbtoolkit.boot.autoconfigure.adapter.AdapterCustomizer;
import org.springframework.boot.test.context.filter.annotation.StandardAnnotationCustomizableTypeExcludeFilter;

/** Scans only {@link AdapterCustomizer} components (and what the test includes) in {@link DynamoDbToolkitTest}s. */
final class DynamoDbToolkitTypeExcludeFilter extends StandardAnnotationCustomizableTypeExcludeFilter<DynamoDbToolkitTest> {

    private static final Set<Class<?>> DEFAULT_INCLUDES = Set.of(AdapterCustomizer.class);

    DynamoDbToolkitTypeExcludeFilter(Class<?> testClass) {
        super(testClass);
    }

    @Override
    protected Set<Class<?>> getKnownIncludes() {
        return DEFAULT_INCLUDES;
    }
}
