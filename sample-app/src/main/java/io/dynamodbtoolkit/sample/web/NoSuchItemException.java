package io.dynamodbtoolkit.sample.web;

/** A request named a key that no item has: answered 404. */
public class NoSuchItemException extends RuntimeException {

    /** @param what the item looked for, e.g. {@code vehicle TX/Dallas/1HGC001} */
    public NoSuchItemException(String what) {
        super("There is no " + what);
    }
}
