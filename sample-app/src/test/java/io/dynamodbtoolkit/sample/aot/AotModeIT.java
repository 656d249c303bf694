package io.dynamodbtoolkit.sample.aot;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

import com.jayway.jsonpath.JsonPath;
import io.dynamodbtoolkit.sample.api.ApiTestSupport;
import io.dynamodbtoolkit.sample.rentals.RentalRepository;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.condition.EnabledIfSystemProperty;
import org.springframework.aot.AotDetector;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.context.ConfigurableApplicationContext;
import org.springframework.context.annotation.AnnotationConfigUtils;

/**
 * The AOT build ({@code mvn -Paot}, see the parent pom) really runs the sample's tests in AOT mode, and the
 * application's native-image metadata, which {@code process-aot} writes, holds what the toolkit's hints register for
 * this application: its tier classes, the repositories' base class, the REST surface's handlers, the properties
 * bound from one string and the embedded engine's resource.
 */
@EnabledIfSystemProperty(named = AotDetector.AOT_ENABLED, matches = "true",
        disabledReason = "AOT mode only: mvn -Paot -pl sample-app -am verify")
class AotModeIT extends ApiTestSupport {

    private static final Path METADATA = Path.of("target/classes/META-INF/native-image/io.dynamodbtoolkit",
            "dynamodb-toolkit-sample-app/reachability-metadata.json");

    @Autowired
    private ConfigurableApplicationContext context;

    @Test
    void theTestsContextIsTheOneAotProcessingGenerated() {
        assertThat(AotDetector.useGeneratedArtifacts()).isTrue();
        assertThat(context.getBeanFactory().containsBeanDefinition(
                AnnotationConfigUtils.CONFIGURATION_ANNOTATION_PROCESSOR_BEAN_NAME))
                .as("configuration classes are parsed at build time, not when the context starts").isFalse();
        assertThat(context.getBeanNamesForType(RentalRepository.class)).hasSize(1);
    }

    @Test
    void theApplicationsNativeImageMetadataHasTheToolkitsHints() throws IOException {
        String metadata = Files.readString(METADATA);

        assertThat(reflected(metadata, "io.dynamodbtoolkit.sample.teams.GraphNode"))
                .as("a tier class of a sealed hierarchy").containsEntry("allDeclaredConstructors", true);
        assertThat(reflected(metadata, "io.dynamodbtoolkit.springdata.repository.support.SimpleHierarchicalRepository"))
                .containsEntry("allDeclaredConstructors", true).containsEntry("allPublicMethods", true);
        assertThat(methodNames(metadata, "io.dynamodbtoolkit.springweb.ExportedResourceController"))
                .contains("read", "create", "put", "patch", "delete");
        assertThat(methodNames(metadata, "io.dynamodbtoolkit.boot.autoconfigure.properties.StructuralKeyProperties"))
                .contains("valueOf");
        assertThat(JsonPath.<List<String>>read(metadata, "$.resources[*].glob"))
                .contains("io/dynamodbtoolkit/embedded/expression/reserved-words.txt");
    }

    private static Map<String, Object> reflected(String metadata, String type) {
        List<Map<String, Object>> hints = JsonPath.read(metadata, "$.reflection[?(@.type == '" + type + "')]");
        assertThat(hints).as("the reflection hint of %s in %s", type, METADATA).hasSize(1);
        return hints.get(0);
    }

    private static List<String> methodNames(String metadata, String type) {
        return JsonPath.read(metadata, "$.reflection[?(@.type == '" + type + "')].methods[*].name");
    }
}
