package io.dynamodbtoolkit.springweb;

import java.net.URI;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;

import io.dynamodbtoolkit.adapter.ItemPage;
import io.dynamodbtoolkit.key.KeyField;
import io.dynamodbtoolkit.key.KeyModel;
import io.dynamodbtoolkit.key.KeyValues;
import io.dynamodbtoolkit.key.SubtreeQuery;
import io.dynamodbtoolkit.mass.MassOptions;
import io.dynamodbtoolkit.mass.MassResult;
import io.dynamodbtoolkit.springdata.core.DynamoDbToolkitTemplate;
import io.dynamodbtoolkit.springdata.core.ScopeProvider;
import jakarta.servlet.http.HttpServletRequest;
import org.springframework.dao.OptimisticLockingFailureException;
import org.springframework.http.CacheControl;
import org.springframework.http.HttpHeaders;
import org.springframework.http.HttpStatus;
import org.springframework.http.ResponseEntity;

/**
 * What each route does to one exported resource, for one request: every read and write goes through the resource's
 * template (its scope, entity callbacks and exception translation), bodies are bound by {@link EntityBodies}, list
 * parameters read by {@link ListRequest}, and mass operations bounded by the policy.
 */
final class ResourceOperations {

    private final ExportedResource resource;
    private final DynamoDbToolkitTemplate template;
    private final KeyModel keys;
    private final EntityBodies bodies;
    private final RestPolicy policy;
    private final HttpServletRequest request;
    private final RequestParameters parameters;
    private final String collectionPath;

    ResourceOperations(ExportedResource resource, EntityBodies bodies, RestPolicy policy, HttpServletRequest request,
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

    // ---------------------------------------------------------------- reads

    /** {@code GET /}: within the current scope a key seek of it, else a Scan (confined by the template). */
    ResponseEntity<?> list() {
        Optional<KeyValues> scope = currentScope();
        ListRequest list = ListRequest.of(parameters, template.getDeclaration(), policy, scope.isPresent());
        ItemPage<?> page = scope.isPresent()
                ? template.findPage(SubtreeQuery.selfAndDescendants(scope.get()), list.options(), resource.domainType())
                : template.scan(list.options(), resource.domainType());
        return ResponseEntity.ok(Envelope.of(page, list, request, parameters));
    }

    /** {@code GET /{key}}: one row, with its version as ETag; 304 when If-None-Match names it. */
    ResponseEntity<?> get(List<String> keyValues) {
        KeyValues key = KeyPaths.of(keys, keyValues);
        Object entity = template.findById(key, resource.domainType()).orElseThrow(() -> miss(key));
        Optional<String> etag = etag(entity);
        if (etag.isPresent() && etag.get().equals(request.getHeader(HttpHeaders.IF_NONE_MATCH))) {
            return ResponseEntity.status(HttpStatus.NOT_MODIFIED).eTag(etag.get()).build();
        }
        ResponseEntity.BodyBuilder response = ResponseEntity.ok().cacheControl(cacheControl());
        etag.ifPresent(response::eTag);
        return response.body(entity);
    }

    /** {@code GET /{key}/-under|-self-and-under|-partial}: a page of the subtree, in key order. */
    ResponseEntity<?> subtree(List<String> keyValues, String shape) {
        if (keyValues.isEmpty()) {
            throw RestRequestException.noRoute("'-" + shape + "' reads under a key: put the key before it");
        }
        KeyValues node = KeyPaths.of(keys, keyValues);
        SubtreeQuery subtree = switch (shape) {
            case "under" -> SubtreeQuery.children(node);
            case "self-and-under" -> SubtreeQuery.selfAndDescendants(node);
            default -> {
                String prefix = parameters.get("prefix");
                if (prefix == null || prefix.isEmpty()) {
                    throw RestRequestException.badRequest("'-partial' needs the parameter 'prefix'");
                }
                yield SubtreeQuery.partial(node, prefix);
            }
        };
        ListRequest list = ListRequest.of(parameters, template.getDeclaration(), policy, true);
        return ResponseEntity.ok(Envelope.of(template.findPage(subtree, list.options(), resource.domainType()), list,
                request, parameters));
    }

    /** {@code GET /-by-names?names=a,b/c}: the rows of these keys (a name is a key path), absent ones left out. */
    ResponseEntity<?> getByNames() {
        List<KeyValues> named = names();
        return ResponseEntity.ok(Map.of("data", template.findAllById(named, resource.domainType())));
    }

    // ---------------------------------------------------------------- writes

    /** {@code POST /}: creates the body's item; 201 with its location, 409 when its key is taken. */
    ResponseEntity<?> create(Object body) {
        Object written = template.insert(bodies.entity(EntityBodies.object(body)));
        return written(HttpStatus.CREATED, written);
    }

    /** {@code PUT /{key}}: replaces the item ({@code force}: creates or replaces), at If-Match's version if given. */
    ResponseEntity<?> put(List<String> keyValues, Object body) {
        KeyValues key = KeyPaths.of(keys, keyValues);
        Map<String, Object> fields = withPathKey(EntityBodies.object(body), key);
        boolean force = parameters.flag("force");
        Optional<Long> expected = ifMatch();
        Optional<String> versioned = bodies.versionProperty(bodies.tierClass(fields));
        if (expected.isPresent()) {
            fields.put(versionProperty(fields), expected.get());
        } else if (versioned.isPresent() && fields.get(versioned.get()) == null) {
            // no If-Match: replace whatever is there now, still refused if it changes between this read and the write
            Optional<?> current = template.findById(key, resource.domainType());
            if (current.isEmpty() && !force) {
                throw miss(key);
            }
            current.flatMap(bodies::version).ifPresent(version -> fields.put(versioned.get(), version));
        }
        Object entity = bodies.entity(fields);
        Object written = force ? template.save(entity) : template.replace(entity);
        return written(HttpStatus.OK, written);
    }

    /**
     * {@code PATCH /{key}}: the original's patch body, fields to set and {@code _delete: [names]} to remove; with
     * If-Match, an edit checked against the version read.
     */
    ResponseEntity<?> patch(List<String> keyValues, Object body) {
        KeyValues key = KeyPaths.of(keys, keyValues);
        Map<String, Object> changes = PatchBody.parse(EntityBodies.object(body), key, keys, policy.metaPrefix());
        Optional<Long> expected = ifMatch();
        Object patched;
        if (expected.isPresent()) {
            patched = template.edit(key, current -> {
                requireVersion(current, expected.get());
                Map<String, Object> fields = bodies.fields(current);
                changes.forEach((name, value) -> {
                    if (value == null) {
                        fields.remove(name);
                    } else {
                        fields.put(name, value);
                    }
                });
                return bodies.entity(fields);
            }, erased(resource.domainType()));
        } else {
            patched = template.patch(key, changes, resource.domainType());
        }
        return written(HttpStatus.OK, patched);
    }

    /** {@code DELETE /{key}}: 204, 404 when absent; with If-Match, only at that version (412 otherwise). */
    ResponseEntity<?> delete(List<String> keyValues) {
        KeyValues key = KeyPaths.of(keys, keyValues);
        Optional<Long> expected = ifMatch();
        boolean deleted;
        if (expected.isPresent()) {
            Object current = template.findById(key, resource.domainType()).orElseThrow(() -> miss(key));
            requireVersion(current, expected.get());
            deleted = template.delete(current);
        } else {
            deleted = template.deleteById(key);
        }
        if (!deleted) {
            throw miss(key);
        }
        return ResponseEntity.noContent().build();
    }

    /** {@code PUT /-load}: saves an array of items (batches where they have no version). */
    ResponseEntity<?> load(Object body) {
        if (!(body instanceof List<?> items)) {
            throw RestRequestException.badRequest("'-load' takes a JSON array of items");
        }
        if (items.size() > policy.maxNames()) {
            throw RestRequestException.badRequest("'-load' takes at most " + policy.maxNames() + " items a request, "
                    + "not " + items.size());
        }
        List<Object> entities = new ArrayList<>();
        items.forEach(item -> entities.add(bodies.entity(EntityBodies.object(item))));
        template.saveAll(entities);
        return ResponseEntity.ok(Map.of("processed", entities.size()));
    }

    /** {@code PUT /{key}/-clone}: copies the item with the body's fields (a new key among them) laid over it. */
    ResponseEntity<?> cloneItem(List<String> keyValues, Object body) {
        return written(HttpStatus.CREATED, template.insert(copy(KeyPaths.of(keys, keyValues),
                EntityBodies.object(body))));
    }

    /**
     * {@code PUT /{key}/-move}: moves the item, and everything under it, to the key the body's key fields give (the
     * target written where absent, then the source deleted; safe to re-run).
     */
    ResponseEntity<?> moveItem(List<String> keyValues, Object body) {
        KeyValues from = KeyPaths.of(keys, keyValues);
        MassResult result = template.moveAllUnder(from, moveTarget(from, EntityBodies.object(body)), massOptions(),
                resource.domainType());
        return ResponseEntity.ok(MassView.of(result, request, parameters));
    }

    /**
     * {@code PUT /-clone-by-names?names=...}: copies each named item with the body's fields laid over it, in order;
     * stops at the first that cannot be copied (those before it stay copied).
     */
    ResponseEntity<?> cloneByNames(Object body) {
        Map<String, Object> overlay = EntityBodies.object(body);
        List<Object> copies = names().stream().map(key -> copy(key, overlay)).toList();
        copies.forEach(template::insert);
        return ResponseEntity.ok(Map.of("processed", copies.size()));
    }

    /** {@code PUT /-move-by-names?names=...}: moves each named item (and its subtree) as {@code -move} does. */
    ResponseEntity<?> moveByNames(Object body) {
        Map<String, Object> overlay = EntityBodies.object(body);
        long processed = 0;
        boolean complete = true;
        for (KeyValues from : names()) {
            MassResult result = template.moveAllUnder(from, moveTarget(from, overlay), massOptions(),
                    resource.domainType());
            processed += result.processed();
            complete &= result.isComplete();
        }
        return ResponseEntity.ok(Map.of("processed", processed, "complete", complete));
    }

    /** @return a new entity: the item of a key with the overlay's fields laid over it, without its version */
    private Object copy(KeyValues key, Map<String, Object> overlay) {
        Object source = template.findById(key, resource.domainType()).orElseThrow(() -> miss(key));
        Map<String, Object> fields = bodies.fields(source);
        fields.putAll(overlay);
        bodies.versionProperty(bodies.tierClass(fields)).ifPresent(fields::remove);
        return bodies.entity(fields);
    }

    /** @return the key a move goes to: the source's, with the overlay's new values for its key fields */
    private KeyValues moveTarget(KeyValues from, Map<String, Object> overlay) {
        Map<String, Object> target = new LinkedHashMap<>(from.asMap());
        for (Map.Entry<String, Object> field : overlay.entrySet()) {
            if (!target.containsKey(field.getKey()) || field.getValue() == null) {
                throw RestRequestException.badRequest("A move gives new values to key fields of the item's depth ("
                        + String.join(", ", target.keySet()) + "), not to '" + KeyPaths.abbreviated(field.getKey())
                        + "': PATCH the item for the rest");
            }
            target.put(field.getKey(), KeyPaths.typed(keys.keyField(keys.positionOf(field.getKey())),
                    String.valueOf(field.getValue())));
        }
        return KeyValues.of(target);
    }

    // ---------------------------------------------------------------- mass deletes

    /** {@code DELETE /}: deletes every match of the filter within the current scope; refused outside one. */
    ResponseEntity<?> deleteMatching() {
        Optional<KeyValues> scope = currentScope();
        if (scope.isEmpty() && !policy.unscopedDeleteAllowed()) {
            throw new RestRequestException(HttpStatus.BAD_REQUEST, "unscoped-delete", "Unscoped delete refused",
                    "Deleting the whole collection outside any scope is refused: delete by key, by names or a "
                            + "subtree (DELETE /{key}/-self-and-under)");
        }
        MassOptions options = massOptions().withFilter(template.getDeclaration().filters()
                .parse(parameters.asLists()));
        MassResult result = new MatchingDelete(template).run(scope, options);
        return ResponseEntity.ok(MassView.of(result, request, parameters));
    }

    /** {@code DELETE /-by-names?names=...}: deletes these keys, in batches. */
    ResponseEntity<?> deleteByNames() {
        List<KeyValues> named = names();
        template.deleteAllById(named);
        return ResponseEntity.ok(Map.of("processed", named.size()));
    }

    /** {@code DELETE /{key}/-under|-self-and-under}: a subtree delete, leaves first, resumable with its cursor. */
    ResponseEntity<?> deleteSubtree(List<String> keyValues, String shape) {
        if (keyValues.isEmpty()) {
            throw RestRequestException.noRoute("'-" + shape + "' deletes under a key: put the key before it");
        }
        KeyValues node = KeyPaths.of(keys, keyValues);
        MassResult result = shape.equals("under") ? template.deleteUnder(node, massOptions(), resource.domainType())
                : template.deleteAllUnder(node, massOptions(), resource.domainType());
        return ResponseEntity.ok(MassView.of(result, request, parameters));
    }

    // ---------------------------------------------------------------- helpers

    private Optional<KeyValues> currentScope() {
        if (template.getScopeFields().isEmpty()) {
            return Optional.empty();
        }
        return template.getScopeProvider().flatMap(ScopeProvider::currentScope);
    }

    private MassOptions massOptions() {
        long maxItems = parameters.number("maxItems", 1, policy.maxMassItems(), policy.maxMassItems());
        MassOptions options = MassOptions.defaults().withMaxItems(maxItems);
        String cursor = parameters.get("cursor");
        return cursor == null ? options : options.withCursor(cursor);
    }

    private List<KeyValues> names() {
        List<String> names = parameters.list("names", policy.maxNames());
        if (names.isEmpty()) {
            throw RestRequestException.badRequest("Name the keys: names=a,b (a hierarchical key as a path, TX/Dallas)");
        }
        return names.stream().map(name -> KeyPaths.ofName(keys, name)).toList();
    }

    /** @return the body's fields with the path's key values, refusing a body that names another key */
    private Map<String, Object> withPathKey(Map<String, Object> fields, KeyValues key) {
        for (KeyField field : keys.keyFields()) {
            Object given = fields.get(field.name());
            if (key.has(field.name())) {
                if (given != null && !String.valueOf(given).equals(String.valueOf(key.get(field.name())))) {
                    throw RestRequestException.badRequest("The body's '" + field.name() + "' is not the path's: "
                            + "a key is changed by a move (PUT .../-move)");
                }
                fields.put(field.name(), key.get(field.name()));
            } else if (given != null) {
                throw RestRequestException.badRequest("The body names the key field '" + field.name()
                        + "', deeper than the path: PUT the item at its whole key");
            }
        }
        return fields;
    }

    private String versionProperty(Map<String, Object> fields) {
        return bodies.versionProperty(bodies.tierClass(fields)).orElseThrow(() -> RestRequestException.badRequest(
                "'" + resource.name() + "' has no version field, so If-Match cannot be checked"));
    }

    private void requireVersion(Object current, long expected) {
        Object version = bodies.version(current).orElseThrow(() -> RestRequestException.badRequest("'"
                + resource.name() + "' has no version field, so If-Match cannot be checked"));
        if (!Objects.equals(String.valueOf(version), String.valueOf(expected))) {
            throw new OptimisticLockingFailureException("The item is at version " + version + ", not " + expected);
        }
    }

    /** @return the version If-Match names, if the request has one */
    private Optional<Long> ifMatch() {
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

    private Optional<String> etag(Object entity) {
        return bodies.version(entity).map(version -> "\"" + version + "\"");
    }

    private CacheControl cacheControl() {
        Duration maxAge = policy.readCacheMaxAge();
        return maxAge.isZero() ? CacheControl.noCache().cachePrivate() : CacheControl.maxAge(maxAge).cachePrivate();
    }

    private ResponseEntity<?> written(HttpStatus status, Object entity) {
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

    private RestRequestException miss(KeyValues key) {
        return new RestRequestException(policy.miss(), "no-such-item", "No such item", "No item of '"
                + resource.name() + "' has the key " + key.asMap().values());
    }

    @SuppressWarnings("unchecked")
    private static <T> Class<T> erased(Class<?> type) {
        return (Class<T>) type;
    }
}
