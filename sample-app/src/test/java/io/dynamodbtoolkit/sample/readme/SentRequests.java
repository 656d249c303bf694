package io.dynamodbtoolkit.sample.readme;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.function.UnaryOperator;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;

import io.dynamodbtoolkit.expression.AttributeValues;
import io.dynamodbtoolkit.test.RecordedCall;
import io.dynamodbtoolkit.test.RequestLog;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.BatchGetItemRequest;
import software.amazon.awssdk.services.dynamodb.model.GetItemRequest;
import software.amazon.awssdk.services.dynamodb.model.QueryRequest;
import software.amazon.awssdk.services.dynamodb.model.QueryResponse;
import software.amazon.awssdk.services.dynamodb.model.ScanRequest;
import software.amazon.awssdk.services.dynamodb.model.ScanResponse;

/**
 * Renders the reads a piece of code sent, one line per call, for the README's "request it sends" blocks:
 * {@code Query rentals: state = "TX" AND begins_with(_sk, "TX|Dallas|") -> read 4, returned 4}. Placeholders are
 * replaced by the names and values they stand for; writes and control-plane calls are left out.
 */
public final class SentRequests {

    private static final Pattern PLACEHOLDER = Pattern.compile("[#:][A-Za-z0-9_]+");

    private SentRequests() {
    }

    /**
     * @param log   the calls
     * @param table how to show a table name (e.g. without a test's unique prefix)
     * @return one line per read, in the order sent
     */
    public static List<String> of(RequestLog log, UnaryOperator<String> table) {
        List<String> lines = new ArrayList<>();
        for (RecordedCall call : log.calls()) {
            switch (call.operation()) {
                case "Query" -> lines.add(query(call.request(QueryRequest.class),
                        (QueryResponse) call.response(), table));
                case "Scan" -> lines.add(scan(call.request(ScanRequest.class), (ScanResponse) call.response(),
                        table));
                case "GetItem" -> {
                    GetItemRequest get = call.request(GetItemRequest.class);
                    lines.add("GetItem " + table.apply(get.tableName()) + ": " + key(get.key()));
                }
                case "BatchGetItem" -> call.request(BatchGetItemRequest.class).requestItems().forEach((name, keys) ->
                        lines.add("BatchGetItem " + table.apply(name) + ": " + keys.keys().size() + " keys"));
                default -> {
                    // writes and table management are not reads
                }
            }
        }
        return lines;
    }

    /** @return the lines joined, as a README block holds them */
    public static String text(RequestLog log, UnaryOperator<String> table) {
        return String.join("\n", of(log, table));
    }

    private static String query(QueryRequest query, QueryResponse response, UnaryOperator<String> table) {
        StringBuilder line = new StringBuilder("Query ").append(table.apply(query.tableName()));
        if (query.indexName() != null) {
            line.append(", index ").append(query.indexName());
        }
        if (Boolean.FALSE.equals(query.scanIndexForward())) {
            line.append(", backwards");
        }
        line.append(": ").append(show(query.keyConditionExpression(), query.expressionAttributeNames(),
                query.expressionAttributeValues()));
        if (query.filterExpression() != null) {
            line.append(" FILTER ").append(show(query.filterExpression(), query.expressionAttributeNames(),
                    query.expressionAttributeValues()));
        }
        return line.append(counts(response == null ? null : response.scannedCount(),
                response == null ? null : response.count())).toString();
    }

    private static String scan(ScanRequest scan, ScanResponse response, UnaryOperator<String> table) {
        StringBuilder line = new StringBuilder("Scan ").append(table.apply(scan.tableName()));
        if (scan.filterExpression() != null) {
            line.append(": FILTER ").append(show(scan.filterExpression(), scan.expressionAttributeNames(),
                    scan.expressionAttributeValues()));
        }
        return line.append(counts(response == null ? null : response.scannedCount(),
                response == null ? null : response.count())).toString();
    }

    private static String counts(Integer scanned, Integer returned) {
        return " -> read " + scanned + ", returned " + returned;
    }

    /** @return the string with characters beyond the Basic Multilingual Plane shown as {@code \\u{10FFFF}} */
    private static String printable(String text) {
        StringBuilder shown = new StringBuilder();
        text.codePoints().forEach(point -> {
            if (point > 0xFFFF) {
                shown.append(String.format("\\u{%X}", point));
            } else {
                shown.appendCodePoint(point);
            }
        });
        return shown.toString();
    }

    private static String key(Map<String, AttributeValue> key) {
        return key.entrySet().stream().map(entry -> entry.getKey() + " = " + value(entry.getValue()))
                .collect(Collectors.joining(", "));
    }

    private static String show(String expression, Map<String, String> names, Map<String, AttributeValue> values) {
        Matcher matcher = PLACEHOLDER.matcher(expression);
        StringBuilder shown = new StringBuilder();
        while (matcher.find()) {
            String token = matcher.group();
            String replacement = token.startsWith("#") ? names.getOrDefault(token, token)
                    : values.containsKey(token) ? value(values.get(token)) : token;
            matcher.appendReplacement(shown, Matcher.quoteReplacement(replacement));
        }
        return matcher.appendTail(shown).toString();
    }

    private static String value(AttributeValue value) {
        if (value.s() != null) {
            return '"' + printable(value.s()) + '"';
        }
        if (value.n() != null) {
            return value.n();
        }
        return String.valueOf(AttributeValues.toJava(value));
    }
}
