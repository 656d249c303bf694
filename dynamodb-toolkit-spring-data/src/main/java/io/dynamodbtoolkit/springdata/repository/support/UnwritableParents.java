package io.dynamodbtoolkit.springdata.repository.support;

import java.util.Collection;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;

import io.dynamodbtoolkit.adapter.AdapterDeclaration;
import io.dynamodbtoolkit.key.KeyModel;
import io.dynamodbtoolkit.springdata.mapping.TierClasses;

/**
 * Tells, at start-up, of an adapter whose parent guard is on by default (it allows cascades) while its repositories
 * have classes for some tier and none for that tier's parent tier: they cannot write such parent rows, so the guard
 * refuses their inserts under them unless something else writes the parents (an application with classes for the leaf
 * tier only, whose parent rows cannot exist). A guard declared on is the application's choice and goes unremarked.
 */
final class UnwritableParents {

    private UnwritableParents() {
    }

    /**
     * @param declaration  the adapter's declaration
     * @param repositories the tier classes of the entities of the repositories bound to it
     * @return the warning, or empty when every tier the repositories write has its parent tier among them too
     */
    static Optional<String> warning(AdapterDeclaration<?> declaration, Collection<TierClasses<?>> repositories) {
        KeyModel keys = declaration.keys();
        List<String> tiers = keys.typeLabels();
        if (!declaration.parentGuardByDefault() || tiers.isEmpty() || keys.typeDiscriminator().isPresent()
                || repositories.isEmpty()) {
            return Optional.empty();
        }
        Set<String> written = writtenTiers(tiers, repositories);
        Set<String> orphaned = new LinkedHashSet<>();
        Set<String> missingParents = new LinkedHashSet<>();
        for (int depth = 1; depth < tiers.size(); depth++) {
            if (written.contains(tiers.get(depth)) && !written.contains(tiers.get(depth - 1))) {
                orphaned.add(tiers.get(depth));
                missingParents.add(tiers.get(depth - 1));
            }
        }
        if (orphaned.isEmpty()) {
            return Optional.empty();
        }
        String adapter = declaration.name();
        return Optional.of("Adapter '" + adapter + "' allows cascades, so its parent guard is on by default: an insert "
                + "under a parent row is refused unless the parent row exists. Its repositories have classes for "
                + "tiers " + List.copyOf(orphaned) + " but none for their parent tiers " + List.copyOf(missingParents)
                + ", so they cannot write those parent rows, and their inserts of " + List.copyOf(orphaned) + " rows "
                + "are refused unless something else writes the parents. Add classes for " + List.copyOf(missingParents)
                + " (@TypeAlias), or, if nothing inserts rows while cascades run, turn the guard off with "
                + "dynamodb.toolkit.adapters." + adapter + ".parent-guard=false (or set it to true to keep the guard "
                + "and this warning quiet)");
    }

    /**
     * @return the tiers some repository has a class for: its labelled tier classes, and every tier when its domain
     *         type is a concrete class of no tier of its own (it reads and writes rows of any depth)
     */
    private static Set<String> writtenTiers(List<String> tiers, Collection<TierClasses<?>> repositories) {
        Set<String> written = new LinkedHashSet<>();
        for (TierClasses<?> classes : repositories) {
            written.addAll(classes.byLabel().keySet());
            if (classes.all().contains(classes.domainType()) && classes.labelOf(classes.domainType()).isEmpty()) {
                written.addAll(tiers);
            }
        }
        return written;
    }
}
