package io.dynamodbtoolkit.sample.readme;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

import io.dynamodbtoolkit.boot.autoconfigure.batch.DynamoDbToolkitJobsEndpoint;
import io.dynamodbtoolkit.sample.readme.Readme.Block;
import org.junit.jupiter.api.Test;

/**
 * Every code block of the README is checked somewhere: included blocks equal their tagged source regions, request
 * blocks are compared by the tests that send them, and commands agree with the build (the test command is what
 * {@code .ci/run} runs, the run command builds and starts the jar this module produces).
 */
class ReadmeTest {

    private static final Set<String> COMMANDS = Set.of("run-sample", "test", "moto", "run-aws", "run-endpoint",
            "docs", "release-check", "aot", "style", "one-integration-test", "batch-mode");
    private static final String JAR = "sample-app/target/dynamodb-toolkit-sample-app.jar";

    @Test
    void everyCodeBlockSaysWhereItIsChecked() {
        assertThat(Readme.blocks()).isNotEmpty().allSatisfy(block -> {
            assertThat(block.kind()).as("the marker before the code block at README.md line %d", block.line())
                    .isNotNull();
            assertThat(block.language()).as("the language of the code block at line %d", block.line()).isNotEmpty();
        });
    }

    @Test
    void includedBlocksAreTheirSourceRegions() {
        List<Block> included = Readme.blocks().stream().filter(block -> "include".equals(block.kind())).toList();
        assertThat(included).hasSizeGreaterThan(20);
        included.forEach(block -> assertThat(block.text())
                .as("README.md line %d: the region %s", block.line(), block.argument())
                .isEqualTo(Readme.region(block.argument())));
    }

    @Test
    void includedBlocksOfTheModuleReadmesAreTheirSourceRegions() {
        List<Path> modules = moduleReadmes();
        assertThat(modules).hasSizeGreaterThan(4);
        for (Path readme : modules) {
            Readme.blocks(readme).stream().filter(block -> "include".equals(block.kind())).forEach(block ->
                    assertThat(block.text()).as("%s line %d: the region %s", Readme.root().relativize(readme),
                            block.line(), block.argument()).isEqualTo(Readme.region(block.argument())));
        }
    }

    @Test
    void javaBlocksShowTheImportsTheyUseAndThePackagesOfTheTypesTheyDeclare() {
        List<Path> readmes = new ArrayList<>(moduleReadmes());
        readmes.add(Readme.root().resolve("README.md"));
        int checked = 0;
        List<String> problems = new ArrayList<>();
        for (Path readme : readmes) {
            for (Block block : Readme.blocks(readme)) {
                if (!"include".equals(block.kind()) || !"java".equals(block.language())) {
                    continue;
                }
                String where = Readme.root().relativize(readme) + " line " + block.line();
                Path file = Readme.root().resolve(block.argument().replaceFirst("#.*", ""));
                JavaSnippet snippet = new JavaSnippet(block.text(), file);
                snippet.missingImports().forEach(line -> problems.add(where + ": does not show " + line));
                snippet.unusedImports().forEach(line -> problems.add(where + ": shows the unused " + line));
                if (snippet.declaresATypeWithoutItsPackage()) {
                    problems.add(where + ": declares a type but does not show its package");
                }
                checked++;
            }
        }
        assertThat(checked).isGreaterThan(15);
        assertThat(problems).as("the imports and packages of the README's Java blocks").isEmpty();
    }

    @Test
    void requestBlocksAreComparedByTheTestsThatSendThem() throws IOException {
        List<Block> requests = Readme.blocks().stream().filter(block -> "request".equals(block.kind())).toList();
        assertThat(requests).hasSizeGreaterThan(10);
        String testSources;
        try (Stream<Path> files = Files.walk(Readme.root().resolve("sample-app/src/test/java"))) {
            testSources = files.filter(file -> file.toString().endsWith(".java"))
                    .filter(file -> !file.endsWith("ReadmeTest.java")).map(ReadmeTest::read)
                    .reduce("", String::concat);
        }
        for (Block request : requests) {
            if (request.argument().startsWith("GET ")) {
                assertThat(request.argument()).as("README.md line %d", request.line()).matches("GET /api/\\S+");
            } else {
                assertThat(testSources).as("a test comparing the request block %s (README.md line %d)",
                        request.argument(), request.line()).contains("\"" + request.argument() + "\"");
            }
        }
    }

    @Test
    void theTestCommandIsWhatCiRuns() {
        assertThat(command("test")).isEqualTo("mvn -B verify");
        List<String> ci = List.of(read(Readme.root().resolve(".ci/run")).split("\n"));
        assertThat(ci).contains("mvn -B verify");
        assertThat(read(Readme.root().resolve(".ci/run"))).as("the moto run of .ci/run").contains(command("moto"));
    }

    @Test
    void theAotCommandIsWhatCiRunsOnTheParentPomsAotProfile() {
        assertThat(read(Readme.root().resolve(".ci/run"))).contains(command("aot"));
        assertThat(command("aot")).contains("-Paot").contains("-pl sample-app,sample-app-reactive");
        assertThat(read(Readme.root().resolve("pom.xml"))).contains("<id>aot</id>")
                .contains("<goal>process-aot</goal>").contains("<goal>process-test-aot</goal>");
        for (String sample : List.of("sample-app", "sample-app-reactive")) {
            assertThat(read(Readme.root().resolve(sample + "/pom.xml"))).as(sample).contains("<id>aot</id>")
                    .contains("<spring.aot.enabled>true</spring.aot.enabled>");
        }
    }

    @Test
    void theReleaseCheckIsWhatCiRunsAndStagesTheReleaseProfile() {
        assertThat(command("release-check")).isEqualTo("bash .ci/release-check");
        assertThat(List.of(read(Readme.root().resolve(".ci/run")).split("\n"))).contains("bash .ci/release-check");
        assertThat(read(Readme.root().resolve(".ci/release-check"))).contains("-Prelease").contains(" deploy ")
                .contains("application-pom.xml");
        assertThat(read(Readme.root().resolve("pom.xml"))).contains("<id>release</id>")
                .contains("<goal>jar-no-fork</goal>").contains("<artifactId>maven-gpg-plugin</artifactId>");
    }

    @Test
    void theStyleCommandRunsTheCheckstyleConfigurationOfTheParentPom() {
        assertThat(command("style")).isEqualTo("mvn -B checkstyle:check");
        assertThat(read(Readme.root().resolve("pom.xml"))).contains("<artifactId>maven-checkstyle-plugin</artifactId>")
                .contains("/src/checkstyle/checkstyle.xml</configLocation>");
        assertThat(Readme.root().resolve("src/checkstyle/checkstyle.xml")).exists();
    }

    @Test
    void theIntegrationTestCommandNamesAnIntegrationTestThatFailsafeRuns() {
        Matcher named = Pattern.compile("-pl (\\S+) .*-Dit\\.test=(\\w+) ").matcher(command("one-integration-test"));
        assertThat(named.find()).as(command("one-integration-test")).isTrue();
        assertThat(named.group(2)).endsWith("IT");
        try (Stream<Path> sources = Files.walk(Readme.root().resolve(named.group(1)).resolve("src/test/java"))) {
            assertThat(sources.map(Path::getFileName).map(Path::toString)).contains(named.group(2) + ".java");
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        assertThat(read(Readme.root().resolve("pom.xml"))).contains("<artifactId>maven-failsafe-plugin</artifactId>")
                .contains("<exclude>**/*IT.java</exclude>");
    }

    @Test
    void theDocsCommandRunsTheJavadocProfileOfTheParentPom() {
        String pom = read(Readme.root().resolve("pom.xml"));
        assertThat(command("docs")).isEqualTo("mvn -B -Pdocs -DskipTests package");
        assertThat(pom).contains("<id>docs</id>").contains("<goal>aggregate</goal>").contains("<phase>package</phase>");
        assertThat(read(Readme.root().resolve("README.md"))).contains("`target/reports/apidocs/index.html`");
    }

    @Test
    void theRunCommandBuildsAndStartsThisModulesJar() {
        String pom = read(Readme.root().resolve("sample-app/pom.xml"));
        Matcher finalName = Pattern.compile("<finalName>([^<]+)</finalName>").matcher(pom);
        assertThat(finalName.find()).isTrue();
        assertThat(JAR).isEqualTo("sample-app/target/" + finalName.group(1) + ".jar");
        assertThat(read(Readme.root().resolve("pom.xml"))).contains("<module>sample-app</module>");
        // the executable jar: the plugin declared, its repackage execution bound by spring-boot-starter-parent
        assertThat(pom).contains("<artifactId>spring-boot-maven-plugin</artifactId>");
        assertThat(read(Readme.root().resolve("pom.xml")))
                .contains("<artifactId>spring-boot-starter-parent</artifactId>");
        assertThat(command("run-sample")).isEqualTo("mvn -B -pl sample-app -am package -DskipTests && java -jar " + JAR);
        assertThat(command("run-aws")).endsWith("java -jar " + JAR + " --spring.profiles.active=aws");
        assertThat(Readme.root().resolve("sample-app/src/main/resources/application-aws.yml")).exists();
        assertThat(command("run-endpoint")).startsWith("java -jar " + JAR + " --spring.cloud.aws.dynamodb.endpoint=");
        assertThat(Readme.blocks().stream().filter(block -> "command".equals(block.kind())).map(Block::argument))
                .containsExactlyInAnyOrderElementsOf(COMMANDS);
    }

    @Test
    void theBatchModeCommandsRunTheSamplesJarInItsBatchProfileOnTheStandaloneEngineAndTheCiPostgres() {
        String commands = command("batch-mode");
        assertThat(commands).contains("mvn -B -pl sample-app -am package -DskipTests")
                .contains("java -jar " + JAR + " --spring.profiles.active=batch \"--spring.datasource.url=$DB\"")
                .contains("--dynamodb.toolkit.batch.remote.role=manager --sample.batch.seed=")
                .contains("--dynamodb.toolkit.batch.remote.role=worker")
                .contains("--sample.batch.restart=true").contains("kill -9 $WORKER1").contains("kill -9 $MANAGER")
                .contains("localhost:8080/actuator/" + DynamoDbToolkitJobsEndpoint.ID)
                .contains("source .ci/postgres && postgres_start && DB=$DYNAMODB_TOOLKIT_TEST_POSTGRES_URL")
                .contains("postgres_stop");
        assertThat(read(Readme.root().resolve(".ci/postgres"))).contains("postgres_start()")
                .contains("postgres_stop()").contains("export DYNAMODB_TOOLKIT_TEST_POSTGRES_URL=");
        assertThat(commands).contains("java -jar dynamodb-toolkit-embedded/target/"
                + "dynamodb-toolkit-embedded-*-server.jar --port 8000");
        assertThat(read(Readme.root().resolve("dynamodb-toolkit-embedded/pom.xml")))
                .contains("<shadedClassifierName>server</shadedClassifierName>");
        String profile = read(Readme.root().resolve("sample-app/src/main/resources/application-batch.yml"));
        assertThat(profile).contains("endpoint: ${DYNAMODB_ENDPOINT:http://127.0.0.1:8000}")
                .contains("include: health, info, metrics, " + DynamoDbToolkitJobsEndpoint.ID)
                .contains("workers: 2");
    }

    private static List<Path> moduleReadmes() {
        try (Stream<Path> modules = Files.list(Readme.root())) {
            return modules.map(module -> module.resolve("README.md")).filter(Files::exists).sorted().toList();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static String command(String name) {
        return Readme.blocks().stream().filter(block -> "command".equals(block.kind()) && name.equals(block.argument()))
                .map(Block::text).findFirst().orElseThrow(() -> new AssertionError("no command block " + name));
    }

    private static String read(Path file) {
        try {
            return Files.readString(file);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
