package io.dynamodbtoolkit.springdata;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.spi.ToolProvider;

import io.dynamodbtoolkit.springdata.core.DynamoDbToolkitTemplate;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The module's packages depend on each other in one direction only, as {@code jdeps} reads the compiled classes:
 * {@code mapping} on none of them, {@code core} (the template) on {@code mapping} only, the repository packages on
 * {@code core}, and {@code repository.query} never on {@code repository.support}.
 */
class PackageDependenciesTest {

    private static final String ROOT = "io.dynamodbtoolkit.springdata";
    private static final Pattern EDGE = Pattern.compile("^\\s*(" + Pattern.quote(ROOT) + "[\\w.]*)\\s+->\\s+("
            + Pattern.quote(ROOT) + "[\\w.]*)\\s");

    private static Map<String, Set<String>> dependencies;

    @BeforeAll
    static void readTheClasses() throws Exception {
        Path classes = Path.of(DynamoDbToolkitTemplate.class.getProtectionDomain().getCodeSource().getLocation()
                .toURI());
        ToolProvider jdeps = ToolProvider.findFirst("jdeps").orElseThrow(() -> new AssertionError(
                "jdeps is not in this JDK: run the tests on a JDK"));
        StringWriter out = new StringWriter();
        int exit = jdeps.run(new PrintWriter(out), new PrintWriter(out), "-verbose:package", "-e",
                Pattern.quote(ROOT) + "\\..*", classes.toString());
        assertThat(exit).as(out.toString()).isZero();
        dependencies = new TreeMap<>();
        for (String line : out.toString().split("\\R")) {
            Matcher edge = EDGE.matcher(line);
            if (edge.find() && !edge.group(1).equals(edge.group(2))) {
                dependencies.computeIfAbsent(edge.group(1), from -> new LinkedHashSet<>()).add(edge.group(2));
            }
        }
        assertThat(dependencies).as("what jdeps read").containsKeys(ROOT + ".core", ROOT + ".repository.query");
    }

    @Test
    void queriesDoNotDependOnTheRepositorySupport() {
        assertThat(dependencies.get(ROOT + ".repository.query")).doesNotContain(ROOT + ".repository.support");
    }

    @Test
    void theTemplateDependsOnTheMappingOnly() {
        assertThat(dependencies.get(ROOT + ".core")).containsOnly(ROOT + ".mapping");
        assertThat(dependencies.getOrDefault(ROOT + ".mapping", Set.of())).isEmpty();
    }

    @Test
    void noPackageDependsOnItselfThroughOthers() {
        List<String> cycles = new ArrayList<>();
        for (String start : dependencies.keySet()) {
            if (reaches(start, start, new LinkedHashSet<>())) {
                cycles.add(start);
            }
        }
        assertThat(cycles).as("packages on a cycle, in " + dependencies).isEmpty();
    }

    private static boolean reaches(String from, String target, Set<String> seen) {
        for (String next : dependencies.getOrDefault(from, Set.of())) {
            if (next.equals(target) || seen.add(next) && reaches(next, target, seen)) {
                return true;
            }
        }
        return false;
    }
}
