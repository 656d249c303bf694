package io.dynamodbtoolkit.adapter;

import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.Map;
import java.util.Set;

import io.dynamodbtoolkit.adapter.ItemPreparer.PreparedItem;
import io.dynamodbtoolkit.adapter.SingleItemWrites.RawWrite;
import io.dynamodbtoolkit.expression.Update;
import io.dynamodbtoolkit.key.KeyField;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * The write half of an edit: prepares the item before and after the caller's mapping the same way (so derived
 * attributes such as the type field and index keys are compared too), and writes only the top-level
 * attributes that differ, as one UpdateItem checked against the version read. Attributes the item type cannot
 * represent are in neither side and so are never touched.
 */
final class ItemEditor {

    private final AdapterContext context;
    private final WritePlanner writes;

    ItemEditor(AdapterContext context, WritePlanner writes) {
        this.context = context;
        this.writes = writes;
    }

    /**
     * @param stored the item as read (stored form)
     * @param before the item as mapped back before the caller's change
     * @param after  the item after the caller's change (same key)
     * @return the write's plan, or an unchanged result when nothing differs
     */
    WriteStep edit(Map<String, AttributeValue> stored, Map<String, AttributeValue> before,
            Map<String, AttributeValue> after) {
        Long version = context.versionOf(stored);
        AttributeValue createdAt = context.keys().createdAtField().map(stored::get).orElse(null);
        Map<String, AttributeValue> baseline = context.preparer().withStoredMirrors(
                context.preparer().deriveFull(before, WriteKind.EDIT, version, createdAt).item(), stored);
        PreparedItem edited = context.preparer().prepareFull(after, WriteKind.EDIT, version, createdAt);
        Map<String, AttributeValue> changes = new LinkedHashMap<>();
        Update update = Update.empty();
        for (String name : comparedNames(baseline, edited.item())) {
            AttributeValue old = baseline.get(name);
            AttributeValue now = edited.item().get(name);
            if (now == null) {
                update = update.remove(name);
                changes.put(name, AttributeValue.fromNul(true));
            } else if (!now.equals(old)) {
                update = update.set(name, now);
                changes.put(name, now);
            }
        }
        if (changes.isEmpty()) {
            return new WriteStep.Done(RawWrite.unchanged(stored));
        }
        return writes.update(edited.key(), changes, update, WriteKind.EDIT, version, stored, edited.item());
    }

    private Set<String> comparedNames(Map<String, AttributeValue> baseline, Map<String, AttributeValue> edited) {
        Set<String> names = new LinkedHashSet<>(baseline.keySet());
        names.addAll(edited.keySet());
        names.removeAll(context.keys().primaryKeyNames());
        context.keys().keyFields().stream().map(KeyField::name).forEach(names::remove);
        context.keys().versionField().ifPresent(names::remove);
        context.keys().createdAtField().ifPresent(names::remove);
        return names;
    }
}
