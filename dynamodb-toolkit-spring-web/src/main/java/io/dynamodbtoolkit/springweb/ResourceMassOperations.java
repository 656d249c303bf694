package io.dynamodbtoolkit.springweb;

import java.util.List;
import java.util.Optional;

import io.dynamodbtoolkit.key.KeyValues;
import io.dynamodbtoolkit.mass.MassOptions;
import io.dynamodbtoolkit.mass.MassResult;
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
    ResponseEntity<?> cloneMatching(Object body) {
        CollectionOverlay overlay = CollectionOverlay.of(body, resource, bodies, request.currentScope(), policy);
        MassResult result = template.cloneMatching(overlay.change(), matchingOptions(),
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
    ResponseEntity<?> moveMatching(Object body) {
        Optional<KeyValues> scope = request.currentScope();
        CollectionOverlay overlay = CollectionOverlay.of(body, resource, bodies, scope, policy);
        MassOptions options = matchingOptions();
        if (scope.isEmpty()) {
            requireUnscopedAllowed("Moving the matching rows of the whole collection", "move rows by key "
                    + "(-move-by-names) or a subtree (PUT /{key}/-move)");
            options = options.confirmingUnscopedDelete();
        }
        MassResult result = template.moveMatching(overlay.change(), options, (Class<Object>) resource.domainType());
        return ResponseEntity.ok(MassView.of(result, keys, request.servlet(), parameters));
    }

    private MassOptions matchingOptions() {
        return request.massOptions().withConditional(MassOptions.Conditional.IF_NOT_EXISTS)
                .withFilter(ListRequest.filter(parameters, template.getDeclaration()));
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
