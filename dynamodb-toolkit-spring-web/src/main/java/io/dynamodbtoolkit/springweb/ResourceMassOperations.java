package io.dynamodbtoolkit.springweb;

import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;

import io.dynamodbtoolkit.key.KeyValues;
import io.dynamodbtoolkit.mass.MassOptions;
import io.dynamodbtoolkit.mass.MassResult;
import org.jspecify.annotations.Nullable;
import org.springframework.http.HttpStatus;
import org.springframework.http.ResponseEntity;

/**
 * What the mass routes do to one exported resource, for one request: copies and moves of the collection's
 * matches, and the mass deletes (of the matches within the scope, of a subtree), bounded by the policy's
 * {@code maxMassItems} and resumable with the cursor of their result.
 */
final class ResourceMassOperations extends ResourceRoutes {

    ResourceMassOperations(ResourceRequest request) {
        super(request);
    }

    /**
     * {@code PUT /-clone}: copies every row the list would give (the current scope's rows, or the table; the filter
     * clauses of the query) with the body laid over it ({@link CollectionOverlay}); a copy is written only where no
     * row holds its key (others are skipped). Bounded by {@code maxItems}, resumable with the result's cursor.
     */
    @SuppressWarnings("unchecked")
    ResponseEntity<?> cloneMatching(@Nullable Object body) {
        CollectionOverlay overlay = CollectionOverlay.of(body, resource, bodies, request.currentScope(), policy);
        MassResult result = template.cloneMatching(overlay.change(), matchingOptions(body),
                (Class<Object>) resource.domainType());
        return ResponseEntity.ok(MassView.of(result, keys, request.servlet(), parameters));
    }

    /**
     * {@code PUT /-move}: moves every row the list would give as {@code -clone} copies them, each by its own
     * conditional calls: the copy written where no row holds its key, then the source deleted if unchanged; a target
     * held by another row is a conflict and its source stays. Refused outside any scope unless the policy allows
     * unscoped deletes (a move deletes what it moves).
     */
    @SuppressWarnings("unchecked")
    ResponseEntity<?> moveMatching(@Nullable Object body) {
        Optional<KeyValues> scope = request.currentScope();
        CollectionOverlay overlay = CollectionOverlay.of(body, resource, bodies, scope, policy);
        MassOptions options = matchingOptions(body);
        if (scope.isEmpty()) {
            requireUnscopedAllowed("Moving the matching rows of the whole collection", "move rows by key "
                    + "(-move-by-names) or a subtree (PUT /{key}/-move)");
            options = options.confirmingUnscopedDelete();
        }
        MassResult result = template.moveMatching(overlay.change(), options, (Class<Object>) resource.domainType());
        return ResponseEntity.ok(MassView.of(result, keys, request.servlet(), parameters));
    }

    /** @return the options of a run laying {@code body} over the matching rows; its cursors bound to the body too */
    private MassOptions matchingOptions(@Nullable Object body) {
        return request.massOptions().withConditional(MassOptions.Conditional.IF_NOT_EXISTS)
                .withFilter(ListRequest.filter(parameters, template.getDeclaration()))
                .withTarget(canonical(body));
    }

    /**
     * @return a JSON body as text that does not depend on the order of its object's fields, each name and value with
     *         its length first (so no two bodies read the same)
     */
    private static String canonical(@Nullable Object body) {
        if (!(body instanceof Map<?, ?> fields)) {
            String value = body == null ? "null" : body.getClass().getSimpleName() + ":" + body;
            return value.length() + ":" + value;
        }
        Map<String, String> sorted = new TreeMap<>();
        fields.forEach((name, value) -> sorted.put(String.valueOf(name), canonical(value)));
        StringBuilder text = new StringBuilder("{");
        sorted.forEach((name, value) -> text.append(name.length()).append(':').append(name).append('=').append(value)
                .append(';'));
        return text.append('}').toString();
    }

    /** Refuses a mass delete (or move) outside any scope, unless the policy allows it. */
    private void requireUnscopedAllowed(String what, String instead) {
        if (!policy.unscopedDeleteAllowed()) {
            throw new RestRequestException(HttpStatus.BAD_REQUEST, "unscoped-delete", "Unscoped delete refused",
                    what + " outside any scope is refused: " + instead);
        }
    }

    // ---------------------------------------------------------------- mass deletes

    /** {@code DELETE /}: deletes every match of the filter within the current scope; refused outside one. */
    ResponseEntity<?> deleteMatching() {
        Optional<KeyValues> scope = request.currentScope();
        if (scope.isEmpty()) {
            requireUnscopedAllowed("Deleting the whole collection", "delete by key, by names or a subtree "
                    + "(DELETE /{key}/-self-and-under)");
        }
        MassOptions options = request.massOptions().withFilter(ListRequest.filter(parameters,
                template.getDeclaration()));
        MassResult result = new MatchingDelete(template).run(scope, options);
        return ResponseEntity.ok(MassView.of(result, keys, request.servlet(), parameters));
    }

    /** {@code DELETE /{key}/-under|-self-and-under}: a subtree delete, leaves first, resumable with its cursor. */
    ResponseEntity<?> deleteSubtree(List<String> keyValues, String shape) {
        if (keyValues.isEmpty()) {
            throw RestRequestException.noRoute("'-" + shape + "' deletes under a key: put the key before it");
        }
        KeyValues node = KeyPaths.of(keys, keyValues);
        MassResult result = shape.equals("under")
                ? template.deleteUnder(node, request.massOptions(), resource.domainType())
                : template.deleteAllUnder(node, request.massOptions(), resource.domainType());
        return ResponseEntity.ok(MassView.of(result, keys, request.servlet(), parameters));
    }
}
