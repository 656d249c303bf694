package io.dynamodbtoolkit.sample.reactive;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import com.jayway.jsonpath.JsonPath;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.condition.EnabledIfSystemProperty;
import org.springframework.aot.AotDetector;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.context.ConfigurableApplicationContext;
import org.springframework.context.annotation.AnnotationConfigUtils;

/**
 * The AOT build ({@code mvn -Paot}, see the parent pom) runs the reactive sample's tests in AOT mode, on a context
 * whose reactive repositories were registered by generated code, and the application's native-image metadata lets the
 * repository factory create the reactive base class.
 */
@EnabledIfSystemProperty(named = AotDetector.AOT_ENABLED, matches = "true",
        disabledReason = "AOT mode only: mvn -Paot -pl sample-app-reactive -am verify")
@SpringBootTest(webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT)
class ReactiveAotModeIT {

    private static final Path METADATA = Path.of("target/classes/META-INF/native-image/io.dynamodbtoolkit",
            "dynamodb-toolkit-sample-app-reactive/reachability-metadata.json");

    @Autowired
    private ConfigurableApplicationContext context;

    @Test
    void theTestsContextIsTheOneAotProcessingGenerated() {
        assertThat(AotDetector.useGeneratedArtifacts()).isTrue();
        assertThat(context.getBeanFactory().containsBeanDefinition(
                AnnotationConfigUtils.CONFIGURATION_ANNOTATION_PROCESSOR_BEAN_NAME)).isFalse();
        assertThat(context.getBeanNamesForType(ReactiveRentals.class)).hasSize(1);
    }

    @Test
    void theRepositoryFactoryMayCreateTheReactiveBaseClassInANativeImage() throws IOException {
        List<Boolean> constructors = JsonPath.read(Files.readString(METADATA), "$.reflection[?(@.type == '"
                + "io.dynamodbtoolkit.springdata.repository.support.SimpleReactiveHierarchicalRepository')]"
                + ".allDeclaredConstructors");

        assertThat(constructors).containsExactly(true);
    }
}
