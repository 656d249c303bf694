package io.dynamodbtoolkit.sample.readme;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import javax.xml.parsers.DocumentBuilderFactory;

import org.junit.jupiter.api.Test;
import org.w3c.dom.Document;
import org.w3c.dom.Element;
import org.w3c.dom.Node;
import org.w3c.dom.NodeList;

/**
 * The bill of materials {@code dynamodb-toolkit-dependencies} is importable as is (no parent, so it brings only its
 * own versions), has the reactor's version and lists every published toolkit artifact and the AWS SDK and Spring Cloud
 * AWS versions the reactor builds with; the README's dependency snippets (an application's pom importing it) use it,
 * with the same toolkit dependencies the sample application has.
 */
class BomTest {

    private static final String GROUP = "io.dynamodbtoolkit";

    @Test
    void theBomHasNoParentTheReactorsVersionAndEveryPublishedArtifact() throws Exception {
        Element reactor = pom(Readme.root().resolve("pom.xml"));
        Element bom = pom(Readme.root().resolve("dynamodb-toolkit-dependencies/pom.xml"));

        assertThat(child(bom, "parent")).isNull();
        assertThat(text(bom, "packaging")).isEqualTo("pom");
        assertThat(text(bom, "version")).isEqualTo(text(reactor, "version"));
        assertThat(modules(reactor)).contains("dynamodb-toolkit-dependencies");

        Map<String, String> managed = managed(bom);
        List<String> published = new ArrayList<>();
        for (String module : modules(reactor)) {
            Element modulePom = pom(Readme.root().resolve(module).resolve("pom.xml"));
            boolean skipped = child(modulePom, "properties") != null
                    && "true".equals(text(child(modulePom, "properties"), "maven.deploy.skip"));
            String artifact = text(modulePom, "artifactId");
            if (!skipped && !artifact.equals("dynamodb-toolkit-dependencies")) {
                published.add(GROUP + ":" + artifact);
            }
        }
        assertThat(published).hasSizeGreaterThan(5);
        assertThat(managed.keySet()).filteredOn(key -> key.startsWith(GROUP + ":"))
                .containsExactlyInAnyOrderElementsOf(published);
        published.forEach(artifact -> assertThat(managed.get(artifact)).isEqualTo("${project.version}"));

        for (String version : List.of("awssdk.version", "spring-cloud-aws.version")) {
            assertThat(text(child(bom, "properties"), version)).as(version)
                    .isEqualTo(text(child(reactor, "properties"), version));
        }
        assertThat(managed).containsEntry("software.amazon.awssdk:bom", "${awssdk.version}")
                .containsEntry("io.awspring.cloud:spring-cloud-aws-dependencies", "${spring-cloud-aws.version}");
        assertThat(List.copyOf(managed.keySet()).indexOf("software.amazon.awssdk:bom"))
                .as("the SDK BOM before Spring Cloud AWS's").isLessThan(List.copyOf(managed.keySet())
                        .indexOf("io.awspring.cloud:spring-cloud-aws-dependencies"));
    }

    @Test
    void theReadmesApplicationPomImportsTheBomAndDeclaresWhatTheSampleUses() throws Exception {
        Element reactor = pom(Readme.root().resolve("pom.xml"));
        Element application = pom(Readme.root().resolve("sample-app/src/test/resources/readme/application-pom.xml"));
        Element sample = pom(Readme.root().resolve("sample-app/pom.xml"));

        assertThat(text(child(application, "parent"), "version"))
                .isEqualTo(text(child(reactor, "parent"), "version"));
        Element imported = dependencies(child(application, "dependencyManagement")).get(0);
        assertThat(text(imported, "artifactId")).isEqualTo("dynamodb-toolkit-dependencies");
        assertThat(text(imported, "version")).isEqualTo(text(reactor, "version"));
        assertThat(text(imported, "type")).isEqualTo("pom");
        assertThat(text(imported, "scope")).isEqualTo("import");

        Map<String, String> managed = managed(pom(Readme.root().resolve("dynamodb-toolkit-dependencies/pom.xml")));
        List<String> declared = toolkitDependencies(application);
        assertThat(declared).isNotEmpty().allSatisfy(dependency ->
                assertThat(managed).containsKey(dependency.replaceFirst(" .*", "")));
        dependencies(application).forEach(dependency -> assertThat(text(dependency, "version"))
                .as("%s is versioned by the BOM", text(dependency, "artifactId")).isNull());
        List<String> sampleDependencies = new ArrayList<>(toolkitDependencies(sample));
        assertThat(sampleDependencies.remove(GROUP + ":dynamodb-toolkit-spring-batch compile"))
                .as("the batch module, for the sample's profile 'batch' (an addition the README's 'Beyond one JVM' "
                        + "names, not part of the quickstart's application)").isTrue();
        assertThat(sampleDependencies).containsExactlyInAnyOrderElementsOf(declared);
    }

    private static List<String> toolkitDependencies(Element pom) {
        return dependencies(pom).stream().filter(dependency -> GROUP.equals(text(dependency, "groupId")))
                .map(dependency -> GROUP + ":" + text(dependency, "artifactId") + " "
                        + (text(dependency, "scope") == null ? "compile" : text(dependency, "scope")))
                .toList();
    }

    private static Map<String, String> managed(Element pom) {
        Map<String, String> managed = new LinkedHashMap<>();
        dependencies(child(pom, "dependencyManagement")).forEach(dependency -> managed.put(
                text(dependency, "groupId") + ":" + text(dependency, "artifactId"), text(dependency, "version")));
        return managed;
    }

    private static List<Element> dependencies(Element owner) {
        List<Element> dependencies = new ArrayList<>();
        Element list = child(owner, "dependencies");
        if (list != null) {
            NodeList nodes = list.getChildNodes();
            for (int i = 0; i < nodes.getLength(); i++) {
                if (nodes.item(i) instanceof Element dependency && dependency.getTagName().equals("dependency")) {
                    dependencies.add(dependency);
                }
            }
        }
        return dependencies;
    }

    private static List<String> modules(Element pom) {
        List<String> modules = new ArrayList<>();
        NodeList nodes = child(pom, "modules").getChildNodes();
        for (int i = 0; i < nodes.getLength(); i++) {
            if (nodes.item(i) instanceof Element module) {
                modules.add(module.getTextContent().strip());
            }
        }
        return modules;
    }

    private static Element pom(Path file) throws Exception {
        assertThat(file).exists();
        try (var in = Files.newInputStream(file)) {
            Document document = DocumentBuilderFactory.newInstance().newDocumentBuilder().parse(in);
            return document.getDocumentElement();
        }
    }

    private static Element child(Element parent, String name) {
        if (parent == null) {
            return null;
        }
        for (Node node = parent.getFirstChild(); node != null; node = node.getNextSibling()) {
            if (node instanceof Element element && element.getTagName().equals(name)) {
                return element;
            }
        }
        return null;
    }

    private static String text(Element parent, String name) {
        Element child = child(parent, name);
        return child == null ? null : child.getTextContent().strip();
    }
}
