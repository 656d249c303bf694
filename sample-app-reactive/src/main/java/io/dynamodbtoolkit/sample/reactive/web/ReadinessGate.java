package io.dynamodbtoolkit.sample.reactive.web;

import org.springframework.boot.availability.ApplicationAvailability;
import org.springframework.boot.availability.ReadinessState;
import org.springframework.core.Ordered;
import org.springframework.core.annotation.Order;
import org.springframework.http.HttpHeaders;
import org.springframework.http.HttpStatus;
import org.springframework.http.MediaType;
import org.springframework.http.server.reactive.ServerHttpResponse;
import org.springframework.stereotype.Component;
import org.springframework.web.server.ServerWebExchange;
import org.springframework.web.server.WebFilter;
import org.springframework.web.server.WebFilterChain;
import reactor.core.publisher.Mono;
import tools.jackson.databind.json.JsonMapper;

/**
 * Serves requests only while Boot's readiness state is {@code ACCEPTING_TRAFFIC}; any other request is a 503 as
 * problem details, with {@code Retry-After}. The web server listens before the application runners run (the demo rows
 * are written by one), and Boot turns the state to {@code ACCEPTING_TRAFFIC} only after the last runner, and back to
 * {@code REFUSING_TRAFFIC} when the application shuts down: so nothing is answered from a table still being filled.
 */
@Component
@Order(Ordered.HIGHEST_PRECEDENCE)
public class ReadinessGate implements WebFilter {

    /** Seconds a client is asked to wait before trying again. */
    private static final String RETRY_AFTER_SECONDS = "1";

    private final ApplicationAvailability availability;
    private final JsonMapper json;

    /**
     * @param availability Boot's availability states
     * @param json         writes the problem details
     */
    public ReadinessGate(ApplicationAvailability availability, JsonMapper json) {
        this.availability = availability;
        this.json = json;
    }

    @Override
    public Mono<Void> filter(ServerWebExchange exchange, WebFilterChain chain) {
        if (availability.getReadinessState() == ReadinessState.ACCEPTING_TRAFFIC) {
            return chain.filter(exchange);
        }
        ServerHttpResponse response = exchange.getResponse();
        response.setStatusCode(HttpStatus.SERVICE_UNAVAILABLE);
        response.getHeaders().setContentType(MediaType.APPLICATION_PROBLEM_JSON);
        response.getHeaders().set(HttpHeaders.RETRY_AFTER, RETRY_AFTER_SECONDS);
        byte[] body = Problems.json(json, Problems.of(HttpStatus.SERVICE_UNAVAILABLE, "not-ready", "Not ready",
                "The application is starting or stopping; try again shortly"),
                exchange.getRequest().getPath().value());
        return response.writeWith(Mono.fromSupplier(() -> response.bufferFactory().wrap(body)));
    }
}
