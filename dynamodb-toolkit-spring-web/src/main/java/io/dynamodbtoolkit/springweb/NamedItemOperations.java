package io.dynamodbtoolkit.springweb;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.function.Function;

import io.dynamodbtoolkit.key.KeyValues;
import io.dynamodbtoolkit.mass.MassResult;
import org.jspecify.annotations.Nullable;
import org.springframework.http.HttpStatus;
import org.springframework.http.ProblemDetail;
import org.springframework.http.ResponseEntity;

/**
 * What the routes of named items do, for one request: the copy and move of one item ({@code PUT /{key}/-clone},
 * {@code -move}) and of the items {@code names=} lists ({@code PUT /-clone-by-names}, {@code -move-by-names}), and
 * {@code DELETE /-by-names}. A copy keeps the item's depth. A move takes the item alone, or, where the adapter declares
 * cascades, the item and everything under it; so does the copy of one item above the deepest tier. Routes over names
 * check every name against the scope before anything is written (403 for one outside it), then go name by name: a name
 * that fails is reported with the problem it met and the rest go on.
 */
final class NamedItemOperations extends ResourceRoutes {

    NamedItemOperations(ResourceRequest request) {
        super(request);
    }

    /**
     * {@code PUT /{key}/-clone}: copies the item to the key the body's key fields give, keeping its depth. Without
     * cascades, or at the deepest tier (where nothing is under it), the item alone, with the body's other fields laid
     * over it (201, the new row); a node of an adapter with cascades with everything under it, as {@code -move} moves
     * them (the body gives key fields only; the mass result, resumable with its cursor). Under the parent guard a copy
     * whose parent row is missing is refused.
     */
    ResponseEntity<?> cloneItem(List<String> keyValues, @Nullable Object body) {
        KeyValues from = KeyPaths.of(keys, keyValues);
        Map<String, Object> overlay = EntityBodies.object(body);
        if (!template.getDeclaration().cascades() || from.size() == keys.keyFields().size()) {
            return request.written(HttpStatus.CREATED, template.insert(copy(from, overlay)));
        }
        KeyValues to = newKey("copy", from, overlay);
        template.findById(from, resource.domainType()).orElseThrow(() -> request.miss(from));
        MassResult result = template.cloneAllUnder(from, to, request.massOptions(), resource.domainType());
        return ResponseEntity.ok(MassView.of(result, keys, request.servlet(), parameters));
    }

    /**
     * {@code PUT /{key}/-move}: moves the item to the key the body's key fields give. Without cascades the item alone,
     * in one transaction (201, the row at its new key); with cascades the item and everything under it, written where
     * absent then deleted at the source (safe to re-run; the mass result).
     */
    ResponseEntity<?> moveItem(List<String> keyValues, @Nullable Object body) {
        KeyValues from = KeyPaths.of(keys, keyValues);
        KeyValues to = newKey("move", from, EntityBodies.object(body));
        if (!template.getDeclaration().cascades()) {
            return request.written(HttpStatus.CREATED, moveOne(from, to));
        }
        MassResult result = template.moveAllUnder(from, to, request.massOptions(), resource.domainType());
        return ResponseEntity.ok(MassView.of(result, keys, request.servlet(), parameters));
    }

    /** {@code PUT /-clone-by-names?names=...}: copies each named item with the body's fields laid over it. */
    ResponseEntity<?> cloneByNames(@Nullable Object body) {
        Map<String, Object> overlay = EntityBodies.object(body);
        return eachName(key -> {
            template.insert(copy(key, overlay));
            return 1L;
        });
    }

    /** {@code PUT /-move-by-names?names=...}: moves each named item as {@code PUT /{key}/-move} does. */
    ResponseEntity<?> moveByNames(@Nullable Object body) {
        Map<String, Object> overlay = EntityBodies.object(body);
        return eachName(from -> {
            KeyValues to = newKey("move", from, overlay);
            if (!template.getDeclaration().cascades()) {
                moveOne(from, to);
                return 1L;
            }
            MassResult result = template.moveAllUnder(from, to, request.massOptions(), resource.domainType());
            if (!result.isComplete()) {
                throw new RestRequestException(HttpStatus.CONFLICT, "move-incomplete", "Move incomplete", "The "
                        + "subtree was not moved whole (" + result.failed().size() + " failed, "
                        + result.conflicts().size() + " conflicts); move it with PUT /{key}/-move and its cursor");
            }
            return result.processed();
        });
    }

    /**
     * {@code DELETE /-by-names?names=...}: deletes these keys; reports the rows deleted, the names that had none
     * ({@code skipped}) and each name whose delete was refused (an item with rows under it, under the parent guard).
     */
    ResponseEntity<?> deleteByNames() {
        Map<String, Object> view = eachNameView(key -> template.deleteById(key) ? 1L : 0L);
        view.put("skipped", request.namedKeys().size() - (long) Objects.requireNonNull(view.get("processed"),
                "processed")
                - (int) Objects.requireNonNull(view.get("failed"), "failed"));
        return ResponseEntity.ok(view);
    }

    /** @return the view of {@link #eachNameView} as the response */
    private ResponseEntity<?> eachName(Function<KeyValues, Long> work) {
        return ResponseEntity.ok(eachNameView(work));
    }

    /**
     * Runs work on each named key after checking them all against the scope (a read of them, which refuses names
     * outside it), reporting each name that failed with its problem.
     *
     * @param work what to do with one key; returns the rows it wrote
     * @return {@code processed}, {@code failed} and, when any failed, {@code failures}
     */
    private Map<String, Object> eachNameView(Function<KeyValues, Long> work) {
        Map<String, KeyValues> named = request.namedKeys();
        template.findAllById(List.copyOf(named.values()), resource.domainType());
        RestProblemAdvice problems = new RestProblemAdvice(policy);
        long processed = 0;
        List<Map<String, Object>> failures = new ArrayList<>();
        for (Map.Entry<String, KeyValues> name : named.entrySet()) {
            try {
                processed += work.apply(name.getValue());
            } catch (RuntimeException e) {
                ProblemDetail problem = problems.itemProblem(e).orElseThrow(() -> e);
                Map<String, Object> failure = new LinkedHashMap<>();
                failure.put("name", name.getKey());
                failure.put("status", problem.getStatus());
                failure.put("type", String.valueOf(problem.getType()));
                failure.put("detail", problem.getDetail());
                failures.add(failure);
            }
        }
        Map<String, Object> view = new LinkedHashMap<>();
        view.put("processed", processed);
        view.put("failed", failures.size());
        if (!failures.isEmpty()) {
            view.put("failures", failures);
        }
        return view;
    }

    /** @return the row moved alone, in one transaction, to the target key */
    @SuppressWarnings("unchecked")
    private Object moveOne(KeyValues from, KeyValues to) {
        return template.move(from, entity -> {
            Map<String, Object> fields = bodies.fields(entity);
            fields.putAll(to.asMap());
            return bodies.entity(fields);
        }, (Class<Object>) resource.domainType());
    }

    /**
     * @return a new entity: the item of a key with the overlay's fields laid over it, without its version
     * @throws RestRequestException 400 when the overlay names a key field below the item's depth (a copy keeps it), or
     *                              gives a key value no path could name
     */
    private Object copy(KeyValues key, Map<String, Object> overlay) {
        keys.keyFields().stream().skip(key.size()).map(field -> field.name()).filter(overlay::containsKey).findFirst()
                .ifPresent(deeper -> {
                    throw RestRequestException.badRequest("A copy keeps the item's depth: the body gives new values "
                            + "to key fields of it (" + String.join(", ", key.asMap().keySet()) + "), not to '"
                            + deeper + "', a key field below it");
                });
        AddressableKeys.require(keys, overlay, policy);
        Object source = template.findById(key, resource.domainType()).orElseThrow(() -> request.miss(key));
        Map<String, Object> fields = bodies.fields(source);
        fields.putAll(overlay);
        bodies.versionProperty(bodies.tierClass(fields)).ifPresent(fields::remove);
        return bodies.entity(fields);
    }

    /**
     * @param operation what goes to the key, as the message names it: a {@code move}, a {@code copy}
     * @return the key a move or a copy of a subtree goes to: the source's, with the overlay's new values for its key
     *         fields
     */
    private KeyValues newKey(String operation, KeyValues from, Map<String, Object> overlay) {
        Map<String, Object> target = new LinkedHashMap<>(from.asMap());
        for (Map.Entry<String, Object> field : overlay.entrySet()) {
            if (!target.containsKey(field.getKey()) || field.getValue() == null) {
                throw RestRequestException.badRequest("A " + operation + " gives new values to key fields of the "
                        + "item's depth (" + String.join(", ", target.keySet()) + "), not to '"
                        + KeyPaths.abbreviated(field.getKey()) + "': PATCH the item for the rest");
            }
            target.put(field.getKey(), KeyPaths.typed(keys.keyField(keys.positionOf(field.getKey())),
                    String.valueOf(field.getValue())));
        }
        AddressableKeys.require(keys, target, policy);
        return KeyValues.of(target);
    }
}
