package io.dynamodbtoolkit.springweb;

import java.nio.charset.StandardCharsets;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import io.dynamodbtoolkit.adapter.ItemPage;
import jakarta.servlet.http.HttpServletRequest;
import org.springframework.web.util.UriUtils;

/**
 * The original's list envelope: {@code data} (the page), {@code limit}, {@code total} when asked for, {@code offset}
 * with offset paging, and {@code links} with {@code next} (the same request with the page's cursor) and, with offset
 * paging, {@code prev}.
 */
final class Envelope {

    private Envelope() {
    }

    /** @return the envelope of a page */
    static Map<String, Object> of(ItemPage<?> page, ListRequest list, HttpServletRequest request,
            RequestParameters parameters) {
        Map<String, Object> envelope = new LinkedHashMap<>();
        envelope.put("data", page.items());
        page.total().ifPresent(total -> envelope.put("total", total));
        envelope.put("limit", list.limit());
        long offset = list.options().offset();
        if (offset > 0) {
            envelope.put("offset", offset);
        }
        Map<String, String> links = new LinkedHashMap<>();
        page.next().ifPresent(cursor -> links.put("next", link(request, parameters, "cursor", cursor)));
        if (offset > 0) {
            links.put("prev", link(request, parameters, "offset", String.valueOf(Math.max(0, offset - list.limit()))));
        }
        if (!links.isEmpty()) {
            envelope.put("links", links);
        }
        return envelope;
    }

    /**
     * @return the request's path and parameters with one parameter set (and the other paging parameter dropped), each
     *         name and value encoded
     */
    static String link(HttpServletRequest request, RequestParameters parameters, String name, String value) {
        StringBuilder link = new StringBuilder(request.getRequestURI());
        char separator = '?';
        for (Map.Entry<String, List<String>> parameter : parameters.asLists().entrySet()) {
            if (parameter.getKey().equals("cursor") || parameter.getKey().equals("offset")) {
                continue;
            }
            for (String given : parameter.getValue()) {
                link.append(separator).append(encoded(parameter.getKey())).append('=').append(encoded(given));
                separator = '&';
            }
        }
        return link.append(separator).append(name).append('=').append(encoded(value)).toString();
    }

    private static String encoded(String text) {
        return UriUtils.encodeQueryParam(text, StandardCharsets.UTF_8).replace("&", "%26").replace("=", "%3D")
                .replace("+", "%2B");
    }
}
