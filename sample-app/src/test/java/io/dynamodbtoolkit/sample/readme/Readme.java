package io.dynamodbtoolkit.sample.readme;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The repository's README.md and its code blocks. Each fenced block is announced by a marker comment on the line
 * before it, saying where the build checks it:
 * <ul>
 *   <li>{@code <!-- include: path#tag -->}: the block is the tagged region {@code tag::tag[]} ... {@code end::tag[]}
 *   of a compiled or tested file (regions of one tag are joined; other tag lines are dropped; the common
 *   indentation is removed, package and import lines being left as they are, so a Java snippet can show the imports
 *   at the top of its file); without {@code #tag}, the whole file;</li>
 *   <li>{@code <!-- request: id -->}: the reads some code sent, as {@link SentRequests} renders them, checked by the
 *   test that runs that code;</li>
 *   <li>{@code <!-- command: name -->}: a shell command the build's own configuration must agree with;</li>
 *   <li>{@code <!-- http -->}: {@code curl} calls of the sample's API, made by a test against the application.</li>
 * </ul>
 */
public final class Readme {

    private static final Pattern MARKER = Pattern.compile("^<!-- (include|request|command|http)(?:: (.+?))? -->$");
    private static final Pattern FENCE = Pattern.compile("^```(\\S*)\\s*$");

    private Readme() {
    }

    /**
     * A fenced code block.
     *
     * @param kind     the marker's kind, or null when there is no marker
     * @param argument the marker's argument
     * @param language the fence's language
     * @param text     the lines between the fences
     * @param line     the line of the opening fence (1-based)
     */
    public record Block(String kind, String argument, String language, String text, int line) {
    }

    /** @return the repository's root directory (the one holding README.md and the parent pom) */
    public static Path root() {
        Path directory = Path.of("").toAbsolutePath();
        while (directory != null && !(Files.exists(directory.resolve("README.md"))
                && Files.exists(directory.resolve("sample-app/pom.xml")))) {
            directory = directory.getParent();
        }
        if (directory == null) {
            throw new IllegalStateException("README.md not found above " + Path.of("").toAbsolutePath());
        }
        return directory;
    }

    /** @return every fenced block of README.md, in order */
    public static List<Block> blocks() {
        return blocks(root().resolve("README.md"));
    }

    /** @return every fenced block of a markdown file, in order */
    public static List<Block> blocks(Path markdown) {
        List<String> lines = read(markdown);
        List<Block> blocks = new ArrayList<>();
        for (int i = 0; i < lines.size(); i++) {
            Matcher fence = FENCE.matcher(lines.get(i));
            if (!fence.matches()) {
                continue;
            }
            int end = i + 1;
            while (end < lines.size() && !lines.get(end).equals("```")) {
                end++;
            }
            Matcher marker = i > 0 ? MARKER.matcher(lines.get(i - 1)) : MARKER.matcher("");
            boolean marked = marker.matches();
            blocks.add(new Block(marked ? marker.group(1) : null, marked ? marker.group(2) : null, fence.group(1),
                    String.join("\n", lines.subList(i + 1, Math.min(end, lines.size()))), i + 1));
            i = end;
        }
        return blocks;
    }

    /** @return the one block marked {@code <!-- request: id -->} */
    public static Block request(String id) {
        List<Block> found = blocks().stream().filter(block -> "request".equals(block.kind())
                && id.equals(block.argument())).toList();
        if (found.size() != 1) {
            throw new IllegalStateException("README.md has " + found.size() + " blocks marked request: " + id);
        }
        return found.get(0);
    }

    /**
     * @param reference {@code path#tag} relative to the repository's root, or a path alone for the whole file
     * @return the region's text
     */
    public static String region(String reference) {
        int hash = reference.indexOf('#');
        Path file = root().resolve(hash < 0 ? reference : reference.substring(0, hash));
        List<String> lines = read(file);
        if (hash < 0) {
            return String.join("\n", lines).stripTrailing();
        }
        String tag = reference.substring(hash + 1);
        List<String> region = new ArrayList<>();
        boolean inside = false;
        boolean found = false;
        for (String line : lines) {
            if (line.contains("tag::" + tag + "[]")) {
                inside = true;
                found = true;
            } else if (line.contains("end::" + tag + "[]")) {
                inside = false;
            } else if (inside && !line.matches(".*(tag|end)::[A-Za-z0-9_-]+\\[].*")) {
                region.add(line);
            }
        }
        if (!found) {
            throw new IllegalStateException(file + " has no region tagged " + tag);
        }
        int indent = region.stream().filter(line -> !line.isBlank() && !isHeader(line))
                .mapToInt(line -> line.length() - line.stripLeading().length()).min().orElse(0);
        return String.join("\n", region.stream().map(line -> line.isBlank() ? ""
                : isHeader(line) ? line : line.substring(indent)).toList()).stripTrailing();
    }

    /** @return whether a line is a Java file's package or import line, which a region shows as it is */
    private static boolean isHeader(String line) {
        return line.startsWith("package ") || line.startsWith("import ");
    }

    private static List<String> read(Path file) {
        try {
            return Files.readAllLines(file);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
