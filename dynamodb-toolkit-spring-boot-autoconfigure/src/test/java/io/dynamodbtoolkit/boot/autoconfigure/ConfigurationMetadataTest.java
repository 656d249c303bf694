package io.dynamodbtoolkit.boot.autoconfigure;

import static org.assertj.core.api.Assertions.assertThat;

import java.beans.PropertyDescriptor;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import com.jayway.jsonpath.JsonPath;
import io.dynamodbtoolkit.boot.autoconfigure.properties.AdapterProperties;
import org.junit.jupiter.api.Test;
import org.springframework.beans.BeanUtils;
import org.springframework.beans.BeanWrapperImpl;
import org.springframework.core.ResolvableType;

/**
 * The generated configuration metadata describes every property and every enum value, and the README's property
 * reference lists exactly the metadata's properties plus the per-adapter keys of the binding classes (which Spring
 * Boot's metadata cannot describe), with the same defaults, so neither can drift.
 */
class ConfigurationMetadataTest {

    private static final Path METADATA = Path.of("target/classes/META-INF/spring-configuration-metadata.json");
    private static final Path README = Path.of("README.md");
    private static final String ADAPTER_PREFIX = "dynamodb.toolkit.adapters.<name>";
    private static final Pattern ROW = Pattern.compile(
            "^\\| `((?:dynamodb\\.toolkit|management\\.endpoint\\.dynamodbtoolkit)[^`]*)` \\|(.*)$");
    private static final Pattern CAMEL = Pattern.compile("([a-z0-9])([A-Z])");
    /** The toolkit's properties, and those Spring Boot generates for its Actuator endpoints. */
    private static final String OWN_PROPERTY =
            "(dynamodb\\.toolkit|management\\.endpoint\\.dynamodbtoolkit(jobs)?)\\..+";
    private static final Map<String, String> MAP_KEYS = Map.of("indices", "<index>", "filters", "<field>");

    @Test
    void everyPropertyHasADescription() throws IOException {
        List<Map<String, Object>> properties = JsonPath.read(Files.readString(METADATA), "$.properties");
        assertThat(properties).isNotEmpty().allSatisfy(property -> {
            assertThat((String) property.get("name")).matches(OWN_PROPERTY);
            assertThat((String) property.get("description")).as("description of %s", property.get("name"))
                    .isNotBlank().endsWith(".");
        });
    }

    @Test
    void everyEnumPropertyHasADescribedHintForEachValue() throws Exception {
        String json = Files.readString(METADATA);
        List<Map<String, Object>> properties = JsonPath.read(json, "$.properties");
        for (Map<String, Object> property : properties) {
            Class<?> type = loadable((String) property.get("type"));
            if (type == null || !type.isEnum()) {
                continue;
            }
            List<Map<String, Object>> values = JsonPath.read(json, "$.hints[?(@.name == '" + property.get("name")
                    + "')].values[*]");
            assertThat(values).extracting(value -> value.get("value")).as("hints of %s", property.get("name"))
                    .containsExactlyInAnyOrderElementsOf(Arrays.stream(type.getEnumConstants())
                            .map(constant -> kebab(((Enum<?>) constant).name())).toList());
            assertThat(values).allSatisfy(value -> assertThat((String) value.get("description")).isNotBlank());
        }
    }

    @Test
    void theReadmeListsExactlyTheConfigurationProperties() throws IOException {
        Map<String, String[]> readme = readmeRows();
        List<String> metadata = JsonPath.read(Files.readString(METADATA), "$.properties[*].name");
        List<String> expected = new ArrayList<>(metadata);
        expected.addAll(adapterKeys().keySet());
        assertThat(readme.keySet()).containsExactlyInAnyOrderElementsOf(expected);
        readme.forEach((name, cells) -> assertThat(cells[1]).as("README description of %s", name).isNotBlank());
    }

    @Test
    void theReadmeShowsTheMetadataDefaults() throws IOException {
        Map<String, String[]> readme = readmeRows();
        List<Map<String, Object>> properties = JsonPath.read(Files.readString(METADATA), "$.properties");
        for (Map<String, Object> property : properties) {
            Object value = property.get("defaultValue");
            String expected = value == null || value.toString().isEmpty() ? "" : "`" + value.toString()
                    .toLowerCase(Locale.ROOT) + "`";
            assertThat(readme.get((String) property.get("name"))[0]).as("README default of %s", property.get("name"))
                    .isEqualTo(expected);
        }
    }

    @Test
    void theReadmeShowsTheAdapterDefaultsAndEveryEnumValue() throws IOException {
        Map<String, String[]> readme = readmeRows();
        adapterKeys().forEach((name, key) -> {
            String[] cells = readme.get(name);
            if (key.type().isEnum()) {
                for (Object constant : key.type().getEnumConstants()) {
                    assertThat(cells[1]).as("README description of %s", name)
                            .contains("`" + kebab(((Enum<?>) constant).name()) + "`");
                }
            }
            if (key.defaultValue() != null && !(key.defaultValue() instanceof Collection<?>) && !(key.defaultValue() instanceof Map<?, ?>)
                    && !isBindingClass(key.type())) {
                String shown = key.defaultValue() instanceof Enum<?> constant ? kebab(constant.name())
                        : key.defaultValue().toString().replace("|", "\\|");
                assertThat(cells[0]).as("README default of %s", name).isEqualTo("`" + shown + "`");
            }
        });
    }

    /** The per-adapter keys, from the binding classes: their JavaBean properties, recursively. */
    private static Map<String, Key> adapterKeys() {
        Map<String, Key> keys = new LinkedHashMap<>();
        walk(ADAPTER_PREFIX, AdapterProperties.class, keys);
        return keys;
    }

    private static void walk(String prefix, Class<?> type, Map<String, Key> keys) {
        Object defaults = BeanUtils.instantiateClass(type);
        for (PropertyDescriptor descriptor : BeanUtils.getPropertyDescriptors(type)) {
            if (descriptor.getReadMethod() == null || descriptor.getWriteMethod() == null) {
                continue;
            }
            String name = prefix + "." + kebab(descriptor.getName());
            ResolvableType propertyType = ResolvableType.forMethodReturnType(descriptor.getReadMethod());
            Object defaultValue = new BeanWrapperImpl(defaults).getPropertyValue(descriptor.getName());
            keys.put(name, new Key(Objects.requireNonNull(propertyType.resolve()), defaultValue));
            if (Map.class.isAssignableFrom(propertyType.toClass())) {
                Class<?> values = propertyType.getGeneric(1).toClass();
                if (isBindingClass(values)) {
                    walk(name + "." + MAP_KEYS.get(descriptor.getName()), values, keys);
                }
            } else if (List.class.isAssignableFrom(propertyType.toClass())) {
                Class<?> elements = propertyType.getGeneric(0).toClass();
                if (isBindingClass(elements)) {
                    walk(name + "[i]", elements, keys);
                }
            } else if (isBindingClass(propertyType.toClass())) {
                boolean keySide = descriptor.getName().equals("pk") || descriptor.getName().equals("sk");
                walk(keySide ? prefix + ".<side>" : name, propertyType.toClass(), keys);
            }
        }
    }

    private static boolean isBindingClass(Class<?> type) {
        return type.getPackageName().startsWith("io.dynamodbtoolkit.boot.autoconfigure") && !type.isEnum();
    }

    /** @return README property rows: name to {default, description} */
    private static Map<String, String[]> readmeRows() throws IOException {
        Map<String, String[]> rows = new LinkedHashMap<>();
        for (String line : Files.readAllLines(README)) {
            Matcher row = ROW.matcher(line);
            if (row.matches()) {
                String[] cells = row.group(2).split("(?<!\\\\)\\|");
                assertThat(rows.put(row.group(1), new String[] {cells[0].trim(), cells[1].trim()}))
                        .as("README rows of %s", row.group(1)).isNull();
            }
        }
        return rows;
    }

    private static String kebab(String name) {
        return CAMEL.matcher(name).replaceAll("$1-$2").replace('_', '-').toLowerCase(Locale.ROOT);
    }

    private static Class<?> loadable(String typeName) {
        try {
            return Class.forName(typeName);
        } catch (ClassNotFoundException | NullPointerException e) {
            return null;
        }
    }

    private record Key(Class<?> type, Object defaultValue) {
    }
}
