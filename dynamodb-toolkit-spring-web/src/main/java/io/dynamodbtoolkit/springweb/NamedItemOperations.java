package io.dynamodbtoolkit.springweb;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Function;

import io.dynamodbtoolkit.key.KeyValues;
import io.dynamodbtoolkit.mass.MassResult;
import org.springframework.http.HttpStatus;
import org.springframework.http.ProblemDetail;
import org.springframework.http.ResponseEntity;

/**
 * What the routes of named items do, for one request: the copy and move of one item ({@code PUT /{key}/-clone},
 * {@code -move}) and of the items {@code names=} lists ({@code PUT /-clone-by-names}, {@code -move-by-names}), and
 * {@code DELETE /-by-names}. A move takes the item alone, or, where the adapter declares cascades, the item and
 * everything under it. Routes over names check every name against the scope before anything is written (403 for one
 * outside it), then go name by name: a name that fails is reported with the problem it met and the rest go on.
 */
final class NamedItemOperations extends ResourceRoutes {

    NamedItemOperations(ResourceRequest request) {
        super(request);
    }

    /** {@code PUT /{key}/-clone}: copies the item with the body's fields (a new key among them) laid over it. */
    ResponseEntity<?> cloneItem(List<String> keyValues, Object body) {
        return request.written(HttpStatus.CREATED, template.insert(copy(KeyPaths.of(keys, keyValues),
                EntityBodies.object(body))));
    }

    /**
     * {@code PUT /{key}/-move}: moves the item to the key the body's key fields give. Without cascades the item alone,
     * in one transaction (201, the row at its new key); with cascades the item and everything under it, written where
     * absent then deleted at the source (safe to re-run; the mass result).
     */
    ResponseEntity<?> moveItem(List<String> keyValues, Object body) {
        KeyValues from = KeyPaths.of(keys, keyValues);
        KeyValues to = moveTarget(from, EntityBodies.object(body));
        if (!template.getDeclaration().cascades()) {
            return request.written(HttpStatus.CREATED, moveOne(from, to));
        }
        MassResult result = template.moveAllUnder(from, to, request.massOptions(), resource.domainType());
        return ResponseEntity.ok(MassView.of(result, keys, request.servlet(), parameters));
    }

    /** {@code PUT /-clone-by-names?names=...}: copies each named item with the body's fields laid over it. */
    ResponseEntity<?> cloneByNames(Object body) {
        Map<String, Object> overlay = EntityBodies.object(body);
        return eachName(key -> {
            template.insert(copy(key, overlay));
            return 1L;
        });
    }

    /** {@code PUT /-move-by-names?names=...}: moves each named item as {@code PUT /{key}/-move} does. */
    ResponseEntity<?> moveByNames(Object body) {
        Map<String, Object> overlay = EntityBodies.object(body);
        return eachName(from -> {
            KeyValues to = moveTarget(from, overlay);
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

    /** {@code DELETE /-by-names?names=...}: deletes these keys; reports the rows deleted (absent ones are not). */
    ResponseEntity<?> deleteByNames() {
        Map<String, KeyValues> named = request.namedKeys();
        template.findAllById(List.copyOf(named.values()), resource.domainType());
        long deleted = named.values().stream().filter(template::deleteById).count();
        return ResponseEntity.ok(Map.of("processed", deleted, "skipped", named.size() - deleted));
    }

    /**
     * Runs work on each named key after checking them all against the scope (a read of them, which refuses names
     * outside it), reporting each name that failed with its problem.
     *
     * @param work what to do with one key; returns the rows it wrote
     */
    private ResponseEntity<?> eachName(Function<KeyValues, Long> work) {
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
        return ResponseEntity.ok(view);
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

    /** @return a new entity: the item of a key with the overlay's fields laid over it, without its version */
    private Object copy(KeyValues key, Map<String, Object> overlay) {
        Object source = template.findById(key, resource.domainType()).orElseThrow(() -> request.miss(key));
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
}
