package io.dynamodbtoolkit.springweb;

import java.net.URI;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.function.Supplier;

import io.dynamodbtoolkit.key.KeyField;
import io.dynamodbtoolkit.key.KeyModel;
import io.dynamodbtoolkit.key.KeyValues;
import io.dynamodbtoolkit.mass.MassOptions;
import io.dynamodbtoolkit.springdata.core.DynamoDbToolkitTemplate;
import io.dynamodbtoolkit.springdata.core.ScopeProvider;
import jakarta.servlet.http.HttpServletRequest;
import org.springframework.dao.OptimisticLockingFailureException;
import org.springframework.http.CacheControl;
import org.springframework.http.HttpHeaders;
import org.springframework.http.HttpStatus;
import org.springframework.http.ResponseEntity;

/**
 * One request to one exported resource: the resource, its bodies and the policy, the servlet request and its
 * parameters, and what the operations on it share (the current scope, the keys a request names, If-Match, the ETag and
 * the response of a write).
 */
final class ResourceRequest {

    private final ExportedResource resource;
    private final DynamoDbToolkitTemplate template;
    private final KeyModel keys;
    private final EntityBodies bodies;
    private final RestPolicy policy;
    private final HttpServletRequest request;
    private final RequestParameters parameters;
    private final String collectionPath;

    ResourceRequest(ExportedResource resource, EntityBodies bodies, RestPolicy policy, HttpServletRequest request,
            RequestParameters parameters, String collectionPath) {
        this.resource = resource;
        this.template = resource.template();
        this.keys = template.getDeclaration().keys();
        this.bodies = bodies;
        this.policy = policy;
        this.request = request;
        this.parameters = parameters;
        this.collectionPath = collectionPath;
    }

    ExportedResource resource() {
        return resource;
    }

    EntityBodies bodies() {
        return bodies;
    }

    RestPolicy policy() {
        return policy;
    }

    HttpServletRequest servlet() {
        return request;
    }

    RequestParameters parameters() {
        return parameters;
    }

    /**
     * @return the route's answer, once the request's parameters are all ones the route takes
     * @throws RestRequestException (400) naming a parameter the route does not take, before the route does anything
     */
    ResponseEntity<?> taking(RouteParameters route, Supplier<ResponseEntity<?>> answer) {
        parameters.requireTakenBy(route);
        return answer.get();
    }

    Optional<KeyValues> currentScope() {
        if (template.getScopeFields().isEmpty()) {
            return Optional.empty();
        }
        return template.getScopeProvider().flatMap(ScopeProvider::currentScope);
    }

    MassOptions massOptions() {
        long maxItems = parameters.number("maxItems", 1, policy.maxMassItems(), policy.maxMassItems());
        MassOptions options = MassOptions.defaults().withMaxItems(maxItems);
        String cursor = parameters.get("cursor");
        return cursor == null ? options : options.withCursor(cursor);
    }

    List<KeyValues> names() {
        return List.copyOf(namedKeys().values());
    }

    /** @return the keys {@code names=} lists, by the name given (a hierarchical key as a path, TX/Dallas) */
    Map<String, KeyValues> namedKeys() {
        List<String> names = parameters.list("names", policy.maxNames());
        if (names.isEmpty()) {
            throw RestRequestException.badRequest("Name the keys: names=a,b (a hierarchical key as a path, TX/Dallas)");
        }
        Map<String, KeyValues> named = new LinkedHashMap<>();
        names.forEach(name -> named.put(name, KeyPaths.ofName(keys, name)));
        return named;
    }

    String versionProperty(Map<String, Object> fields) {
        return bodies.versionProperty(bodies.tierClass(fields)).orElseThrow(() -> RestRequestException.badRequest(
                "'" + resource.name() + "' has no version field, so If-Match cannot be checked"));
    }

    void requireVersion(Object current, long expected) {
        Object version = bodies.version(current).orElseThrow(() -> RestRequestException.badRequest("'"
                + resource.name() + "' has no version field, so If-Match cannot be checked"));
        if (!Objects.equals(String.valueOf(version), String.valueOf(expected))) {
            throw new OptimisticLockingFailureException("The item is at version " + version + ", not " + expected);
        }
    }

    /** @return the version If-Match names, if the request has one */
    Optional<Long> ifMatch() {
        String header = request.getHeader(HttpHeaders.IF_MATCH);
        if (header == null) {
            return Optional.empty();
        }
        String tag = header.trim();
        if (tag.startsWith("W/")) {
            tag = tag.substring(2);
        }
        if (tag.length() >= 2 && tag.startsWith("\"") && tag.endsWith("\"")) {
            tag = tag.substring(1, tag.length() - 1);
        }
        try {
            return Optional.of(Long.parseLong(tag));
        } catch (NumberFormatException e) {
            throw RestRequestException.badRequest("If-Match must name one version, as the ETag of a read gives it "
                    + "(\"3\"), not '" + KeyPaths.abbreviated(header) + "'");
        }
    }

    Optional<String> etag(Object entity) {
        return bodies.version(entity).map(version -> "\"" + version + "\"");
    }

    CacheControl cacheControl() {
        Duration maxAge = policy.readCacheMaxAge();
        return maxAge.isZero() ? CacheControl.noCache().cachePrivate() : CacheControl.maxAge(maxAge).cachePrivate();
    }

    ResponseEntity<?> written(HttpStatus status, Object entity) {
        ResponseEntity.BodyBuilder response = ResponseEntity.status(status);
        if (status == HttpStatus.CREATED) {
            Map<String, Object> fields = bodies.fields(entity);
            List<Object> keyValues = new ArrayList<>();
            for (KeyField field : keys.keyFields()) {
                if (fields.get(field.name()) == null) {
                    break;
                }
                keyValues.add(fields.get(field.name()));
            }
            response.location(URI.create(ExportedResourceController.keyPath(collectionPath, keyValues)));
        }
        etag(entity).ifPresent(response::eTag);
        return response.body(entity);
    }

    RestRequestException miss(KeyValues key) {
        return new RestRequestException(policy.miss(), "no-such-item", "No such item", "No item of '"
                + resource.name() + "' has the key " + key.asMap().values());
    }
}
