package io.dynamodbtoolkit.key;

import java.util.HashSet;
import java.util.List;
import java.util.Set;

import io.dynamodbtoolkit.DeclarationException;
import org.jspecify.annotations.Nullable;

/** Checks a key declaration before it is built; every failure names the property and the fix. */
final class KeyModelValidator {

    private final KeyModel.Builder declaration;

    KeyModelValidator(KeyModel.Builder declaration) {
        this.declaration = declaration;
    }

    void validate() {
        validateKeyFields();
        validateStructuralKey();
        validateTechnicalFields();
        validateTypeLabels();
    }

    private void validateKeyFields() {
        List<KeyField> fields = declaration.keyFields();
        if (fields.isEmpty()) {
            throw new DeclarationException("keyFields", "no key fields are declared",
                    "declare at least the partition key field, e.g. keyFields(\"state\")");
        }
        Set<String> names = new HashSet<>();
        for (int i = 0; i < fields.size(); i++) {
            KeyField field = fields.get(i);
            String property = "keyFields[" + i + "]";
            if (field.name().isBlank()) {
                throw new DeclarationException(property + ".name", "the name is blank", "give the key field a name");
            }
            if (!names.add(field.name())) {
                throw new DeclarationException(property + ".name", "'" + field.name() + "' is declared twice",
                        "declare each key field once");
            }
            field.requireValidWidth(property);
        }
    }

    private void validateStructuralKey() {
        List<KeyField> fields = declaration.keyFields();
        String structuralKey = declaration.structuralKeyName();
        if (structuralKey == null) {
            if (fields.size() > 2) {
                throw new DeclarationException("structuralKey", fields.size()
                        + " key fields are declared without a structural key, but a table has only a partition "
                        + "and a sort key", "declare structuralKey (e.g. \"_sk\") to compose the fields after the "
                        + "first into the sort key, or declare at most two key fields for a plain pk/sk table");
            }
            return;
        }
        if (structuralKey.isBlank()) {
            throw new DeclarationException("structuralKey", "the name is blank",
                    "name the structural key attribute, e.g. \"_sk\"");
        }
        if (fields.stream().anyMatch(f -> f.name().equals(structuralKey))) {
            throw new DeclarationException("structuralKey", "'" + structuralKey + "' is also a key field",
                    "give the structural key its own attribute name, e.g. \"_sk\"");
        }
        String separator = declaration.separator();
        if (separator == null || separator.isEmpty()) {
            throw new DeclarationException("structuralKey.separator", "the separator is empty",
                    "use a separator such as \"|\" (the default) or \"#\"");
        }
        if (separator.chars().anyMatch(Character::isLetterOrDigit)) {
            throw new DeclarationException("structuralKey.separator", "separator \"" + separator
                    + "\" contains letters or digits, which key values commonly contain",
                    "use punctuation such as \"|\" (the default) or \"#\"");
        }
        for (int i = 0; i < fields.size(); i++) {
            KeyField field = fields.get(i);
            if (field.type() == KeyType.NUMBER && field.width() == null) {
                throw new DeclarationException("keyFields[" + i + "].width", "number field '" + field.name()
                        + "' is part of the structural key but has no width, so \"9\" would sort after \"10\"",
                        "declare a width, e.g. KeyField.number(\"" + field.name() + "\", 10)");
            }
        }
    }

    private void validateTechnicalFields() {
        String prefix = declaration.technicalPrefix();
        if (prefix != null && prefix.isEmpty()) {
            throw new DeclarationException("technicalPrefix", "the prefix is empty",
                    "use a prefix such as \"_\", or declare none");
        }
        if (prefix == null) {
            if (declaration.versionField() != null) {
                throw new DeclarationException("versionField", "a version field is declared without a "
                        + "technicalPrefix, so callers could overwrite it", "declare technicalPrefix (e.g. \"_\") "
                        + "and name the version field under it (e.g. \"_version\")");
            }
            if (declaration.createdAtField() != null) {
                throw new DeclarationException("createdAtField", "a created-at field is declared without a "
                        + "technicalPrefix, so callers could overwrite it", "declare technicalPrefix (e.g. \"_\") "
                        + "and name the created-at field under it (e.g. \"_createdAt\")");
            }
            return;
        }
        requireUnderPrefix("structuralKey", declaration.structuralKeyName(), prefix);
        requireUnderPrefix("versionField", declaration.versionField(), prefix);
        requireUnderPrefix("createdAtField", declaration.createdAtField(), prefix);
        List<KeyField> fields = declaration.keyFields();
        for (int i = 0; i < fields.size(); i++) {
            if (fields.get(i).name().startsWith(prefix)) {
                throw new DeclarationException("keyFields[" + i + "].name", "key field '" + fields.get(i).name()
                        + "' is under the technicalPrefix \"" + prefix + "\", but callers supply key fields",
                        "rename the key field so it does not start with \"" + prefix + "\"");
            }
        }
    }

    private static void requireUnderPrefix(String property, @Nullable String name, String prefix) {
        if (name != null && !name.startsWith(prefix)) {
            throw new DeclarationException(property, "managed field '" + name + "' is outside the technicalPrefix \""
                    + prefix + "\", so callers could write it and reads would return it",
                    "rename it to start with \"" + prefix + "\", e.g. \"" + prefix + name + "\"");
        }
    }

    private void validateTypeLabels() {
        List<String> labels = declaration.typeLabels();
        if (labels.isEmpty()) {
            if (declaration.typeField() != null && declaration.typeDiscriminator() == null) {
                throw new DeclarationException("typeField", "a type field is declared but there are no typeLabels "
                        + "or typeDiscriminator to take its value from", "declare typeLabels, one per key field");
            }
            return;
        }
        int fieldCount = declaration.keyFields().size();
        if (labels.size() != fieldCount) {
            throw new DeclarationException("typeLabels", labels.size() + " labels for " + fieldCount
                    + " key fields", "declare exactly one label per key field, in key order");
        }
        for (int i = 0; i < labels.size(); i++) {
            String label = labels.get(i);
            if (label == null || label.isBlank()) {
                throw new DeclarationException("typeLabels[" + i + "]", "the label is blank", "name every depth");
            }
            for (int j = 0; j < labels.size(); j++) {
                if (i != j && labels.get(j) != null && labels.get(j).startsWith(label)) {
                    throw new DeclarationException("typeLabels[" + i + "]", "label '" + label
                            + "' is a prefix of label '" + labels.get(j) + "' (typeLabels[" + j + "]), so a "
                            + "prefix query on the type field would match both", "choose labels none of which "
                            + "starts with another");
                }
            }
        }
    }
}
