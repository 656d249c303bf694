package io.dynamodbtoolkit.sample.readme;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.InputStream;
import java.net.URL;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import com.jayway.jsonpath.JsonPath;
import org.junit.jupiter.api.Test;

/**
 * The README's properties reference lists exactly the toolkit's properties of the configuration metadata that the
 * auto-configuration module generates (on this module's classpath, as in a user's application), with the same
 * defaults.
 */
class PropertiesReferenceTest {

    private static final Pattern ROW = Pattern.compile("^\\| `(dynamodb\\.toolkit[^`]*)` \\|([^|]*)\\|(.+)\\|$");

    @Test
    void theReadmeListsEveryToolkitPropertyWithItsDefault() throws IOException {
        Map<String, Object> metadata = metadataDefaults();
        Map<String, String> readme = readmeDefaults();
        assertThat(metadata).isNotEmpty();
        assertThat(readme.keySet()).containsExactlyInAnyOrderElementsOf(metadata.keySet());
        metadata.forEach((name, value) -> {
            String expected = value == null || value.toString().isEmpty() ? ""
                    : "`" + value.toString().toLowerCase(Locale.ROOT) + "`";
            assertThat(readme.get(name)).as("README default of %s", name).isEqualTo(expected);
        });
    }

    private static Map<String, Object> metadataDefaults() throws IOException {
        Map<String, Object> defaults = new LinkedHashMap<>();
        for (URL url : Collections.list(PropertiesReferenceTest.class.getClassLoader()
                .getResources("META-INF/spring-configuration-metadata.json"))) {
            String json;
            try (InputStream in = url.openStream()) {
                json = new String(in.readAllBytes(), StandardCharsets.UTF_8);
            }
            List<Map<String, Object>> properties = JsonPath.read(json, "$.properties[*]");
            properties.stream().filter(property -> ((String) property.get("name")).startsWith("dynamodb.toolkit."))
                    .forEach(property -> defaults.put((String) property.get("name"), property.get("defaultValue")));
        }
        return defaults;
    }

    private static Map<String, String> readmeDefaults() throws IOException {
        Map<String, String> rows = new LinkedHashMap<>();
        for (String line : Files.readAllLines(Readme.root().resolve("README.md"))) {
            Matcher row = ROW.matcher(line);
            if (row.matches()) {
                assertThat(rows.put(row.group(1), row.group(2).trim())).as("rows of %s", row.group(1)).isNull();
                assertThat(row.group(3).trim()).as("description of %s", row.group(1)).isNotEmpty();
            }
        }
        return rows;
    }
}
