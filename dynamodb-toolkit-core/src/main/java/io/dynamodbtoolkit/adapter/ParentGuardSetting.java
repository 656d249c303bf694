package io.dynamodbtoolkit.adapter;

/**
 * Whether an adapter guards inserts under parent rows, and why, as its refusals say it.
 *
 * @param adapter   the adapter's name
 * @param enabled   whether inserts under a parent row are guarded
 * @param byDefault whether the guard is on only because cascades are allowed (it was not declared either way)
 */
record ParentGuardSetting(String adapter, boolean enabled, boolean byDefault) {

    /** @return the setting of a declaration */
    static ParentGuardSetting of(AdapterDeclaration<?> declaration) {
        return new ParentGuardSetting(declaration.name(), declaration.parentGuard(),
                declaration.parentGuardByDefault());
    }

    /**
     * @return why the guard refused a write and how to turn it off: the Spring Boot property
     *         {@code dynamodb.toolkit.adapters.<name>.parent-guard}, or the declaration's {@code parentGuard(false)}
     */
    String explanation() {
        return "The parent guard of adapter '" + adapter + "' refused it: it is on "
                + (byDefault ? "by default because the adapter allows cascades" : "as declared")
                + ", so that no row is inserted under a parent that is missing or that a cascade is deleting (which "
                + "would leave an orphan). Write the parent row first; or, if nothing inserts rows while cascades "
                + "run, turn the guard off with dynamodb.toolkit.adapters." + adapter + ".parent-guard=false "
                + "(AdapterDeclaration.Builder.parentGuard(false) without Spring Boot)";
    }
}
