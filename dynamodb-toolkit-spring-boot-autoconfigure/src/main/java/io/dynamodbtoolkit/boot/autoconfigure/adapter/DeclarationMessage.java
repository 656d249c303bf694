package io.dynamodbtoolkit.boot.autoconfigure.adapter;

import io.dynamodbtoolkit.DeclarationException;

/**
 * The parts of a {@link DeclarationException}'s message, which the core writes as
 * {@code <property>: <problem>. Fix: <fix>}.
 *
 * @param problem what is wrong
 * @param fix     what to do about it (empty when the message has no fix part)
 */
public record DeclarationMessage(String problem, String fix) {

    private static final String FIX_MARKER = ". Fix: ";

    /**
     * @param exception a declaration error
     * @return its problem and fix
     */
    public static DeclarationMessage of(DeclarationException exception) {
        if (exception instanceof InvalidAdapterDeclarationException invalid) {
            return new DeclarationMessage(invalid.problem(), invalid.fix());
        }
        String message = exception.getMessage() == null ? "" : exception.getMessage();
        String propertyPrefix = exception.property() + ": ";
        if (message.startsWith(propertyPrefix)) {
            message = message.substring(propertyPrefix.length());
        }
        int fixAt = message.lastIndexOf(FIX_MARKER);
        if (fixAt < 0) {
            return new DeclarationMessage(message, "");
        }
        return new DeclarationMessage(message.substring(0, fixAt), message.substring(fixAt + FIX_MARKER.length()));
    }
}
