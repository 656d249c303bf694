package io.dynamodbtoolkit.springweb;

import java.util.List;
import java.util.Map;
import java.util.Optional;

import io.dynamodbtoolkit.adapter.ItemPage;
import io.dynamodbtoolkit.key.KeyField;
import io.dynamodbtoolkit.key.KeyValues;
import io.dynamodbtoolkit.key.SubtreeQuery;
import org.jspecify.annotations.Nullable;
import org.springframework.http.HttpHeaders;
import org.springframework.http.HttpStatus;
import org.springframework.http.ResponseEntity;

/**
 * What the routes of reads and of single items do to one exported resource, for one request: every read and write goes
 * through the resource's template (its scope, entity callbacks and exception translation), bodies are bound by
 * {@link EntityBodies} and list parameters read by {@link ListRequest}. Batch and mass routes are
 * {@link ResourceMassOperations}'.
 */
final class ResourceOperations extends ResourceRoutes {

    ResourceOperations(ResourceRequest request) {
        super(request);
    }

    // ---------------------------------------------------------------- reads

    /**
     * {@code GET /}: within the current scope a key seek of it, else a Scan (confined by the template); sorted by a
     * declared index, a query of that index.
     */
    ResponseEntity<?> list() {
        Optional<KeyValues> scope = request.currentScope();
        ListOrder order = ListOrder.of(parameters, template.getDeclaration(), scope, scope.isPresent(), true);
        ListRequest list = ListRequest.of(parameters, template.getDeclaration(), policy, order);
        ItemPage<?> page = order.index() != null
                ? template.findPage(order.index(), list.options(), resource.domainType())
                : scope.isPresent()
                ? template.findPage(SubtreeQuery.selfAndDescendants(scope.get()), list.options(), resource.domainType())
                : template.scan(list.options(), resource.domainType());
        return ResponseEntity.ok(Envelope.of(page, list, request.servlet(), parameters));
    }

    /** {@code GET /{key}}: one row, with its version as ETag; 304 when If-None-Match names it. */
    ResponseEntity<?> get(List<String> keyValues) {
        KeyValues key = KeyPaths.of(keys, keyValues);
        Object entity = template.findById(key, resource.domainType()).orElseThrow(() -> request.miss(key));
        Optional<String> etag = request.etag(entity);
        if (etag.isPresent() && etag.get().equals(request.servlet().getHeader(HttpHeaders.IF_NONE_MATCH))) {
            return ResponseEntity.status(HttpStatus.NOT_MODIFIED).eTag(etag.get()).build();
        }
        ResponseEntity.BodyBuilder response = ResponseEntity.ok().cacheControl(request.cacheControl());
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
        ListRequest list = ListRequest.of(parameters, template.getDeclaration(), policy,
                ListOrder.of(parameters, template.getDeclaration(), Optional.empty(), true, false));
        return ResponseEntity.ok(Envelope.of(template.findPage(subtree, list.options(), resource.domainType()), list,
                request.servlet(), parameters));
    }

    /** {@code GET /-by-names?names=a,b/c}: the rows of these keys (a name is a key path), absent ones left out. */
    ResponseEntity<?> getByNames() {
        List<KeyValues> named = request.names();
        return ResponseEntity.ok(Map.of("data", template.findAllById(named, resource.domainType())));
    }

    // ---------------------------------------------------------------- writes

    /** {@code POST /}: creates the body's item; 201 with its location, 409 when its key is taken. */
    ResponseEntity<?> create(@Nullable Object body) {
        Map<String, Object> fields = EntityBodies.object(body);
        AddressableKeys.require(keys, fields, policy);
        Object written = template.insert(bodies.entity(fields));
        return request.written(HttpStatus.CREATED, written);
    }

    /** {@code PUT /{key}}: replaces the item ({@code force}: creates or replaces), at If-Match's version if given. */
    ResponseEntity<?> put(List<String> keyValues, @Nullable Object body) {
        KeyValues key = KeyPaths.of(keys, keyValues);
        Map<String, Object> fields = withPathKey(EntityBodies.object(body), key);
        AddressableKeys.require(keys, fields, policy);
        boolean force = parameters.flag("force");
        Optional<Long> expected = request.ifMatch();
        Optional<String> versioned = bodies.versionProperty(bodies.tierClass(fields));
        if (expected.isPresent()) {
            fields.put(request.versionProperty(fields), expected.get());
        } else if (versioned.isPresent() && fields.get(versioned.get()) == null) {
            // no If-Match: replace whatever is there now, still refused if it changes between this read and the write
            Optional<?> current = template.findById(key, resource.domainType());
            if (current.isEmpty() && !force) {
                throw request.miss(key);
            }
            current.flatMap(bodies::version).ifPresent(version -> fields.put(versioned.get(), version));
        }
        Object entity = bodies.entity(fields);
        Object written = force ? template.save(entity) : template.replace(entity);
        return request.written(HttpStatus.OK, written);
    }

    /**
     * {@code PATCH /{key}}: the original's patch body, fields to set and {@code _delete: [names]} to remove, each
     * checked against the row's class before anything is written ({@link EntityBodies#patch}); with If-Match, an edit
     * checked against the version read.
     */
    ResponseEntity<?> patch(List<String> keyValues, @Nullable Object body) {
        KeyValues key = KeyPaths.of(keys, keyValues);
        Map<String, Object> changes = PatchBody.parse(EntityBodies.object(body), key, keys, policy.metaPrefix());
        Map<String, Object> stored = bodies.patch(key, changes);
        Optional<Long> expected = request.ifMatch();
        Object patched;
        if (expected.isPresent()) {
            patched = template.edit(key, current -> {
                request.requireVersion(current, expected.get());
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
            patched = template.patch(key, stored, resource.domainType());
        }
        return request.written(HttpStatus.OK, patched);
    }

    /** {@code DELETE /{key}}: 204, 404 when absent; with If-Match, only at that version (412 otherwise). */
    ResponseEntity<?> delete(List<String> keyValues) {
        KeyValues key = KeyPaths.of(keys, keyValues);
        Optional<Long> expected = request.ifMatch();
        boolean deleted;
        if (expected.isPresent()) {
            Object current = template.findById(key, resource.domainType()).orElseThrow(() -> request.miss(key));
            request.requireVersion(current, expected.get());
            deleted = template.delete(current);
        } else {
            deleted = template.deleteById(key);
        }
        if (!deleted) {
            throw request.miss(key);
        }
        return ResponseEntity.noContent().build();
    }

    // ---------------------------------------------------------------- helpers

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

    @SuppressWarnings("unchecked")
    private static <T> Class<T> erased(Class<?> type) {
        return (Class<T>) type;
    }
}
