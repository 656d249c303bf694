package io.dynamodbtoolkit.springdata.repository.query;

import java.util.ArrayList;
import java.util.List;
import java.util.stream.Collectors;

import io.dynamodbtoolkit.DeclarationException;
import io.dynamodbtoolkit.index.IndexDeclaration;
import io.dynamodbtoolkit.key.KeyField;
import io.dynamodbtoolkit.key.KeyModel;
import io.dynamodbtoolkit.springdata.repository.IndexName;
import org.jspecify.annotations.Nullable;
import org.springframework.core.annotation.AnnotatedElementUtils;
import org.springframework.data.core.PropertyReferenceException;
import org.springframework.data.domain.Sort;
import org.springframework.data.repository.query.parser.Part;
import org.springframework.data.repository.query.parser.PartTree;

/**
 * Plans a derived method ({@code findByStateAndFacilityStartingWith}, {@code findByStatusAndCreatedAtBetween}) at
 * start-up: its conditions must be served by one key seek, on the table's key or on a declared index (named with
 * {@link IndexName @IndexName}, or any whose key fits; for each sort the first whose key order serves it, so a sort can
 * pick the index whose sort key matches). Conditions left over need a FilterExpression (or,
 * without a partition condition, a Scan) and are refused unless the method is annotated {@code @AllowScan}, with a
 * message naming the index that would serve them.
 *
 * @param <T> the domain type
 */
final class DerivedQueryPlanner<T> {

    private final DynamoDbQueryMethod method;
    private final QueryContext<T> context;
    private final KeyModel keys;

    DerivedQueryPlanner(DynamoDbQueryMethod method, QueryContext<T> context) {
        this.method = method;
        this.context = context;
        this.keys = context.keys();
    }

    /** @throws DeclarationException when the method cannot be served as declared */
    DerivedKeyQuery<T> plan() {
        PartTree tree = partTree();
        if (tree.isDelete()) {
            throw method.declarationError("derived deletes would read every match and delete it item by item",
                    "use deleteAllById with the keys, or a deleteUnder... mass method");
        }
        if (tree.stream().count() > 1) {
            throw method.declarationError("it combines conditions with Or, which no key condition can express and "
                    + "the toolkit's filters (conjunctions) cannot either", "split it into one method per branch");
        }
        if (method.returnsItemPage()) {
            requireItemPageFits(tree);
        }
        List<BoundPart> parts = bind(tree);
        ResultShape shape = tree.isCountProjection() ? ResultShape.COUNT
                : tree.isExistsProjection() ? ResultShape.EXISTS : ResultShape.of(method);
        boolean typed = shape != ResultShape.COUNT && shape != ResultShape.EXISTS;
        ResultProjection projection = ResultProjection.of(method, context);
        List<SeekCandidate> candidates = candidates(parts);
        if (candidates.isEmpty()) {
            if (typed) {
                ElementTypes.requireFits(method, projection.declared(), context.tiers().all(),
                        context.tiers().domainType(), DerivedKeyQuery.SCAN_REACH);
            }
            if (tree.getSort().isSorted()) {
                throw method.declarationError("it Scans the table, which returns items in no order, so sorting them "
                        + "would be in memory", "drop the OrderBy, or add a condition on the partition key");
            }
            return new DerivedKeyQuery<>(method, context, List.of(), FilterParts.of(method, parts, context.converter()),
                    shape, projection, tree.getSort(), maxResults(tree));
        }
        List<SeekCandidate> usable = new ArrayList<>();
        for (SeekCandidate candidate : candidates) {
            if (!typed || ElementTypes.fits(projection.declared(), candidate.classes())) {
                usable.add(candidate);
            }
        }
        if (usable.isEmpty()) {
            SeekCandidate first = candidates.get(0);
            ElementTypes.requireFits(method, projection.declared(), first.classes(), context.tiers().domainType(),
                    first.reach());
        }
        if (shape.pagesByOffset()) {
            List<SeekCandidate> skippable = usable.stream().filter(candidate -> candidate.sharded() == null).toList();
            if (skippable.isEmpty()) {
                throw shape.offsetOnShardedIndex(method, usable.get(0).sharded());
            }
            usable = skippable;
        }
        if (tree.getSort().isSorted()) {
            usable = ordered(usable, tree.getSort());
        }
        return new DerivedKeyQuery<>(method, context, usable, FilterParts.of(method, usable.get(0).residual(),
                context.converter()), shape, projection, tree.getSort(), maxResults(tree));
    }

    /**
     * @return the seeks serving every condition (the table first, then the declared indexes in order; the named
     *         index alone with {@code @IndexName}); else, with {@code @AllowScan}, the table's seek with a filter, or
     *         nothing for a Scan
     */
    private List<SeekCandidate> candidates(List<BoundPart> parts) {
        IndexName named = AnnotatedElementUtils.findMergedAnnotation(method.method(), IndexName.class);
        if (named != null) {
            IndexDeclaration index = context.indexes().find(named.value())
                    .orElseThrow(() -> unknownIndex(named.value()));
            SeekCandidate candidate = SeekCandidate.index(context, index, parts);
            if (candidate == null || !candidate.servesAll() && !method.allowsScan()) {
                throw method.declarationError("its conditions do not fit the key of index '" + index.name() + "' ("
                        + keyDescription(index) + ")", "condition every partition field of the index with an "
                        + "equality, then sort fields left to right (equalities, then one range or prefix)");
            }
            return List.of(candidate);
        }
        List<SeekCandidate> serving = new ArrayList<>();
        SeekCandidate table = SeekCandidate.table(context, parts);
        if (table != null && table.servesAll()) {
            serving.add(table);
        }
        for (IndexDeclaration index : context.indexes().all()) {
            SeekCandidate candidate = SeekCandidate.index(context, index, parts);
            if (candidate != null && candidate.servesAll()) {
                serving.add(candidate);
            }
        }
        if (!serving.isEmpty()) {
            return serving;
        }
        if (!method.allowsScan()) {
            throw unservable(table, table == null ? parts : table.residual());
        }
        return table == null ? List.of() : List.of(table);
    }

    /** @return the candidates whose key order serves a static sort, the first of them first */
    private List<SeekCandidate> ordered(List<SeekCandidate> candidates, Sort sort) {
        List<SeekCandidate> ordered = candidates.stream().filter(c -> c.order().problem(sort).isEmpty()).toList();
        if (ordered.isEmpty()) {
            String problem = candidates.get(0).order().problem(sort).orElseThrow();
            throw method.declarationError(problem, "order by the key fields after the ones the method binds, or "
                    + "declare the index");
        }
        return ordered;
    }

    /**
     * An ItemPage method reads the page its ListOptions describe, so its name may not count, order or limit.
     *
     * @throws DeclarationException naming the clause and the fix
     */
    private void requireItemPageFits(PartTree tree) {
        if (tree.isCountProjection()) {
            throw method.declarationError("it counts but returns an ItemPage", "return long, or name it findBy... "
                    + "to read a page of the matches");
        }
        if (tree.isExistsProjection()) {
            throw method.declarationError("it tells whether anything matches but returns an ItemPage", "return "
                    + "boolean, or name it findBy... to read a page of the matches");
        }
        if (tree.getSort().isSorted()) {
            throw method.declarationError("it returns an ItemPage, which reads in the direction its ListOptions "
                    + "give, but its name also orders the read (OrderBy...)", "drop the OrderBy and read backwards "
                    + "with ListOptions.inDescendingOrder(); to read in an index's key order, name the index with "
                    + "@IndexName");
        }
        if (tree.isLimiting()) {
            throw method.declarationError("it returns an ItemPage, whose page size is its ListOptions' limit, but "
                    + "its name also limits the read (First" + tree.getMaxResults() + ")", "drop First/Top from the "
                    + "name and set the page size with ListOptions.withLimit(n)");
        }
    }

    private static int maxResults(PartTree tree) {
        Integer max = tree.getMaxResults();
        return max == null ? 0 : max;
    }

    private PartTree partTree() {
        try {
            return new PartTree(method.getName(), method.domainClass());
        } catch (PropertyReferenceException e) {
            for (Class<?> type : context.tiers().all()) {
                try {
                    return new PartTree(method.getName(), type);
                } catch (PropertyReferenceException ignored) {
                    // try the next tier class
                }
            }
            throw method.declarationError(e.getMessage(), "name properties of " + method.domainClass()
                    .getSimpleName() + " (or of one of its tier classes) in the method name");
        }
    }

    private List<BoundPart> bind(PartTree tree) {
        List<BoundPart> parts = new ArrayList<>();
        int argument = 0;
        for (Part part : tree.getParts()) {
            if (part.getProperty().hasNext()) {
                throw method.declarationError("the condition on nested property '" + part.getProperty()
                        .toDotPath() + "' is not supported", "condition top-level properties only");
            }
            String attribute = context.attributeNameOf(part.getProperty().getSegment());
            parts.add(new BoundPart(part, attribute, keys.positionOf(attribute), argument));
            argument += part.getNumberOfArguments();
        }
        return parts;
    }

    private DeclarationException unknownIndex(String name) {
        List<String> declared = context.indexes().all().stream().map(IndexDeclaration::name).toList();
        return method.declarationError("@IndexName(\"" + name + "\") names no index of adapter '"
                + context.adapterName() + "'; its indexes are " + declared, declared.isEmpty()
                ? "declare the index in the adapter declaration (AdapterDeclaration.builder(...).indexes(...))"
                : "name one of " + declared + ", or declare '" + name + "' in the adapter declaration");
    }

    private String keyDescription(IndexDeclaration index) {
        return index.parts().stream().map(part -> String.join(", ", part.sourceFields().isEmpty()
                ? part.keyAttributes().stream().map(a -> a.name()).toList() : List.copyOf(part.sourceFields())))
                .collect(Collectors.joining(" / "));
    }

    private DeclarationException unservable(@Nullable SeekCandidate table, List<BoundPart> residual) {
        BoundPart first = residual.get(0);
        List<String> keyFields = keys.keyFields().stream().map(KeyField::name).toList();
        String problem;
        String widthFix = "";
        if (table == null) {
            problem = "it has no equality on the partition key field '" + keyFields.get(0) + "' and no declared "
                    + "index fits its conditions, so it would Scan the whole table";
        } else if (first.keyPosition() >= 0) {
            String range = first.isRange() && keys.isHierarchical() && first.keyPosition() == table.seek().depth()
                    ? "; a range takes a tier whose values all have one width, or it would catch longer siblings "
                    + "and miss child rows" : "";
            problem = "the condition " + first.part().getType().name() + " on key field '" + first.attribute()
                    + "' cannot be part of the key condition (after equalities on " + keyFields.subList(0,
                    table.seek().depth()) + (keys.isHierarchical() ? ", the next tier takes a prefix (StartingWith) "
                    + "or a range on fixed-width values" : ", the sort key takes one comparison") + ")" + range;
            if (!range.isEmpty()) {
                widthFix = "declare the width of '" + first.attribute() + "' (zero-padded numbers, fixed-length "
                        + "strings) or hold it as an Instant, LocalDate, LocalDateTime or LocalTime, or ";
            }
        } else {
            problem = "'" + first.attribute() + "' is not a key field of table " + context.table() + " (key fields "
                    + keyFields + ") and no declared index fits, so the condition on it would be a filter that "
                    + "reads items it does not return";
        }
        List<String> indexKeys = new ArrayList<>();
        residual.stream().filter(part -> part.keyPosition() < 0 && part.isEquality()).map(BoundPart::attribute)
                .distinct().forEach(indexKeys::add);
        residual.stream().filter(part -> part.keyPosition() < 0 && !indexKeys.contains(part.attribute()))
                .map(BoundPart::attribute).distinct().forEach(indexKeys::add);
        String index = indexKeys.isEmpty() ? ""
                : "declare a global secondary index with partition key '" + indexKeys.get(0) + "'"
                        + (indexKeys.size() > 1 ? " and sort key '" + indexKeys.get(1) + "'" : "")
                        + " on the adapter, or ";
        return method.declarationError(problem, widthFix + index + "annotate the method @AllowScan to read with a "
                + "FilterExpression (every item under the key condition is read and billed)");
    }
}
