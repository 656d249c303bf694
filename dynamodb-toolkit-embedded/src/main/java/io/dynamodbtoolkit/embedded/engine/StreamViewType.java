package io.dynamodbtoolkit.embedded.engine;

/** What a stream record carries besides the key attributes. */
public enum StreamViewType {
    KEYS_ONLY, NEW_IMAGE, OLD_IMAGE, NEW_AND_OLD_IMAGES;

    boolean hasNewImage() {
        return this == NEW_IMAGE || this == NEW_AND_OLD_IMAGES;
    }

    boolean hasOldImage() {
        return this == OLD_IMAGE || this == NEW_AND_OLD_IMAGES;
    }
}
