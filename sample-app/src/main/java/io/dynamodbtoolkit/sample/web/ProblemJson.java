package io.dynamodbtoolkit.sample.web;

import java.io.IOException;

import jakarta.servlet.http.HttpServletResponse;
import org.springframework.http.HttpStatus;
import tools.jackson.core.io.JsonStringEncoder;

/**
 * Writes RFC 9457 problem details straight to a servlet response, for the places that answer before Spring MVC can
 * (a filter, Tomcat's error report valve).
 */
final class ProblemJson {

    static final String CONTENT_TYPE = "application/problem+json";

    private ProblemJson() {
    }

    /**
     * @param response the response, not yet committed
     * @param status   the status
     * @param detail   what went wrong, for the client
     */
    static void write(HttpServletResponse response, int status, String detail) throws IOException {
        response.setStatus(status);
        response.setContentType(CONTENT_TYPE);
        response.setCharacterEncoding("UTF-8");
        response.getWriter().write(body(status, detail));
    }

    /** @return the JSON of problem details with this status and detail */
    static String body(int status, String detail) {
        HttpStatus known = HttpStatus.resolve(status);
        String title = known != null ? known.getReasonPhrase() : "Error";
        return "{\"type\":\"about:blank\",\"title\":\"" + quoted(title) + "\",\"status\":" + status
                + ",\"detail\":\"" + quoted(detail) + "\"}";
    }

    private static String quoted(String text) {
        StringBuilder quoted = new StringBuilder(text.length() + 8);
        JsonStringEncoder.getInstance().quoteAsString(text, quoted);
        return quoted.toString();
    }
}
