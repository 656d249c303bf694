package io.dynamodbtoolkit.boot.autoconfigure.adapter;

import java.beans.PropertyDescriptor;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;
import java.util.TreeSet;

import io.dynamodbtoolkit.NearestName;
import io.dynamodbtoolkit.boot.autoconfigure.properties.AdapterProperties;
import io.dynamodbtoolkit.boot.autoconfigure.properties.DynamoDbToolkitProperties;
import org.springframework.beans.BeanUtils;
import org.springframework.boot.context.properties.bind.BindException;
import org.springframework.boot.context.properties.bind.BindHandler;
import org.springframework.boot.context.properties.bind.Bindable;
import org.springframework.boot.context.properties.bind.Binder;
import org.springframework.boot.context.properties.bind.DataObjectPropertyName;
import org.springframework.boot.context.properties.bind.UnboundConfigurationPropertiesException;
import org.springframework.boot.context.properties.bind.handler.NoUnboundElementsBindHandler;
import org.springframework.boot.context.properties.source.ConfigurationProperty;
import org.springframework.boot.context.properties.source.ConfigurationPropertyName;
import org.springframework.boot.context.properties.source.UnboundElementsSourceFilter;
import org.springframework.core.ResolvableType;

/**
 * The strict reading of {@code dynamodb.toolkit.adapters}: every key under it must bind to a setting of an adapter
 * (like {@code @ConfigurationProperties(ignoreUnknownFields = false)}, with Spring Boot's
 * {@link NoUnboundElementsBindHandler}; environment variables and system properties are left alone, as Boot does). A
 * key that binds to nothing ({@code tpye}, {@code key-feilds}) fails start-up naming it and the nearest valid key, so a
 * misspelt declaration never starts silently without the setting the author meant.
 */
public final class AdapterPropertyNames {

    private static final String ADAPTERS = DynamoDbToolkitProperties.PREFIX + ".adapters";

    private AdapterPropertyNames() {
    }

    /**
     * @param binder the application's binder
     * @throws UnknownAdapterPropertyException naming the first key (in name order) that binds to nothing, the
     *                                            nearest valid key and the keys valid there
     */
    public static void requireAllBound(Binder binder) {
        try {
            binder.bind(ADAPTERS, Bindable.mapOf(String.class, AdapterProperties.class),
                    new NoUnboundElementsBindHandler(BindHandler.DEFAULT, new UnboundElementsSourceFilter()));
        } catch (BindException e) {
            if (e.getCause() instanceof UnboundConfigurationPropertiesException unbound) {
                ConfigurationProperty first = unbound.getUnboundProperties().stream()
                        .min(Comparator.comparing(property -> property.getName().toString())).orElseThrow();
                throw unknown(first.getName());
            }
            // values that do not convert are explained by Spring Boot's own analysis when the properties bind
        }
    }

    private static UnknownAdapterPropertyException unknown(ConfigurationPropertyName name) {
        ConfigurationPropertyName adapters = ConfigurationPropertyName.of(ADAPTERS);
        String adapter = name.getElement(adapters.getNumberOfElements(), ConfigurationPropertyName.Form.ORIGINAL);
        ResolvableType type = ResolvableType.forClass(AdapterProperties.class);
        int element = adapters.getNumberOfElements() + 1;
        StringBuilder valid = new StringBuilder(ADAPTERS + "." + adapter);
        while (element < name.getNumberOfElements()) {
            String key = name.getElement(element, ConfigurationPropertyName.Form.UNIFORM);
            String shown = name.getElement(element, ConfigurationPropertyName.Form.ORIGINAL);
            if (name.isNumericIndex(element) || isMapOrCollection(type)) {
                type = isMap(type) ? type.asMap().getGeneric(1) : collectionElement(type);
                valid.append(name.isNumericIndex(element) ? "[" + shown + "]" : "." + shown);
                element++;
                continue;
            }
            List<String> settings = settingsOf(type);
            if (settings.isEmpty()) {
                return new UnknownAdapterPropertyException(adapter, name.toString(), "'" + valid + "' takes a "
                        + "value, not settings such as '" + shown + "'", "remove '" + shown + "', or give "
                        + valid + " a value");
            }
            Optional<String> match = settings.stream().filter(setting -> uniform(setting).equals(key)).findFirst();
            if (match.isEmpty()) {
                Optional<String> nearest = NearestName.of(shown, settings);
                return new UnknownAdapterPropertyException(adapter, name.toString(), "'" + shown + "' binds to "
                        + "nothing: " + valid + " has no setting of that name (its settings are "
                        + String.join(", ", settings) + ")", nearest.map(setting -> "rename it to " + valid + "."
                        + setting + " (the nearest valid key)").orElse("use one of " + String.join(", ", settings)));
            }
            type = propertyType(type, match.get());
            valid.append('.').append(match.get());
            element++;
        }
        return new UnknownAdapterPropertyException(adapter, name.toString(), "it binds to nothing",
                "remove it, or correct it to one of the settings listed in the module's properties reference");
    }

    /** @return the settings of a properties class, in the dashed form a configuration file uses, in name order */
    static List<String> settingsOf(ResolvableType type) {
        Class<?> resolved = type.resolve(Object.class);
        if (!resolved.getName().startsWith(AdapterProperties.class.getPackageName())) {
            return List.of();
        }
        TreeSet<String> settings = new TreeSet<>();
        for (PropertyDescriptor descriptor : BeanUtils.getPropertyDescriptors(resolved)) {
            if (descriptor.getReadMethod() != null && !"class".equals(descriptor.getName())) {
                settings.add(DataObjectPropertyName.toDashedForm(descriptor.getName()));
            }
        }
        return List.copyOf(settings);
    }

    private static ResolvableType propertyType(ResolvableType owner, String setting) {
        for (PropertyDescriptor descriptor : BeanUtils.getPropertyDescriptors(owner.resolve(Object.class))) {
            if (DataObjectPropertyName.toDashedForm(descriptor.getName()).equals(setting)
                    && descriptor.getReadMethod() != null) {
                return ResolvableType.forMethodReturnType(descriptor.getReadMethod());
            }
        }
        throw new IllegalStateException(owner + " has no setting " + setting);
    }

    private static boolean isMapOrCollection(ResolvableType type) {
        return isMap(type) || type.asCollection() != ResolvableType.NONE;
    }

    private static boolean isMap(ResolvableType type) {
        return type.asMap() != ResolvableType.NONE;
    }

    private static ResolvableType collectionElement(ResolvableType type) {
        return type.asCollection() != ResolvableType.NONE ? type.asCollection().getGeneric(0)
                : ResolvableType.forClass(String.class);
    }

    private static String uniform(String dashed) {
        return ConfigurationPropertyName.of(dashed).getElement(0, ConfigurationPropertyName.Form.UNIFORM);
    }
}
