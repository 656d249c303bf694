package io.dynamodbtoolkit.springdata.core;

import java.util.HashSet;
import java.util.List;
import java.util.Set;

import io.dynamodbtoolkit.adapter.Adapter;
import io.dynamodbtoolkit.mass.MassProgressListener;
import io.dynamodbtoolkit.springdata.mapping.AfterConvertCallback;
import io.dynamodbtoolkit.springdata.mapping.AfterSaveCallback;
import io.dynamodbtoolkit.springdata.mapping.BeforeConvertCallback;
import io.dynamodbtoolkit.springdata.mapping.BeforeSaveCallback;
import io.dynamodbtoolkit.springdata.mapping.DynamoDbCustomConversions;
import io.dynamodbtoolkit.springdata.mapping.DynamoDbMappingContext;
import io.dynamodbtoolkit.springdata.mapping.MappingDynamoDbConverter;
import org.jspecify.annotations.Nullable;
import org.springframework.beans.factory.ListableBeanFactory;
import org.springframework.beans.factory.support.AbstractBeanDefinition;
import org.springframework.beans.factory.support.BeanDefinitionBuilder;
import org.springframework.beans.factory.support.BeanDefinitionRegistry;
import org.springframework.dao.support.PersistenceExceptionTranslator;
import org.springframework.data.mapping.callback.EntityCallbacks;

/**
 * Makes {@link DynamoDbToolkitTemplate}s with the beans of an application context: its converter, entity callbacks
 * (only the kinds it has beans of are called), {@link ScopeProvider}, every {@link MassProgressListener} and
 * {@link IndexEvolutionListener} (in order) and the exception translator bean named {@value #TRANSLATOR_BEAN_NAME};
 * or finds the application's template on an adapter, so that its repositories share it.
 */
public final class TemplateBeans {

    /** The bean name of the {@link DynamoDbCustomConversions} (define one of this name to add converters). */
    public static final String CONVERSIONS_BEAN_NAME = "dynamoDbToolkitCustomConversions";
    /** The bean name of the {@link DynamoDbMappingContext}. */
    public static final String MAPPING_CONTEXT_BEAN_NAME = "dynamoDbToolkitMappingContext";
    /** The bean name of the {@link MappingDynamoDbConverter}. */
    public static final String CONVERTER_BEAN_NAME = "dynamoDbToolkitConverter";
    /** The bean name of the toolkit's {@link PersistenceExceptionTranslator}. */
    public static final String TRANSLATOR_BEAN_NAME = "dynamoDbToolkitExceptionTranslator";

    private static final List<Class<?>> CALLBACK_KINDS = List.of(BeforeConvertCallback.class,
            BeforeSaveCallback.class, AfterSaveCallback.class, AfterConvertCallback.class);

    private final ListableBeanFactory beans;

    /** @param beans the application context's bean factory */
    public TemplateBeans(ListableBeanFactory beans) {
        this.beans = beans;
    }

    /**
     * @param adapter   the adapter
     * @param converter the mapping, or null for the application's only converter (else a default one)
     * @return the application's template bean on this adapter and converter, else a new one
     */
    public DynamoDbToolkitTemplate find(Adapter<?> adapter, @Nullable MappingDynamoDbConverter converter) {
        MappingDynamoDbConverter mapping = converter != null ? converter : defaultConverter();
        return beans.getBeansOfType(DynamoDbToolkitTemplate.class).values().stream()
                .filter(template -> template.getAdapter() == adapter && template.getConverter() == mapping)
                .findFirst().orElseGet(() -> create(adapter, mapping));
    }

    /**
     * @param adapter   the adapter
     * @param converter the mapping, or null for the application's only converter (else a default one)
     * @return a new template on the adapter with the application's beans
     */
    public DynamoDbToolkitTemplate create(Adapter<?> adapter, @Nullable MappingDynamoDbConverter converter) {
        Set<Class<?>> registered = new HashSet<>();
        for (Class<?> kind : CALLBACK_KINDS) {
            if (beans.getBeanNamesForType(kind, true, false).length > 0) {
                registered.add(kind);
            }
        }
        PersistenceExceptionTranslator translator = beans.containsBean(TRANSLATOR_BEAN_NAME)
                ? beans.getBean(TRANSLATOR_BEAN_NAME, PersistenceExceptionTranslator.class)
                : new DynamoDbToolkitExceptionTranslator();
        return DynamoDbToolkitTemplate.builder(adapter, converter != null ? converter : defaultConverter())
                .entityCallbacks(EntityCallbacks.create(beans), registered)
                .scopeProvider(beans.getBeanProvider(ScopeProvider.class).getIfUnique())
                .massProgressListener(beans.getBeanProvider(MassProgressListener.class).orderedStream()
                        .reduce(MassProgressListener.NONE, MassProgressListener::andThen))
                .indexEvolutionListener(beans.getBeanProvider(IndexEvolutionListener.class).orderedStream()
                        .reduce(IndexEvolutionListener.NONE, IndexEvolutionListener::andThen))
                .exceptionTranslator(translator)
                .build();
    }

    /**
     * Registers the beans templates are made with, each under its name unless a bean of that name exists: the
     * conversions, the mapping context and the converter ({@value #CONVERSIONS_BEAN_NAME},
     * {@value #MAPPING_CONTEXT_BEAN_NAME}, {@value #CONVERTER_BEAN_NAME}) and the exception translator
     * ({@value #TRANSLATOR_BEAN_NAME}).
     *
     * @param registry the registry
     * @param source   the configuration source, for tooling (may be null)
     */
    public static void registerInfrastructure(BeanDefinitionRegistry registry, @Nullable Object source) {
        register(registry, CONVERSIONS_BEAN_NAME, BeanDefinitionBuilder.genericBeanDefinition(
                DynamoDbCustomConversions.class), source);
        register(registry, MAPPING_CONTEXT_BEAN_NAME, BeanDefinitionBuilder.genericBeanDefinition(
                DynamoDbMappingContext.class).addConstructorArgReference(CONVERSIONS_BEAN_NAME), source);
        register(registry, CONVERTER_BEAN_NAME, BeanDefinitionBuilder.genericBeanDefinition(
                MappingDynamoDbConverter.class).addConstructorArgReference(MAPPING_CONTEXT_BEAN_NAME)
                .addConstructorArgReference(CONVERSIONS_BEAN_NAME), source);
        register(registry, TRANSLATOR_BEAN_NAME, BeanDefinitionBuilder.genericBeanDefinition(
                DynamoDbToolkitExceptionTranslator.class), source);
    }

    private static void register(BeanDefinitionRegistry registry, String name, BeanDefinitionBuilder definition,
            @Nullable Object source) {
        if (!registry.containsBeanDefinition(name)) {
            AbstractBeanDefinition bean = definition.getBeanDefinition();
            bean.setSource(source);
            registry.registerBeanDefinition(name, bean);
        }
    }

    /** @return the application's only converter bean, else a default converter */
    public MappingDynamoDbConverter defaultConverter() {
        return beans.getBeanProvider(MappingDynamoDbConverter.class)
                .getIfUnique(() -> new MappingDynamoDbConverter(new DynamoDbMappingContext()));
    }
}
