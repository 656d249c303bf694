package io.dynamodbtoolkit;

/**
 * A declaration (of keys, indexes, an adapter) that cannot work. Thrown at construction time, never at run
 * time, with a message that names the offending property and says how to fix it.
 */
public class DeclarationException extends IllegalArgumentException {

    private final String property;
    private final String problem;
    private final String fix;

    /**
     * @param property the declaration property at fault, e.g. {@code keyFields[1].width}
     * @param problem what is wrong
     * @param fix what to do about it
     */
    public DeclarationException(String property, String problem, String fix) {
        super(property + ": " + problem + ". Fix: " + fix);
        this.property = property;
        this.problem = problem;
        this.fix = fix;
    }

    /** @return the declaration property at fault, e.g. {@code keyFields[1].width} */
    public String property() {
        return property;
    }

    /** @return what is wrong */
    public String problem() {
        return problem;
    }

    /** @return what to do about it */
    public String fix() {
        return fix;
    }
}
