package io.dynamodbtoolkit.boot.test.autoconfigure;

import java.io.IOException;
import java.util.Set;

import io.dynamodbtoolkit.boot.autoconfigure.adapter.AdapterCustomizer;
import io.dynamodbtoolkit.index.Membership;
import io.dynamodbtoolkit.mass.MassProgressListener;
import io.dynamodbtoolkit.springdata.mapping.DynamoDbCustomConversions;
import io.dynamodbtoolkit.springdata.core.IndexEvolutionListener;
import io.dynamodbtoolkit.springdata.core.ScopeProvider;
import org.jspecify.annotations.Nullable;
import org.springframework.beans.factory.BeanClassLoaderAware;
import org.springframework.boot.test.context.filter.annotation.StandardAnnotationCustomizableTypeExcludeFilter;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.core.type.AnnotationMetadata;
import org.springframework.core.type.MethodMetadata;
import org.springframework.core.type.classreading.MetadataReader;
import org.springframework.core.type.classreading.MetadataReaderFactory;
import org.springframework.data.mapping.callback.EntityCallback;
import org.springframework.util.ClassUtils;

/**
 * What a {@link DynamoDbToolkitTest} scans besides the toolkit, the way Spring Boot's slices include the beans their
 * technology needs: components of the toolkit's own types ({@link AdapterCustomizer}, {@link ScopeProvider},
 * {@link Membership}, {@link MassProgressListener}, {@link IndexEvolutionListener}, {@link DynamoDbCustomConversions}
 * and entity callbacks), and
 * {@code @Configuration} classes whose every {@code @Bean} method returns one of those types (a configuration that
 * also declares other beans is left out, since their dependencies are not in the slice: {@code @Import} it, or the
 * part of it the test needs). The test's own include and exclude filters apply as well.
 */
final class DynamoDbToolkitTypeExcludeFilter
        extends StandardAnnotationCustomizableTypeExcludeFilter<DynamoDbToolkitTest>
        implements BeanClassLoaderAware {

    private static final Set<Class<?>> DEFAULT_INCLUDES = Set.of(AdapterCustomizer.class, ScopeProvider.class,
            Membership.class, MassProgressListener.class, IndexEvolutionListener.class, DynamoDbCustomConversions.class,
            EntityCallback.class);

    private @Nullable ClassLoader classLoader = ClassUtils.getDefaultClassLoader();

    DynamoDbToolkitTypeExcludeFilter(Class<?> testClass) {
        super(testClass);
    }

    @Override
    public void setBeanClassLoader(ClassLoader beanClassLoader) {
        super.setBeanClassLoader(beanClassLoader);
        this.classLoader = beanClassLoader;
    }

    @Override
    protected Set<Class<?>> getKnownIncludes() {
        return DEFAULT_INCLUDES;
    }

    @Override
    protected boolean defaultInclude(MetadataReader metadataReader, MetadataReaderFactory metadataReaderFactory)
            throws IOException {
        return super.defaultInclude(metadataReader, metadataReaderFactory)
                || declaresOnlyToolkitBeans(metadataReader.getAnnotationMetadata());
    }

    /** @return whether a class is a configuration whose every bean method returns one of the included types */
    private boolean declaresOnlyToolkitBeans(AnnotationMetadata metadata) {
        if (!metadata.isAnnotated(Configuration.class.getName())) {
            return false;
        }
        Set<MethodMetadata> beans = metadata.getAnnotatedMethods(Bean.class.getName());
        return !beans.isEmpty() && beans.stream().allMatch(bean -> isIncluded(bean.getReturnTypeName()));
    }

    private boolean isIncluded(String typeName) {
        try {
            Class<?> type = ClassUtils.forName(typeName, classLoader);
            return DEFAULT_INCLUDES.stream().anyMatch(included -> included.isAssignableFrom(type));
        } catch (ClassNotFoundException | LinkageError e) {
            return false;
        }
    }
}
