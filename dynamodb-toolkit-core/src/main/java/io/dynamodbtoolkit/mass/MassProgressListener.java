package io.dynamodbtoolkit.mass;

/** Receives the progress of a mass operation after every page, e.g. to show it or to publish gauges. */
@FunctionalInterface
public interface MassProgressListener {

    /** A listener that ignores progress. */
    MassProgressListener NONE = progress -> { };

    /** Called after each page is processed, on the thread running the operation. */
    void onProgress(MassProgress progress);

    /**
     * @param next the listener to tell after this one
     * @return a listener telling this one, then the next
     */
    default MassProgressListener andThen(MassProgressListener next) {
        if (this == NONE) {
            return next;
        }
        return next == NONE ? this : progress -> {
            onProgress(progress);
            next.onProgress(progress);
        };
    }
}
