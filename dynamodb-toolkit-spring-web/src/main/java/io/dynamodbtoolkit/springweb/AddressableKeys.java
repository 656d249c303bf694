package io.dynamodbtoolkit.springweb;

import java.util.Base64;
import java.util.Map;

import io.dynamodbtoolkit.key.KeyField;
import io.dynamodbtoolkit.key.KeyModel;
import org.springframework.http.HttpStatus;

/**
 * The rule every write route applies to the key values it writes, so that each row it creates can be read, written
 * and deleted again by its path ({@code /TX/Dallas/1HGC001}) and by {@code names=}: a key value, as its path segment
 * carries it, may not start with the method prefix ({@code -}: {@code /-fzdash} is a route), contain {@code /} (it
 * would split into two segments; servers refuse an encoded one), be empty, or be {@code .} or {@code ..} (dot segments
 * are removed from paths). Refused with 400 naming the field and the rule.
 */
final class AddressableKeys {

    private AddressableKeys() {
    }

    /**
     * @param keys   the key design
     * @param fields a body's fields (or a key's values), by name; fields that are not key fields are not looked at
     * @param policy the policy (its method prefix)
     * @throws RestRequestException 400 for a key value no path could name
     */
    static void require(KeyModel keys, Map<String, ?> fields, RestPolicy policy) {
        for (KeyField field : keys.keyFields()) {
            Object value = fields.get(field.name());
            if (value != null) {
                require(field, value, policy);
            }
        }
    }

    /**
     * @param field  a key field
     * @param value  a value written to it
     * @param policy the policy (its method prefix)
     * @throws RestRequestException 400 for a value no path could name
     */
    static void require(KeyField field, Object value, RestPolicy policy) {
        String segment = value instanceof byte[] binary ? Base64.getUrlEncoder().withoutPadding().encodeToString(binary)
                : String.valueOf(value);
        String broken = segment.isEmpty() ? "is empty"
                : segment.startsWith(policy.methodPrefix()) ? "starts with '" + policy.methodPrefix()
                        + "', which starts a route segment (-by-names, -under)"
                : segment.contains("/") ? "contains '/', which separates the values of a key path"
                : segment.equals(".") || segment.equals("..") ? "is a dot segment, which paths drop"
                : null;
        if (broken != null) {
            throw new RestRequestException(HttpStatus.BAD_REQUEST, "unaddressable-key",
                    "Key value not addressable", "The key field '" + field.name() + "' has the value '"
                            + KeyPaths.abbreviated(segment) + "', which " + broken + ": no path could name the row; "
                            + "choose another value");
        }
    }
}
