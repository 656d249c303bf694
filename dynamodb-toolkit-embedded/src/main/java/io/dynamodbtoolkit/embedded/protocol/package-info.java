/**
 * The wire protocol: an HTTP front end ({@link HttpFrontEnd}) answering AWS JSON 1.0 requests, the
 * {@link RequestDispatcher} from {@code X-Amz-Target} to the handlers of each operation family, and the JSON codecs
 * of attribute values, expressions, table descriptions and consumed capacity.
 */
@NullMarked
package io.dynamodbtoolkit.embedded.protocol;

import org.jspecify.annotations.NullMarked;
