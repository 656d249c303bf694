package io.dynamodbtoolkit.springdata.repository.query;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;

import io.dynamodbtoolkit.index.CompositeKeyPart;
import io.dynamodbtoolkit.index.IndexDeclaration;
import io.dynamodbtoolkit.key.KeyField;
import io.dynamodbtoolkit.key.KeyModel;
import io.dynamodbtoolkit.key.KeyType;
import org.jspecify.annotations.Nullable;

/**
 * A way to serve a derived method's conditions with a key seek, on the table or on one index: the seek, the
 * conditions it leaves over, the order its items come in and the classes it returns.
 *
 * @param seek     the seek
 * @param residual the conditions the seek does not serve (a filter, with {@code @AllowScan} only)
 * @param order    the order of its items
 * @param classes  the classes its rows are read into
 * @param reach    what it reads, for messages
 * @param sharded  the name of the sharded index it reads (whose shards are merged under a cursor, so it cannot skip
 *                 by offset), or null
 */
record SeekCandidate(DerivedKeySeek seek, List<BoundPart> residual, KeyOrder order, Set<? extends Class<?>> classes,
        String reach, @Nullable String sharded) {

    /** @return whether the seek serves every condition */
    boolean servesAll() {
        return residual.isEmpty();
    }

    /**
     * The table's own key: equalities on the leading key fields (the scope's included), then a prefix on a string
     * tier or a range on a fixed-width tier (a number or string with a width, or a date or time value; on a plain
     * pk/sk table: any comparison on the sort key).
     *
     * @return the candidate, or null when the partition key has no equality
     */
    static @Nullable SeekCandidate table(QueryContext<?> context, List<BoundPart> parts) {
        KeyModel keys = context.keys();
        List<String> scope = context.scopeFields();
        Map<Integer, BoundPart> equalities = new LinkedHashMap<>();
        parts.stream().filter(part -> part.keyPosition() >= 0 && part.isEquality())
                .forEach(part -> equalities.putIfAbsent(part.keyPosition(), part));
        int fields = keys.keyFields().size();
        int depth = 0;
        List<BoundPart> leading = new ArrayList<>();
        while (depth < fields && (depth < scope.size() || equalities.containsKey(depth))) {
            if (equalities.containsKey(depth)) {
                leading.add(equalities.get(depth));
            }
            depth++;
        }
        if (depth == 0) {
            return null;
        }
        boolean hierarchical = keys.isHierarchical();
        BoundPart last = null;
        if (depth < fields && (hierarchical || depth == 1)) {
            KeyField next = keys.keyField(depth);
            int position = depth;
            boolean fixedWidth = hierarchical && FixedWidthComponents.isFixedWidth(context, next,
                    context.tiers().classesAtDepths(depth + 1, fields));
            last = parts.stream().filter(part -> part.keyPosition() == position
                    && canEnd(part, next.type(), !hierarchical, fixedWidth)).findFirst().orElse(null);
        }
        DerivedKeySeek.Kind kind;
        if (last != null || !hierarchical && depth == 2) {
            kind = DerivedKeySeek.Kind.COMPOSED;
        } else if (hierarchical && depth == fields) {
            kind = DerivedKeySeek.Kind.FULL_KEY;
        } else if (depth == 1) {
            kind = DerivedKeySeek.Kind.PARTITION;
        } else {
            kind = DerivedKeySeek.Kind.SELF_AND_DESCENDANTS;
        }
        DerivedKeySeek seek = DerivedKeySeek.table(kind, leading, last, depth);
        List<String> names = keys.keyFields().stream().map(KeyField::name).toList();
        KeyOrder order = new KeyOrder(names.subList(depth, fields), names.subList(0, depth), context::attributeNameOf,
                context.table());
        int from = !hierarchical ? 1 : kind == DerivedKeySeek.Kind.FULL_KEY ? fields : last != null ? depth + 1 : depth;
        String reach = !hierarchical ? "rows of table " + context.table()
                : kind == DerivedKeySeek.Kind.FULL_KEY ? "one leaf row"
                : last != null ? "the rows whose '" + names.get(depth) + "' matches, and their subtrees"
                : "the '" + names.get(depth - 1) + "' row and the rows under it";
        return new SeekCandidate(seek, residual(parts, seek), order, context.tiers().classesAtDepths(from, fields),
                reach, null);
    }

    /**
     * A declared index: equalities on every field of its partition side (none for a marker) and on leading
     * fields of its sort side, then a prefix or a range on the next sort field. The scope fields must be among the
     * equalities, or the index would read across scopes.
     *
     * @return the candidate, or null when the index cannot serve the equalities
     */
    static @Nullable SeekCandidate index(QueryContext<?> context, IndexDeclaration index, List<BoundPart> parts) {
        List<String> scope = context.scopeFields();
        Map<String, BoundPart> equalities = new LinkedHashMap<>();
        parts.stream().filter(BoundPart::isEquality).forEach(part -> equalities.putIfAbsent(part.attribute(), part));
        List<String> partitionFields = IndexKeys.partitionFields(context, index);
        List<BoundPart> used = new ArrayList<>();
        for (String field : partitionFields) {
            if (equalities.containsKey(field)) {
                used.add(equalities.get(field));
            } else if (!scope.contains(field)) {
                return null;
            }
        }
        List<String> sortFields = IndexKeys.sortFields(index);
        int given = 0;
        while (given < sortFields.size() && (equalities.containsKey(sortFields.get(given))
                || scope.contains(sortFields.get(given)))) {
            BoundPart equality = equalities.get(sortFields.get(given));
            if (equality != null) {
                used.add(equality);
            }
            given++;
        }
        List<String> fixed = new ArrayList<>(partitionFields);
        fixed.addAll(sortFields.subList(0, given));
        if (!fixed.containsAll(scope)) {
            return null;
        }
        BoundPart last = null;
        Set<? extends Class<?>> classes = IndexKeys.classes(context, index);
        if (given < sortFields.size()) {
            String next = sortFields.get(given);
            KeyType type = IndexKeys.typeOf(
                    Objects.requireNonNull(index.sort(), "an index with sort fields has a sort key"), next);
            boolean fixedWidth = index.sort() instanceof CompositeKeyPart composite
                    && FixedWidthComponents.isFixedWidth(context, composite.key().components().get(given), classes);
            boolean ownAttribute = !(index.sort() instanceof CompositeKeyPart);
            last = parts.stream().filter(part -> part.attribute().equals(next)
                    && canEnd(part, type, ownAttribute, fixedWidth)).findFirst().orElse(null);
        }
        DerivedKeySeek seek = DerivedKeySeek.index(index.name(), used, last);
        KeyOrder order = new KeyOrder(sortFields.subList(given, sortFields.size()), fixed, context::attributeNameOf,
                context.table() + " (index " + index.name() + ")");
        return new SeekCandidate(seek, residual(parts, seek), order, classes, "the members of index '"
                + index.name() + "'", IndexKeys.isSharded(index) ? index.name() : null);
    }

    /**
     * @return whether a prefix or range on a key field is exact as the seek's last condition: a prefix on strings
     *         (and binary attributes), a range on an attribute of its own or on a fixed-width component of a composite
     */
    private static boolean canEnd(BoundPart part, KeyType type, boolean ownAttribute, boolean fixedWidth) {
        if (part.isPrefix()) {
            return type == KeyType.STRING || ownAttribute && type == KeyType.BINARY;
        }
        return part.isRange() && (ownAttribute || fixedWidth);
    }

    private static List<BoundPart> residual(List<BoundPart> parts, DerivedKeySeek seek) {
        List<BoundPart> residual = new ArrayList<>(parts);
        residual.removeAll(seek.parts());
        return residual;
    }
}
