package io.dynamodbtoolkit.mass;

/** A mass delete with no scope at all (the whole table, no filter) that was not explicitly confirmed. */
public class UnscopedMassDeleteException extends IllegalStateException {

    /** @param table the table that would have been emptied */
    public UnscopedMassDeleteException(String table) {
        super("Refusing to delete every item of table " + table + ": give a scope (a partition value, a subtree, an "
                + "index query) or a filter, or confirm with MassOptions.confirmingUnscopedDelete()");
    }
}
