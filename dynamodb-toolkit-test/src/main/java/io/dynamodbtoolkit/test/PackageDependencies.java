package io.dynamodbtoolkit.test;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.net.URISyntaxException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.spi.ToolProvider;

/**
 * How the packages of one compiled module depend on each other, as the JDK's {@code jdeps} reads its classes: for
 * architecture tests such as "no package depends on itself through others". The module is found from one of its
 * classes (its jar or classes folder); only packages under the given root count.
 *
 * <pre>{@code
 * assertThat(PackageDependencies.of(Adapter.class, "io.dynamodbtoolkit").cycles()).isEmpty();
 * }</pre>
 */
public final class PackageDependencies {

    private final Map<String, Set<String>> edges;

    private PackageDependencies(Map<String, Set<String>> edges) {
        this.edges = edges;
    }

    /**
     * Reads the module holding {@code anyClassOfTheModule}.
     *
     * @param anyClassOfTheModule a class whose code source (jar or classes folder) is the module to read
     * @param root                the package prefix whose packages count, e.g. {@code io.dynamodbtoolkit}
     * @throws IllegalStateException when the JDK has no {@code jdeps} (a JRE) or it cannot read the classes
     */
    public static PackageDependencies of(Class<?> anyClassOfTheModule, String root) {
        Path classes;
        try {
            classes = Path.of(anyClassOfTheModule.getProtectionDomain().getCodeSource().getLocation().toURI());
        } catch (URISyntaxException e) {
            throw new IllegalStateException("The classes of " + anyClassOfTheModule.getName() + " have no path", e);
        }
        ToolProvider jdeps = ToolProvider.findFirst("jdeps").orElseThrow(() -> new IllegalStateException(
                "jdeps is not in this Java runtime: run the tests on a JDK"));
        StringWriter out = new StringWriter();
        int exit = jdeps.run(new PrintWriter(out), new PrintWriter(out), "-verbose:package", "-e",
                Pattern.quote(root) + "\\..*", classes.toString());
        if (exit != 0) {
            throw new IllegalStateException("jdeps failed on " + classes + " (exit " + exit + "):\n" + out);
        }
        Pattern edge = Pattern.compile("^\\s*(" + Pattern.quote(root) + "[\\w.]*)\\s+->\\s+(" + Pattern.quote(root)
                + "[\\w.]*)\\s");
        Map<String, Set<String>> edges = new TreeMap<>();
        for (String line : out.toString().split("\\R")) {
            Matcher found = edge.matcher(line);
            if (found.find() && !found.group(1).equals(found.group(2))) {
                edges.computeIfAbsent(found.group(1), from -> new TreeSet<>()).add(found.group(2));
            }
        }
        if (edges.isEmpty()) {
            throw new IllegalStateException("jdeps read no dependency between packages under " + root + " in "
                    + classes + ": is it the right module and root?\n" + out);
        }
        return new PackageDependencies(edges);
    }

    /** @return the packages {@code from} depends on directly (none when it depends on no other package) */
    public Set<String> of(String from) {
        return Collections.unmodifiableSet(edges.getOrDefault(from, Set.of()));
    }

    /** @return every package that depends on another, with the packages it depends on directly */
    public Map<String, Set<String>> all() {
        return Collections.unmodifiableMap(edges);
    }

    /**
     * The packages that depend on themselves through others, each cycle as the packages on it (strongly connected
     * components of more than one package, by Tarjan's algorithm).
     *
     * @return the cycles; empty when the packages depend on each other in one direction only
     */
    public List<Set<String>> cycles() {
        return new Cycles().find();
    }

    @Override
    public String toString() {
        return edges.toString();
    }

    /** Tarjan's strongly connected components over the edges. */
    private final class Cycles {

        private final Map<String, Integer> index = new TreeMap<>();
        private final Map<String, Integer> lowest = new TreeMap<>();
        private final List<String> stack = new ArrayList<>();
        private final Set<String> onStack = new LinkedHashSet<>();
        private final List<Set<String>> found = new ArrayList<>();

        List<Set<String>> find() {
            for (String from : edges.keySet()) {
                if (!index.containsKey(from)) {
                    visit(from);
                }
            }
            return found;
        }

        private void visit(String from) {
            index.put(from, index.size());
            lowest.put(from, index.get(from));
            stack.add(from);
            onStack.add(from);
            for (String to : edges.getOrDefault(from, Set.of())) {
                if (!index.containsKey(to)) {
                    visit(to);
                    lowest.put(from, Math.min(lowest.get(from), Objects.requireNonNull(lowest.get(to), "visited")));
                } else if (onStack.contains(to)) {
                    lowest.put(from, Math.min(lowest.get(from), index.get(to)));
                }
            }
            if (lowest.get(from).equals(index.get(from))) {
                Set<String> component = new TreeSet<>();
                String member;
                do {
                    member = stack.remove(stack.size() - 1);
                    onStack.remove(member);
                    component.add(member);
                } while (!member.equals(from));
                if (component.size() > 1) {
                    found.add(component);
                }
            }
        }
    }
}
