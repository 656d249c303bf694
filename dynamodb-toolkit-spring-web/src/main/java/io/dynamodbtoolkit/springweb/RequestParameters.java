package io.dynamodbtoolkit.springweb;

import java.util.List;
import java.util.Locale;
import java.util.Map;

/** Typed access to a request's query parameters: one value each, refused (400) when malformed. */
final class RequestParameters {

    private final Map<String, String[]> values;

    RequestParameters(Map<String, String[]> values) {
        this.values = values;
    }

    /** @return the parameters as a map of lists, for the filter grammar */
    Map<String, List<String>> asLists() {
        return values.entrySet().stream().collect(java.util.stream.Collectors.toMap(Map.Entry::getKey,
                entry -> List.of(entry.getValue()), (a, b) -> a, java.util.LinkedHashMap::new));
    }

    /** @return the single value of a parameter, or null when absent */
    String get(String name) {
        String[] given = values.get(name);
        if (given == null || given.length == 0) {
            return null;
        }
        if (given.length > 1) {
            throw RestRequestException.badRequest("The parameter '" + name + "' is given " + given.length
                    + " times; give it once");
        }
        return given[0];
    }

    /** @return whether the parameter is given */
    boolean has(String name) {
        return values.containsKey(name);
    }

    /** @return the parameter as a whole number in [min, max], or the default when absent */
    long number(String name, long min, long max, long absent) {
        String text = get(name);
        if (text == null) {
            return absent;
        }
        long value;
        try {
            value = Long.parseLong(text.trim());
        } catch (NumberFormatException e) {
            throw RestRequestException.badRequest("The parameter '" + name + "' must be a whole number, not '"
                    + KeyPaths.abbreviated(text) + "'");
        }
        if (value < min || value > max) {
            throw RestRequestException.badRequest("The parameter '" + name + "' must be between " + min + " and "
                    + max + ", not " + value);
        }
        return value;
    }

    /** @return a flag: true, yes, 1, on (or given with no value) / false, no, 0, off; false when absent */
    boolean flag(String name) {
        String text = get(name);
        if (text == null) {
            return false;
        }
        switch (text.trim().toLowerCase(Locale.ROOT)) {
            case "", "true", "yes", "1", "on":
                return true;
            case "false", "no", "0", "off":
                return false;
            default:
                throw RestRequestException.badRequest("The parameter '" + name + "' is a flag (true or false), not '"
                        + KeyPaths.abbreviated(text) + "'");
        }
    }

    /** @return a comma-separated list, at most {@code most} non-empty values; empty when absent */
    List<String> list(String name, int most) {
        String text = get(name);
        if (text == null || text.isBlank()) {
            return List.of();
        }
        List<String> items = java.util.Arrays.stream(text.split(",")).map(String::trim).filter(s -> !s.isEmpty())
                .toList();
        if (items.size() > most) {
            throw RestRequestException.badRequest("The parameter '" + name + "' names " + items.size()
                    + " values; at most " + most + " are accepted");
        }
        return items;
    }
}
