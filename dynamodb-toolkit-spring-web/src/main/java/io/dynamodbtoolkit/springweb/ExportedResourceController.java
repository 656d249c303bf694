package io.dynamodbtoolkit.springweb;

import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.List;

import io.dynamodbtoolkit.adapter.AdapterDeclaration;
import jakarta.servlet.http.HttpServletRequest;
import org.jspecify.annotations.Nullable;
import org.springframework.http.HttpMethod;
import org.springframework.http.HttpStatus;
import org.springframework.http.ResponseEntity;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.util.UriUtils;
import tools.jackson.databind.ObjectMapper;

/**
 * The routes of the original toolkit's REST handler, for every exported resource under
 * {@code {dynamodb.toolkit.rest.base-path}/{name}}:
 * <ul>
 * <li>{@code GET /} list (a Scan, or within the current scope a key seek), {@code POST /} create, {@code DELETE /}
 * delete every match (refused outside a scope unless the policy allows it);</li>
 * <li>{@code PUT /-clone}, {@code PUT /-move}: every match of the list copied / moved with the body laid over it
 * ({@code maxItems}, {@code cursor});</li>
 * <li>{@code GET|DELETE /-by-names?names=a,b}, {@code PUT /-load}, {@code PUT /-clone-by-names},
 * {@code PUT /-move-by-names};</li>
 * <li>{@code GET|PUT|PATCH|DELETE /{key...}} (a hierarchical key is a path, {@code /TX/Dallas/1HGC001}),
 * {@code PUT /{key...}/-clone}, {@code PUT /{key...}/-move};</li>
 * <li>the subtree reads {@code GET /{key...}/-under}, {@code -self-and-under}, {@code -partial?prefix=Dal}, and the
 * subtree deletes {@code DELETE /{key...}/-under}, {@code -self-and-under} (with {@code maxItems} and
 * {@code cursor});</li>
 * </ul>
 * HEAD wherever GET is. What each route does is in {@link ResourceOperations}, {@link NamedItemOperations} and
 * {@link ResourceMassOperations}; this class only routes. Its handler
 * methods are mapped by {@link ExportedResourceMappings}, under the exported names only, so the application's own
 * controllers keep every other path under the base path.
 */
public class ExportedResourceController {

    private final ExportedResources resources;
    private final RestPolicy policy;
    private final ObjectMapper json;
    private final StrictJson strict;
    private final String basePath;
    private final int baseSegments;

    /**
     * @param resources the exported resources
     * @param policy    the REST policy
     * @param json      the application's JSON mapper; bodies are read with a strict copy of it (see the module's
     *                  README), the mapper itself is not changed
     * @param basePath  the base path the controller is mapped under (the value of
     *                  {@code dynamodb.toolkit.rest.base-path})
     */
    public ExportedResourceController(ExportedResources resources, RestPolicy policy, ObjectMapper json,
            String basePath) {
        this.resources = resources;
        this.policy = policy;
        this.json = json;
        this.strict = new StrictJson(json, policy);
        this.basePath = basePath;
        this.baseSegments = (int) Arrays.stream(basePath.split("/")).filter(s -> !s.isEmpty()).count();
    }

    /** GET and HEAD. */
    public ResponseEntity<?> read(@PathVariable String resource, HttpServletRequest request) {
        ResourceRequest call = call(resource, request);
        ResourceOperations items = new ResourceOperations(call);
        ResourcePath path = path(request);
        if (path.isCollection()) {
            return call.taking(RouteParameters.LIST, items::list);
        }
        if (path.isItem()) {
            return call.taking(RouteParameters.NONE, () -> items.get(path.keyValues()));
        }
        return switch (path.requireMethod()) {
            case "by-names" -> collectionOnly(path, () -> call.taking(RouteParameters.NAMES, items::getByNames));
            case "under", "self-and-under" -> call.taking(RouteParameters.LIST, () -> items.subtree(path.keyValues(),
                    path.requireMethod()));
            case "partial" -> call.taking(RouteParameters.PARTIAL_READ, () -> items.subtree(path.keyValues(),
                    path.requireMethod()));
            default -> throw unknown(path, HttpMethod.GET);
        };
    }

    /** POST. */
    public ResponseEntity<?> create(@PathVariable String resource, @RequestBody(required = false) byte[] content,
            HttpServletRequest request) {
        ResourceRequest call = call(resource, request);
        ResourceOperations items = new ResourceOperations(call);
        ResourcePath path = path(request);
        if (!path.isCollection()) {
            throw notAllowed(path, HttpMethod.POST);
        }
        Object body = body(content, request);
        return call.taking(RouteParameters.NONE, () -> items.create(body));
    }

    /** PUT. */
    public ResponseEntity<?> put(@PathVariable String resource, @RequestBody(required = false) byte[] content,
            HttpServletRequest request) {
        ResourceRequest call = call(resource, request);
        ResourceOperations items = new ResourceOperations(call);
        ResourceMassOperations mass = new ResourceMassOperations(call);
        NamedItemOperations named = new NamedItemOperations(call);
        ResourcePath path = path(request);
        Object body = body(content, request);
        if (path.isItem()) {
            return call.taking(RouteParameters.REPLACE, () -> items.put(path.keyValues(), body));
        }
        if (path.isCollection()) {
            throw notAllowed(path, HttpMethod.PUT);
        }
        AdapterDeclaration<?> declaration = call.resource().template().getDeclaration();
        boolean cascades = declaration.cascades();
        boolean subtree = cascades && path.keyValues().size() < declaration.keys().keyFields().size();
        return switch (path.requireMethod()) {
            case "load" -> collectionOnly(path, () -> call.taking(RouteParameters.NONE,
                    () -> new ItemLoad(call).run(body)));
            case "clone-by-names" -> collectionOnly(path, () -> call.taking(RouteParameters.NAMES,
                    () -> named.cloneByNames(body)));
            case "move-by-names" -> collectionOnly(path, () -> call.taking(cascades
                    ? RouteParameters.NAMES_OF_SUBTREES : RouteParameters.NAMES, () -> named.moveByNames(body)));
            case "clone" -> path.keyValues().isEmpty()
                    ? call.taking(RouteParameters.MATCHING, () -> mass.cloneMatching(body))
                    : call.taking(subtree ? RouteParameters.SUBTREE : RouteParameters.NONE,
                            () -> named.cloneItem(path.keyValues(), body));
            case "move" -> path.keyValues().isEmpty()
                    ? call.taking(RouteParameters.MATCHING, () -> mass.moveMatching(body))
                    : call.taking(cascades ? RouteParameters.SUBTREE : RouteParameters.NONE,
                            () -> named.moveItem(path.keyValues(), body));
            default -> throw unknown(path, HttpMethod.PUT);
        };
    }

    /** PATCH. */
    public ResponseEntity<?> patch(@PathVariable String resource, @RequestBody(required = false) byte[] content,
            HttpServletRequest request) {
        ResourceRequest call = call(resource, request);
        ResourceOperations items = new ResourceOperations(call);
        ResourcePath path = path(request);
        if (!path.isItem()) {
            throw notAllowed(path, HttpMethod.PATCH);
        }
        Object body = body(content, request);
        return call.taking(RouteParameters.NONE, () -> items.patch(path.keyValues(), body));
    }

    /** DELETE. */
    public ResponseEntity<?> delete(@PathVariable String resource, HttpServletRequest request) {
        ResourceRequest call = call(resource, request);
        ResourceOperations items = new ResourceOperations(call);
        ResourceMassOperations mass = new ResourceMassOperations(call);
        ResourcePath path = path(request);
        if (path.isCollection()) {
            return call.taking(RouteParameters.MATCHING, mass::deleteMatching);
        }
        if (path.isItem()) {
            return call.taking(RouteParameters.NONE, () -> items.delete(path.keyValues()));
        }
        return switch (path.requireMethod()) {
            case "by-names" -> collectionOnly(path, () -> call.taking(RouteParameters.NAMES,
                    () -> new NamedItemOperations(call).deleteByNames()));
            case "under", "self-and-under" -> call.taking(RouteParameters.SUBTREE,
                    () -> mass.deleteSubtree(path.keyValues(), path.requireMethod()));
            default -> throw unknown(path, HttpMethod.DELETE);
        };
    }

    /** @return the base path the resources are under */
    public String getBasePath() {
        return basePath;
    }

    /** @return the exported resources */
    public ExportedResources getResources() {
        return resources;
    }

    private ResourceRequest call(String name, HttpServletRequest request) {
        ExportedResource resource = resources.find(name).orElseThrow(() -> RestRequestException.noRoute(
                "No resource is exported as '" + KeyPaths.abbreviated(name) + "'"));
        return new ResourceRequest(resource, new EntityBodies(resource, json, strict, policy), policy, request,
                RequestParameters.of(request), collectionPath(request));
    }

    /** @return a request body read strictly as JSON, or null when the request has none */
    private @Nullable Object body(byte[] content, HttpServletRequest request) {
        return strict.read(content, request.getContentType());
    }

    /** @return the undecoded path of the resource's collection, as the request gives it */
    private String collectionPath(HttpServletRequest request) {
        String[] segments = request.getRequestURI().substring(request.getContextPath().length()).split("/", -1);
        return request.getContextPath() + String.join("/", Arrays.asList(segments).subList(0,
                Math.min(segments.length, baseSegments + 2)));
    }

    /** @return the path after the resource's name, read from the undecoded request URI */
    private ResourcePath path(HttpServletRequest request) {
        String uri = request.getRequestURI().substring(request.getContextPath().length());
        String[] segments = uri.split("/", -1);
        int skip = 1 + baseSegments + 1;
        StringBuilder tail = new StringBuilder();
        for (int i = skip; i < segments.length; i++) {
            tail.append('/').append(segments[i]);
        }
        return ResourcePath.parse(tail.toString(), policy.methodPrefix());
    }

    private static ResponseEntity<?> collectionOnly(ResourcePath path, java.util.function.Supplier<ResponseEntity<?>>
            route) {
        if (!path.keyValues().isEmpty()) {
            throw RestRequestException.noRoute("'-" + path.method() + "' is a route of the collection, not of an "
                    + "item");
        }
        return route.get();
    }

    private static RestRequestException unknown(ResourcePath path, HttpMethod method) {
        return RestRequestException.noRoute("No route '-" + KeyPaths.abbreviated(path.requireMethod()) + "' for "
                + method
                + " here; the routes are -by-names, -load, -clone-by-names, -move-by-names, -under, -self-and-under, "
                + "-partial, -clone and -move");
    }

    private static RestRequestException notAllowed(ResourcePath path, HttpMethod method) {
        return new RestRequestException(HttpStatus.METHOD_NOT_ALLOWED, "method-not-allowed", "Method not allowed",
                method + " is not a route of " + (path.isCollection() ? "the collection" : path.isItem()
                        ? "an item" : "'-" + KeyPaths.abbreviated(path.requireMethod()) + "'"));
    }

    /** @return a path segment encoded for a URI */
    static String encoded(String segment) {
        return UriUtils.encodePathSegment(segment, StandardCharsets.UTF_8);
    }

    /** @return the encoded path of a key under a resource's collection path */
    static String keyPath(String collectionPath, List<Object> values) {
        StringBuilder path = new StringBuilder(collectionPath);
        values.forEach(value -> path.append('/').append(encoded(String.valueOf(value))));
        return path.toString();
    }
}
