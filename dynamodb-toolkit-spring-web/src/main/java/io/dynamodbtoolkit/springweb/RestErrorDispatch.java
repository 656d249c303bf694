package io.dynamodbtoolkit.springweb;

import java.io.IOException;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;

import jakarta.servlet.DispatcherType;
import jakarta.servlet.FilterChain;
import jakarta.servlet.RequestDispatcher;
import jakarta.servlet.ServletException;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import org.springframework.http.HttpStatus;
import org.springframework.http.MediaType;
import org.springframework.web.filter.OncePerRequestFilter;
import tools.jackson.databind.json.JsonMapper;

/**
 * The errors the servlet container answers itself on an exported route, as RFC 9457 problem details rather than the
 * application's error page: a method it refuses ({@code TRACE}, 405), a body it cannot read (a bad chunk size, a body
 * shorter than its {@code Content-Length} once the connector's read timeout passes), any failure that reaches the
 * container. A filter on the container's error dispatch: register it for every dispatcher type (Spring Boot does so
 * for a bean of this class); errors of other paths go on to the application's error page.
 */
public class RestErrorDispatch extends OncePerRequestFilter {

    private static final JsonMapper JSON = JsonMapper.builder().build();

    private final ExportedResourceController controller;

    /** @param controller the exported resources' controller, whose paths this filter answers for */
    public RestErrorDispatch(ExportedResourceController controller) {
        this.controller = controller;
    }

    @Override
    protected boolean shouldNotFilterErrorDispatch() {
        return false;
    }

    @Override
    protected boolean shouldNotFilter(HttpServletRequest request) {
        return request.getDispatcherType() != DispatcherType.ERROR
                || !(request.getAttribute(RequestDispatcher.ERROR_REQUEST_URI) instanceof String uri)
                || !isExported(uri.substring(Math.min(uri.length(), request.getContextPath().length())));
    }

    @Override
    protected void doFilterInternal(HttpServletRequest request, HttpServletResponse response, FilterChain chain)
            throws ServletException, IOException {
        int code = request.getAttribute(RequestDispatcher.ERROR_STATUS_CODE) instanceof Integer given ? given : 500;
        HttpStatus status = HttpStatus.resolve(code);
        if (status == null || !status.isError()) {
            status = HttpStatus.INTERNAL_SERVER_ERROR;
        }
        write(request, response, status, status.is5xxServerError() ? "The request failed; try again shortly"
                : "The request was refused before the REST surface could read it: "
                        + status.getReasonPhrase().toLowerCase(Locale.ROOT) + hint(status));
    }

    /** Writes problem details of the REST surface's kind ({@code http-<status>}) as the whole response. */
    void write(HttpServletRequest request, HttpServletResponse response, HttpStatus status, String detail)
            throws IOException {
        response.setStatus(status.value());
        response.setContentType(MediaType.APPLICATION_PROBLEM_JSON_VALUE);
        response.setCharacterEncoding("UTF-8");
        if (!"HEAD".equals(request.getMethod())) {
            response.getOutputStream().write(problem(status, detail));
        }
    }

    /** @return problem details of the REST surface's kind ({@code http-<status>}), as UTF-8 JSON */
    static byte[] problem(HttpStatus status, String detail) {
        Map<String, Object> problem = new LinkedHashMap<>();
        problem.put("type", RestProblemAdvice.TYPE_PREFIX + "http-" + status.value());
        problem.put("title", status.getReasonPhrase());
        problem.put("status", status.value());
        problem.put("detail", detail);
        return JSON.writeValueAsBytes(problem);
    }

    private static String hint(HttpStatus status) {
        return switch (status) {
            case METHOD_NOT_ALLOWED -> " (the routes take GET, HEAD, POST, PUT, PATCH and DELETE)";
            case BAD_REQUEST -> " (a malformed request line, header or body framing)";
            case REQUEST_TIMEOUT -> " (the body did not arrive in time: send as many bytes as Content-Length says)";
            default -> "";
        };
    }

    /** @return whether a path (after the context path) is an exported resource's or under it */
    boolean isExported(String path) {
        String base = controller.getBasePath().endsWith("/") ? controller.getBasePath()
                : controller.getBasePath() + "/";
        if (!path.startsWith(base)) {
            return false;
        }
        String rest = path.substring(base.length());
        int slash = rest.indexOf('/');
        String name = slash < 0 ? rest : rest.substring(0, slash);
        return controller.getResources().find(name).isPresent();
    }
}
