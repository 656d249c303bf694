package io.dynamodbtoolkit.springweb;

import java.io.IOException;
import java.nio.charset.StandardCharsets;

import org.apache.catalina.Host;
import org.apache.catalina.Valve;
import org.apache.catalina.connector.Request;
import org.apache.catalina.connector.Response;
import org.apache.catalina.valves.ErrorReportValve;
import org.springframework.http.HttpStatus;
import org.springframework.http.MediaType;

/**
 * Tomcat's error report for the requests it refuses before any application code runs (a path holding {@code %00} or
 * bytes that are not UTF-8): on an exported route, RFC 9457 problem details of the REST surface's kind
 * ({@code http-400}) instead of Tomcat's HTML page; every other path keeps Tomcat's own report. Put in place of the
 * host's error report valve (the Spring Boot auto-configuration does so on Tomcat; an application that installs a
 * valve of its own keeps its own).
 */
public class RestContainerErrorValve extends ErrorReportValve {

    private final RestErrorDispatch exported;

    /** @param exported the exported routes' error dispatch, which knows their paths */
    public RestContainerErrorValve(RestErrorDispatch exported) {
        this.exported = exported;
        setShowReport(false);
        setShowServerInfo(false);
    }

    /**
     * Puts a valve of this class in place of Tomcat's plain error report valve on a host, before it starts; a host
     * whose error report valve is an application's own (another class) keeps it.
     *
     * @param host     the host (a context's parent)
     * @param exported the exported routes' error dispatch
     */
    public static void install(Host host, RestErrorDispatch exported) {
        if (!(host instanceof org.apache.catalina.core.StandardHost standard)
                || !ErrorReportValve.class.getName().equals(standard.getErrorReportValveClass())) {
            return;
        }
        for (Valve valve : host.getPipeline().getValves()) {
            if (valve.getClass() == ErrorReportValve.class) {
                host.getPipeline().removeValve(valve);
            }
        }
        host.getPipeline().addValve(new RestContainerErrorValve(exported));
        // the host, starting, adds a valve of this class unless it finds one: it finds this one
        standard.setErrorReportValveClass(RestContainerErrorValve.class.getName());
    }

    @Override
    protected void report(Request request, Response response, Throwable throwable) {
        HttpStatus status = HttpStatus.resolve(response.getStatus());
        if (status == null || !status.isError() || !exported.isExported(pathOf(request))) {
            super.report(request, response, throwable);
            return;
        }
        if (response.getContentWritten() > 0 || !response.setErrorReported()) {
            return;
        }
        try {
            response.setContentType(MediaType.APPLICATION_PROBLEM_JSON_VALUE);
            response.setCharacterEncoding("UTF-8");
            var writer = response.getReporter();
            if (writer != null) {
                writer.write(new String(RestErrorDispatch.problem(status, status.is5xxServerError()
                        ? "The request failed; try again shortly" : "The request was refused before the REST "
                        + "surface could read it: its path is not valid (a NUL, or bytes that are not UTF-8)"),
                        StandardCharsets.UTF_8));
                response.finishResponse();
            }
        } catch (IOException | IllegalStateException e) {
            // the client is gone, or the response has started: nothing more can be said
        }
    }

    /** @return the request's path as sent, after the context path where one is mapped */
    private static String pathOf(Request request) {
        String uri = request.getRequestURI();
        if (uri == null) {
            return "";
        }
        String context = request.getContextPath();
        return context != null && !context.isEmpty() && uri.startsWith(context) ? uri.substring(context.length())
                : uri;
    }
}
