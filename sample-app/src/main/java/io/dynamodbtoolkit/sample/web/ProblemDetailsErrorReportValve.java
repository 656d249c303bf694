package io.dynamodbtoolkit.sample.web;

import java.io.IOException;
import java.io.Writer;
import java.util.Locale;

import org.apache.catalina.connector.Request;
import org.apache.catalina.connector.Response;
import org.apache.catalina.valves.ErrorReportValve;
import org.springframework.http.HttpStatus;

/**
 * Tomcat's own error responses (a request it rejects before the application sees it, such as a path with invalid
 * characters) as RFC 9457 problem details rather than an HTML page, and without the server's name or version.
 */
public class ProblemDetailsErrorReportValve extends ErrorReportValve {

    @Override
    protected void report(Request request, Response response, Throwable throwable) {
        int status = response.getStatus();
        if (status < 400 || response.getContentWritten() > 0 || !response.setErrorReported()) {
            return;
        }
        HttpStatus known = HttpStatus.resolve(status);
        String title = known != null ? known.getReasonPhrase() : "Error";
        String detail = status >= 500 ? title : "The request was rejected before it reached the application: "
                + title.toLowerCase(Locale.ROOT);
        try {
            response.setContentType(ProblemJson.CONTENT_TYPE);
            response.setCharacterEncoding("UTF-8");
            Writer writer = response.getReporter();
            if (writer != null) {
                writer.write(ProblemJson.body(status, detail));
                response.finishResponse();
            }
        } catch (IOException | IllegalStateException e) {
            // the client is gone, or the response already started: nothing more to say
        }
    }
}
