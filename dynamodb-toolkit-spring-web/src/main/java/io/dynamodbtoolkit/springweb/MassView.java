package io.dynamodbtoolkit.springweb;

import java.util.LinkedHashMap;
import java.util.Map;

import io.dynamodbtoolkit.mass.MassResult;
import jakarta.servlet.http.HttpServletRequest;

/**
 * A mass operation's result as the body of its response: {@code processed}, {@code skipped}, {@code failed} and
 * {@code conflicts} (counts), {@code complete}, and while it is not, the {@code cursor} that resumes it (the keys of
 * failed items travel in it), {@code links.next} (the same request with it) and {@code stoppedBy} when a lasting
 * failure cut the run short.
 */
final class MassView {

    private MassView() {
    }

    static Map<String, Object> of(MassResult result, HttpServletRequest request, RequestParameters parameters) {
        Map<String, Object> view = new LinkedHashMap<>();
        view.put("processed", result.processed());
        view.put("skipped", result.skipped());
        view.put("failed", result.failed().size());
        view.put("conflicts", result.conflicts().size());
        view.put("complete", result.isComplete());
        result.next().ifPresent(cursor -> {
            view.put("cursor", cursor);
            view.put("links", Map.of("next", Envelope.link(request, parameters, "cursor", cursor)));
        });
        result.stopped().ifPresent(cause -> view.put("stoppedBy", cause.getClass().getSimpleName()));
        return view;
    }
}
