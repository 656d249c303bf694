package io.dynamodbtoolkit.boot.autoconfigure.adapter;

import java.util.ArrayList;
import java.util.List;

import io.dynamodbtoolkit.DeclarationException;
import io.dynamodbtoolkit.boot.autoconfigure.properties.KeyFieldProperties;
import io.dynamodbtoolkit.key.KeyField;
import io.dynamodbtoolkit.key.KeyType;

/** Turns key field properties into core {@link KeyField}s, naming the configuration property of any error. */
final class KeyFieldFactory {

    private KeyFieldFactory() {
    }

    /**
     * @param property the list's configuration property, e.g. {@code ...rentals.key-fields}
     * @param fields   the fields
     * @return the key fields (width checks are the core's, or the caller's for composites)
     */
    static List<KeyField> keyFields(String property, List<KeyFieldProperties> fields) {
        List<KeyField> keyFields = new ArrayList<>(fields.size());
        for (int i = 0; i < fields.size(); i++) {
            keyFields.add(keyField(property + "[" + i + "]", fields.get(i)));
        }
        return keyFields;
    }

    /**
     * Like {@link #keyFields} for the fields of a composite, where every number needs a width.
     *
     * @throws DeclarationException naming the field whose width is missing
     */
    static List<KeyField> compositeFields(String property, List<KeyFieldProperties> fields) {
        List<KeyField> keyFields = keyFields(property, fields);
        for (int i = 0; i < keyFields.size(); i++) {
            KeyField field = keyFields.get(i);
            if (field.type() == KeyType.NUMBER && field.width() == null) {
                throw new DeclarationException(property + "[" + i + "].width", "number field '" + field.name()
                        + "' is part of a composite key but has no width, so \"9\" would sort after \"10\"",
                        "set a width, e.g. {name: " + field.name() + ", type: number, width: 10}");
            }
            field.requireValidWidth(property + "[" + i + "]");
        }
        return keyFields;
    }

    private static KeyField keyField(String property, KeyFieldProperties field) {
        if (field == null || field.getName() == null || field.getName().isBlank()) {
            throw new DeclarationException(property + ".name", "the key field has no name",
                    "name it, e.g. {name: vin} or just vin");
        }
        if (field.getType() == null) {
            throw new DeclarationException(property + ".type", "the key field '" + field.getName()
                    + "' has no type", "use string, number or binary");
        }
        return new KeyField(field.getName(), field.getType(), field.getWidth());
    }
}
