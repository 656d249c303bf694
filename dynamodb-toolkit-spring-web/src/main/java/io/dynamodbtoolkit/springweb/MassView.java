package io.dynamodbtoolkit.springweb;

import java.util.Base64;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;

import io.dynamodbtoolkit.key.KeyModel;
import io.dynamodbtoolkit.mass.MassResult;
import jakarta.servlet.http.HttpServletRequest;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * A mass operation's result as the body of its response: {@code processed}, {@code skipped}, {@code failed} and
 * {@code conflicts} (counts), {@code complete}, and while it is not, the {@code cursor} that resumes it (the keys of
 * failed items travel in it), {@code links.next} (the same request with it) and {@code stoppedBy} when a lasting
 * failure cut the run short; {@code failedKeys} and {@code conflictKeys} name the rows, as key paths
 * ({@code TX/Dallas/1HGC0001}), when there are any.
 */
final class MassView {

    private MassView() {
    }

    static Map<String, Object> of(MassResult result, KeyModel keys, HttpServletRequest request,
            RequestParameters parameters) {
        Map<String, Object> view = new LinkedHashMap<>();
        view.put("processed", result.processed());
        view.put("skipped", result.skipped());
        view.put("failed", result.failed().size());
        view.put("conflicts", result.conflicts().size());
        view.put("complete", result.isComplete());
        if (!result.failed().isEmpty()) {
            view.put("failedKeys", result.failed().stream().map(failure -> path(keys, failure.key())).toList());
        }
        if (!result.conflicts().isEmpty()) {
            view.put("conflictKeys", result.conflicts().stream().map(conflict -> path(keys, conflict.key())).toList());
        }
        result.next().ifPresent(cursor -> {
            view.put("cursor", cursor);
            view.put("links", Map.of("next", Envelope.link(request, parameters, "cursor", cursor)));
        });
        result.stopped().ifPresent(cause -> view.put("stoppedBy", cause.getClass().getSimpleName()));
        return view;
    }

    /** @return a stored primary key as the key path a client names it by */
    private static String path(KeyModel keys, Map<String, AttributeValue> primaryKey) {
        List<Object> values = List.copyOf(keys.codec().keyValuesFromPrimaryKey(primaryKey).asMap().values());
        return values.stream().map(value -> value instanceof AttributeValue attribute ? text(attribute)
                : String.valueOf(value)).collect(Collectors.joining("/"));
    }

    private static String text(AttributeValue value) {
        return value.s() != null ? value.s() : value.n() != null ? value.n()
                : value.b() != null ? Base64.getUrlEncoder().withoutPadding().encodeToString(value.b().asByteArray())
                : String.valueOf(value);
    }
}
