package io.dynamodbtoolkit.sample.web;

import java.io.IOException;

import jakarta.servlet.FilterChain;
import jakarta.servlet.ServletException;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import org.springframework.core.Ordered;
import org.springframework.core.annotation.Order;
import org.springframework.http.InvalidMediaTypeException;
import org.springframework.http.MediaType;
import org.springframework.stereotype.Component;
import org.springframework.web.filter.OncePerRequestFilter;

/**
 * Answers 415, as problem details, for a request whose {@code Content-Type} cannot describe a body: unparsable, or a
 * wildcard such as {@code *}{@code /*}. Spring MVC fails on those with a server error wherever it reads the request's
 * headers, the error page included, so the answer is written here.
 */
@Component
@Order(Ordered.HIGHEST_PRECEDENCE)
public class RequestContentTypeFilter extends OncePerRequestFilter {

    @Override
    protected void doFilterInternal(HttpServletRequest request, HttpServletResponse response, FilterChain chain)
            throws ServletException, IOException {
        String contentType = request.getContentType();
        if (contentType != null) {
            String refusal = refusal(contentType);
            if (refusal != null) {
                ProblemJson.write(response, HttpServletResponse.SC_UNSUPPORTED_MEDIA_TYPE, refusal);
                return;
            }
        }
        chain.doFilter(request, response);
    }

    private static String refusal(String contentType) {
        try {
            MediaType type = MediaType.parseMediaType(contentType);
            return type.isWildcardType() || type.isWildcardSubtype()
                    ? "A Content-Type names what the body is: use application/json, not a wildcard" : null;
        } catch (InvalidMediaTypeException e) {
            return "The Content-Type cannot be parsed: use application/json";
        }
    }
}
