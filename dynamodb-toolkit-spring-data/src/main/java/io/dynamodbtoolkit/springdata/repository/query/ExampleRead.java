package io.dynamodbtoolkit.springdata.repository.query;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.stream.Collectors;

import io.dynamodbtoolkit.adapter.ListOptions;
import io.dynamodbtoolkit.index.IndexDeclaration;
import io.dynamodbtoolkit.key.KeyField;
import io.dynamodbtoolkit.springdata.core.PlannedRead;
import io.dynamodbtoolkit.springdata.repository.FilteringExample;
import org.jspecify.annotations.Nullable;
import org.springframework.dao.InvalidDataAccessApiUsageException;
import org.springframework.data.domain.Example;
import org.springframework.data.domain.Sort;

/**
 * A query by example planned as a key seek, as a derived method's conditions are ({@link SeekCandidate}): the
 * example's conditions ({@link ExampleConditions}) on key fields that form a prefix of the key design (equalities,
 * then a prefix or a range on the next field), or that fix a declared index's key, are the key condition. Conditions
 * the seek leaves over become a FilterExpression only for a {@link FilteringExample}; otherwise the example is refused,
 * naming the key fields that would make it a seek. An example without a seek (no partition key) is always refused:
 * it is never a Scan.
 *
 * <p>The rows a seek returns must all be of the example's type: an example of a tier class ({@code Vehicle}) whose key
 * fields address a node reads the rows under the node, not the node's row; a seek that would also return rows of
 * other tiers is refused.
 *
 * @param <T> the domain type
 */
public final class ExampleRead<T> {

    private final QueryContext<T> context;
    private final String subject;
    private final List<Seek> seeks;
    private final FilterParts filters;
    private final ExampleConditions conditions;

    private ExampleRead(QueryContext<T> context, String subject, List<Seek> seeks, FilterParts filters,
            ExampleConditions conditions) {
        this.context = context;
        this.subject = subject;
        this.seeks = List.copyOf(seeks);
        this.filters = filters;
        this.conditions = conditions;
    }

    /**
     * @param context the repository
     * @param example the example (a {@link FilteringExample} to allow a filter)
     * @return the plan of its read
     * @throws InvalidDataAccessApiUsageException when a matcher has no DynamoDB equivalent, when no key seek serves
     *                                            the example (naming the key fields that would), or when its seek
     *                                            returns rows the example's type cannot hold
     */
    public static <T> ExampleRead<T> of(QueryContext<T> context, Example<? extends T> example) {
        Class<?> probeType = example.getProbeType();
        if (!context.domainType().isAssignableFrom(probeType)) {
            throw new InvalidDataAccessApiUsageException("Query by example of " + probeType.getName() + ": the "
                    + "repository reads " + context.domainType().getName() + "; make the example of it or of one of "
                    + "its tier classes");
        }
        String subject = "Query by example of " + probeType.getSimpleName();
        ExampleConditions conditions = ExampleConditions.of(context, example);
        List<BoundPart> parts = conditions.parts();
        SeekCandidate table = SeekCandidate.table(context, parts);
        List<SeekCandidate> candidates = new ArrayList<>();
        if (table != null) {
            candidates.add(table);
        }
        for (IndexDeclaration index : context.indexes().all()) {
            SeekCandidate candidate = SeekCandidate.index(context, index, parts);
            if (candidate != null && !candidate.seek().parts().isEmpty()) {
                candidates.add(candidate);
            }
        }
        if (candidates.isEmpty()) {
            requireIdPrefix(context, subject, conditions, false);
            throw new InvalidDataAccessApiUsageException(subject + " sets " + attributes(parts) + " but no key "
                    + "seek serves it: it would Scan the table, which an example never does. Fix: set "
                    + seekFields(context));
        }
        List<Seek> fitting = new ArrayList<>();
        for (SeekCandidate candidate : candidates) {
            Seek seek = Seek.fitting(context, candidate, probeType);
            if (seek != null) {
                fitting.add(seek);
            }
        }
        if (fitting.isEmpty()) {
            SeekCandidate first = candidates.get(0);
            throw new InvalidDataAccessApiUsageException(subject + ": its key seek reads " + first.reach()
                    + ", returned as " + names(first.classes()) + ", which " + probeType.getSimpleName() + " cannot "
                    + "all hold. Fix: " + tierFix(context, probeType));
        }
        List<Seek> serving = fitting.stream().filter(seek -> seek.candidate().servesAll()).toList();
        if (!serving.isEmpty()) {
            return new ExampleRead<>(context, subject, serving, FilterParts.ofChecked(List.of(), context.converter()),
                    conditions);
        }
        Seek seek = fitting.get(0);
        List<BoundPart> residual = seek.candidate().residual();
        if (!(example instanceof FilteringExample<?>)) {
            requireIdPrefix(context, subject, conditions, true);
            throw new InvalidDataAccessApiUsageException(subject + ": " + attributes(residual) + " are not part of "
                    + "its key seek (" + seek.reach() + "), so they would be a FilterExpression, which "
                    + "reads and bills items it does not return. Fix: set " + seekFields(context)
                    + "; or allow the filter with FilteringExample.of(example)");
        }
        return new ExampleRead<>(context, subject, List.of(seek), FilterParts.ofChecked(residual,
                context.converter()), conditions);
    }

    /**
     * @param projection the type its rows are to be returned as ({@code as(type)} of a fluent query)
     * @throws InvalidDataAccessApiUsageException when a row it reads cannot be returned as that type, naming why
     */
    public void requireReturnableAs(RowProjection<?> projection) {
        projection.requireFits(subject, seeks.get(0).classes(), seeks.get(0).reach());
    }

    /**
     * @param sort the order asked for (unsorted for key order)
     * @return what is read, run by either template
     * @throws InvalidDataAccessApiUsageException when no seek's key order serves the sort
     */
    public PlannedRead<T> read(Sort sort) {
        return seekFor(sort).seek().read(context, conditions::value);
    }

    /**
     * @param sort the order asked for (unsorted for key order)
     * @return the options of the read: its direction and its filter (empty unless a {@link FilteringExample} allowed
     *         it)
     */
    public ListOptions options(Sort sort) {
        ListOptions options = seekFor(sort).candidate().order().isDescending(sort)
                ? ListOptions.defaults().inDescendingOrder() : ListOptions.defaults();
        return options.withFilter(filters.filter(conditions::value));
    }

    private Seek seekFor(Sort sort) {
        if (sort.isUnsorted()) {
            return seeks.get(0);
        }
        for (Seek seek : seeks) {
            if (seek.candidate().order().problem(sort).isEmpty()) {
                return seek;
            }
        }
        throw new InvalidDataAccessApiUsageException(subject + ": cannot sort by " + sort + ": "
                + seeks.get(0).candidate().order().problem(sort).orElseThrow());
    }

    /**
     * Refuses an {@code @Id} of a key class whose set fields leave a gap in the key design (e.g. {@code state} and
     * {@code vin} without {@code facility}), naming the key fields that would make it a prefix; does nothing for an
     * id that sets none, or sets a prefix (with the key fields set otherwise: as properties, or by the scope).
     *
     * @param seekable whether a shorter key seek serves the example, so that a filter could match the rest
     */
    private static void requireIdPrefix(QueryContext<?> context, String subject, ExampleConditions conditions,
            boolean seekable) {
        ExampleConditions.IdFields id = conditions.id();
        if (id == null) {
            return;
        }
        List<String> keyFields = context.keys().keyFields().stream().map(KeyField::name).toList();
        Set<String> given = conditions.parts().stream().filter(part -> part.keyPosition() >= 0 && part.isEquality())
                .map(BoundPart::attribute).collect(Collectors.toCollection(HashSet::new));
        given.addAll(context.scopeFields());
        int last = id.fields().stream().mapToInt(keyFields::indexOf).max().orElseThrow();
        List<String> missing = keyFields.subList(0, last).stream().filter(field -> !given.contains(field)).toList();
        if (missing.isEmpty()) {
            return;
        }
        int gap = keyFields.indexOf(missing.get(0));
        List<String> beyond = id.fields().stream().filter(field -> keyFields.indexOf(field) > gap).toList();
        throw new InvalidDataAccessApiUsageException(subject + ": its @Id '" + id.property() + "' sets " + id.fields()
                + ", which is no prefix of the key fields " + keyFields + " (a key seek takes them from the first, "
                + "without a gap). Fix: set " + missing + " too, or leave " + beyond + " unset" + (seekable
                        ? "; or match " + beyond + " as a filter with FilteringExample.of(example)" : ""));
    }

    /** @return how an example of a tier class reads only rows of its tier: the key fields to set */
    private static String tierFix(QueryContext<?> context, Class<?> probeType) {
        List<String> keyFields = context.keys().keyFields().stream().map(KeyField::name).toList();
        for (int depth = 1; depth <= keyFields.size(); depth++) {
            if (context.tiers().classesAtDepths(depth, depth).stream().allMatch(probeType::isAssignableFrom)) {
                String rows = probeType.getSimpleName() + " rows";
                return depth == 1 ? "set " + keyFields.subList(0, 1) + " to read the " + rows
                        : "set " + keyFields.subList(0, depth - 1) + " to read the " + rows + " under their parent, "
                                + "or " + keyFields.subList(0, depth) + " to read one";
            }
        }
        return "make the example of a type that holds them all";
    }

    private static String attributes(List<BoundPart> parts) {
        return parts.stream().map(BoundPart::attribute).distinct().toList().toString();
    }

    private static String names(Set<? extends Class<?>> classes) {
        return classes.stream().map(Class::getSimpleName).toList().toString();
    }

    /** @return the key fields that make an example a seek: of the table, and of each declared index */
    private static String seekFields(QueryContext<?> context) {
        List<String> keyFields = context.keys().keyFields().stream().map(KeyField::name).toList();
        String table = "the table's key fields from the first, " + keyFields + (context.scopeFields().isEmpty() ? ""
                : " (the scope gives " + context.scopeFields() + ")") + ", as equalities (the last may be a "
                + "STARTING match or, on a fixed-width field, any value)";
        String indexes = context.indexes().all().stream()
                .filter(index -> !IndexKeys.partitionFields(context, index).isEmpty())
                .map(index -> "index '" + index.name() + "' " + IndexKeys.partitionFields(context, index)
                        + (IndexKeys.sortFields(index).isEmpty() ? "" : " then " + IndexKeys.sortFields(index)))
                .collect(Collectors.joining(", "));
        return indexes.isEmpty() ? table : table + ", or the key fields of " + indexes;
    }

    /**
     * A candidate seek as the example reads it, returning only rows of the example's type.
     *
     * @param candidate the seek of the conditions
     * @param seek      the seek read (the candidate's, or its rows under the node without the node's row)
     * @param classes   the classes its rows are read as
     * @param reach     what it reads, for messages
     */
    private record Seek(SeekCandidate candidate, DerivedKeySeek seek, Set<? extends Class<?>> classes, String reach) {

        /**
         * @return the seek whose rows the example's type holds: the candidate's; or, of a node's row and the rows
         *         under it, the rows under it (an example of a lower tier) or the node's row alone (an example of the
         *         node's tier); else null
         */
        static @Nullable Seek fitting(QueryContext<?> context, SeekCandidate candidate, Class<?> probeType) {
            if (holds(probeType, candidate.classes())) {
                return new Seek(candidate, candidate.seek(), candidate.classes(), candidate.reach());
            }
            DerivedKeySeek children = candidate.seek().withoutNodeRow();
            DerivedKeySeek node = candidate.seek().nodeRowOnly();
            if (!context.keys().isHierarchical() || children == null || node == null) {
                return null;
            }
            int depth = candidate.seek().depth();
            Set<? extends Class<?>> under = context.tiers().classesAtDepths(depth + 1,
                    context.keys().keyFields().size());
            String tier = context.keys().keyField(depth - 1).name();
            if (holds(probeType, under)) {
                return new Seek(candidate, children, under, "the rows under the '" + tier + "' row");
            }
            Set<? extends Class<?>> nodeTier = context.tiers().classesAtDepths(depth, depth);
            return holds(probeType, nodeTier) ? new Seek(candidate, node, nodeTier, "the '" + tier + "' row") : null;
        }

        private static boolean holds(Class<?> type, Set<? extends Class<?>> classes) {
            return classes.stream().allMatch(type::isAssignableFrom);
        }
    }
}
