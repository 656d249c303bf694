package io.dynamodbtoolkit.springweb;

import java.io.IOException;
import java.util.Locale;

import jakarta.servlet.FilterChain;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import org.springframework.core.Ordered;
import org.springframework.http.HttpStatus;
import org.springframework.web.filter.OncePerRequestFilter;

/**
 * Refuses a form body ({@code application/x-www-form-urlencoded}, {@code multipart/form-data}) on an exported route
 * with 415 as problem details, ahead of every other filter: the REST surface takes JSON bodies only, and a form body
 * would otherwise be parsed by the container or a form filter first (a malformed one failing the request with a
 * server error). First in the filter chain ({@link Ordered#HIGHEST_PRECEDENCE}).
 */
public class RestFormBodyGuard extends OncePerRequestFilter implements Ordered {

    private final RestErrorDispatch exported;

    /** @param exported what knows the exported routes' paths and writes their problem details */
    public RestFormBodyGuard(RestErrorDispatch exported) {
        this.exported = exported;
    }

    @Override
    protected boolean shouldNotFilter(HttpServletRequest request) {
        String type = request.getContentType();
        if (type == null) {
            return true;
        }
        String media = type.toLowerCase(Locale.ROOT).trim();
        return !(media.startsWith("application/x-www-form-urlencoded") || media.startsWith("multipart/"))
                || !exported.isExported(request.getRequestURI().substring(request.getContextPath().length()));
    }

    @Override
    protected void doFilterInternal(HttpServletRequest request, HttpServletResponse response, FilterChain chain)
            throws IOException {
        exported.write(request, response, HttpStatus.UNSUPPORTED_MEDIA_TYPE, "The REST surface takes JSON bodies: "
                + "send Content-Type: application/json, not a form");
    }

    @Override
    public int getOrder() {
        return Ordered.HIGHEST_PRECEDENCE;
    }
}
