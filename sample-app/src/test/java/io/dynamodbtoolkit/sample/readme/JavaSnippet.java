package io.dynamodbtoolkit.sample.readme;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A Java code block of a README as a reader copies it: the imports it shows must be exactly the imports of its file
 * that its code uses (so it compiles as shown, with nothing to guess and nothing extra), and a block that declares a
 * type shows its package.
 *
 * @param text the block
 * @param file the compiled file it is a region of
 */
record JavaSnippet(String text, Path file) {

    private static final Pattern IMPORT = Pattern.compile("^import (static )?[\\w.]+\\.(\\w+);$");
    private static final Pattern TYPE = Pattern.compile(
            "^(@\\w+.*\\n)*(public |final |abstract |sealed )*(class|interface|record|enum|@interface) \\w+",
            Pattern.MULTILINE);

    /** @return the file's imports its code uses that the block does not show */
    List<String> missingImports() {
        List<String> missing = new ArrayList<>();
        String code = code();
        importsOf(read(file)).forEach((line, name) -> {
            if (uses(code, name) && !shownImports().contains(line)) {
                missing.add(line);
            }
        });
        return missing;
    }

    /** @return the imports the block shows that its code does not use */
    List<String> unusedImports() {
        String code = code();
        List<String> unused = new ArrayList<>();
        importsOf(text).forEach((line, name) -> {
            if (!uses(code, name)) {
                unused.add(line);
            }
        });
        return unused;
    }

    /** @return whether the block declares a type without showing its package */
    boolean declaresATypeWithoutItsPackage() {
        return TYPE.matcher(code()).find() && text.lines().noneMatch(line -> line.startsWith("package "));
    }

    private List<String> shownImports() {
        return List.copyOf(importsOf(text).keySet());
    }

    /** @return the block without its package and import lines and without comments */
    private String code() {
        StringBuilder code = new StringBuilder();
        for (String line : text.split("\n")) {
            String trimmed = line.strip();
            if (line.startsWith("package ") || line.startsWith("import ") || trimmed.startsWith("*")
                    || trimmed.startsWith("/*")) {
                continue;
            }
            code.append(withoutLineComment(line)).append('\n');
        }
        return code.toString();
    }

    private static String withoutLineComment(String line) {
        boolean quoted = false;
        for (int i = 0; i < line.length() - 1; i++) {
            char c = line.charAt(i);
            if (c == '"' && (i == 0 || line.charAt(i - 1) != '\\')) {
                quoted = !quoted;
            } else if (!quoted && c == '/' && line.charAt(i + 1) == '/') {
                return line.substring(0, i);
            }
        }
        return line;
    }

    private static boolean uses(String code, String name) {
        return Pattern.compile("(?<![\\w.])" + Pattern.quote(name) + "\\b").matcher(code).find();
    }

    /** @return import lines by the simple name they import */
    private static Map<String, String> importsOf(String source) {
        Map<String, String> imports = new LinkedHashMap<>();
        for (String line : source.split("\n")) {
            Matcher matcher = IMPORT.matcher(line.strip());
            if (matcher.matches()) {
                imports.put(line.strip(), matcher.group(2));
            }
        }
        return imports;
    }

    private static String read(Path file) {
        try {
            return Files.readString(file);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
