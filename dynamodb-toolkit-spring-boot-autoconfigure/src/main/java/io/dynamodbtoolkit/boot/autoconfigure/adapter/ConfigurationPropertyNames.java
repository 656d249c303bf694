package io.dynamodbtoolkit.boot.autoconfigure.adapter;

import java.util.Collection;
import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import io.dynamodbtoolkit.boot.autoconfigure.properties.DynamoDbToolkitProperties;
import org.jspecify.annotations.Nullable;

/**
 * Translates the property names of the core's declaration errors ({@code keyFields[1].width},
 * {@code indexes.by-status.pk}) into the configuration properties of an adapter
 * ({@code dynamodb.toolkit.adapters.rentals.key-fields[1].width}, {@code ...indices.by-status.pk}).
 */
final class ConfigurationPropertyNames {

    private static final Pattern CAMEL = Pattern.compile("([a-z0-9])([A-Z])");
    private static final Pattern FILTER_RULE = Pattern.compile("FieldRule\\[(.*)]\\.(\\w+)");

    private final String adapterPrefix;
    private final Collection<String> indexNames;

    /**
     * @param adapterName the adapter
     * @param indexNames  the indexes declared in its properties
     */
    ConfigurationPropertyNames(String adapterName, Collection<String> indexNames) {
        this.adapterPrefix = adapterPrefix(adapterName);
        this.indexNames = indexNames;
    }

    /** @return {@code dynamodb.toolkit.adapters.<name>} */
    static String adapterPrefix(String adapterName) {
        return DynamoDbToolkitProperties.PREFIX + ".adapters." + adapterName;
    }

    /**
     * @param coreProperty a property named by a core declaration error
     * @return the configuration property it stands for, or null when it names nothing the properties declare
     */
    @Nullable String translate(String coreProperty) {
        if (coreProperty == null || coreProperty.isEmpty()) {
            return null;
        }
        if (coreProperty.startsWith(DynamoDbToolkitProperties.PREFIX + ".")) {
            return coreProperty;
        }
        if (coreProperty.startsWith("indexes.") || coreProperty.startsWith("indexes[")) {
            return index(coreProperty);
        }
        if (coreProperty.equals("FilterSpec.fields") || coreProperty.startsWith("FieldRule.")) {
            return adapterPrefix + ".filters";
        }
        Matcher rule = FILTER_RULE.matcher(coreProperty);
        if (rule.matches()) {
            return adapterPrefix + ".filters." + rule.group(1) + "." + kebab(rule.group(2));
        }
        if (coreProperty.equals("keys")) {
            return adapterPrefix + ".key-fields";
        }
        return adapterPrefix + "." + kebab(coreProperty);
    }

    private @Nullable String index(String coreProperty) {
        String rest = coreProperty.startsWith("indexes[") ? coreProperty.substring("indexes[".length())
                .replaceFirst("]", "") : coreProperty.substring("indexes.".length());
        for (String name : indexNames) {
            if (rest.equals(name) || rest.startsWith(name + ".")) {
                return adapterPrefix + ".indices." + name + kebab(rest.substring(name.length()));
            }
        }
        return null;
    }

    private static String kebab(String name) {
        return CAMEL.matcher(name).replaceAll("$1-$2").toLowerCase(Locale.ROOT);
    }
}
