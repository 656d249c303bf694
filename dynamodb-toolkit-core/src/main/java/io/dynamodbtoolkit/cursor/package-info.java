/**
 * Opaque, URL-safe keyset cursors: {@link CursorCodec} encrypts (AES-256-GCM) or signs (HMAC-SHA256) a
 * {@link CursorState} and binds it to the query it continues, so clients can neither read nor forge the keys they
 * hold; a cursor that does not fit is refused with {@link InvalidCursorException}.
 */
@NullMarked
package io.dynamodbtoolkit.cursor;

import org.jspecify.annotations.NullMarked;
