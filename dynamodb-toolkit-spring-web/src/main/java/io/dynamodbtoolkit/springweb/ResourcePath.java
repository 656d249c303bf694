package io.dynamodbtoolkit.springweb;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;

import java.util.Objects;
import org.jspecify.annotations.Nullable;
import org.springframework.web.util.UriUtils;

/**
 * The part of a request path after {@code {base-path}/{name}}, as the original toolkit's router reads it: key values,
 * one per segment (a hierarchical key is a path, {@code TX/Dallas/1HGC001}), optionally followed by one method
 * segment starting with the method prefix ({@code -under}, {@code -clone}). With no key values, the method is a
 * collection method ({@code -by-names}, {@code -load}).
 *
 * @param keyValues the decoded key values, in key-field order (empty for the collection)
 * @param method    the method segment without its prefix, or null
 */
record ResourcePath(List<String> keyValues, @Nullable String method) {

    /** @return whether the path names the collection itself ({@code /}) */
    boolean isCollection() {
        return keyValues.isEmpty() && method == null;
    }

    /** @return whether the path names one item or node, with no method */
    boolean isItem() {
        return !keyValues.isEmpty() && method == null;
    }

    /**
     * @param rawTail      the undecoded path after the resource's name, starting with {@code /} or empty
     * @param methodPrefix what starts a method segment
     * @throws RestRequestException (400) for an empty segment, an undecodable one, or a method segment that is not
     *                              the last
     */
    static ResourcePath parse(String rawTail, String methodPrefix) {
        String tail = rawTail.startsWith("/") ? rawTail.substring(1) : rawTail;
        if (tail.endsWith("/")) {
            tail = tail.substring(0, tail.length() - 1);
        }
        if (tail.isEmpty()) {
            return new ResourcePath(List.of(), null);
        }
        List<String> values = new ArrayList<>();
        String method = null;
        String[] segments = tail.split("/", -1);
        for (int i = 0; i < segments.length; i++) {
            String segment = decode(segments[i]);
            if (segment.isEmpty()) {
                throw RestRequestException.badRequest("The path has an empty segment: a key value cannot be empty");
            }
            if (segment.startsWith(methodPrefix)) {
                if (i != segments.length - 1 || segment.length() == methodPrefix.length()) {
                    throw RestRequestException.badRequest("'" + segment + "' is not a key value (key values cannot "
                            + "start with '" + methodPrefix + "') nor a method segment at the end of the path");
                }
                method = segment.substring(methodPrefix.length());
            } else {
                values.add(segment);
            }
        }
        return new ResourcePath(List.copyOf(values), method);
    }

    private static String decode(String segment) {
        try {
            return UriUtils.decode(segment, StandardCharsets.UTF_8);
        } catch (IllegalArgumentException e) {
            throw RestRequestException.badRequest("The path segment '" + segment + "' is not validly percent-encoded");
        }
    }

    /** @return the method of a path that is neither the collection nor an item */
    String requireMethod() {
        return Objects.requireNonNull(method, "a path beyond the collection and its items names a method");
    }
}
