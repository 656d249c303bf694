package io.dynamodbtoolkit.key;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.dynamodbtoolkit.DeclarationException;
import org.junit.jupiter.api.Test;

class KeyModelDeclarationTest {

    private static KeyModel.Builder rentals() {
        return KeyModel.builder()
                .keyFields("state", "facility", "vin")
                .structuralKey("_sk")
                .technicalPrefix("_")
                .typeLabels("state", "facility", "vehicle")
                .typeField("kind");
    }

    @Test
    void buildsTheRecipeDeclaration() {
        KeyModel model = rentals().versionField("_version").createdAtField("_createdAt").build();

        assertThat(model.isHierarchical()).isTrue();
        assertThat(model.primaryKeyNames()).containsExactly("state", "_sk");
        assertThat(model.isTechnical("_sk")).isTrue();
        assertThat(model.isTechnical("facility")).isFalse();
    }

    @Test
    void plainPartitionAndSortKeyTablesNeedNoStructuralKey() {
        KeyModel model = KeyModel.builder().keyFields(KeyField.string("customerId"), KeyField.number("orderNo"))
                .build();

        assertThat(model.isHierarchical()).isFalse();
        assertThat(model.primaryKeyNames()).containsExactly("customerId", "orderNo");
    }

    @Test
    void rejectsEmptyKeyFields() {
        assertDeclarationError(KeyModel.builder(), "keyFields",
                "keyFields: no key fields are declared. Fix: declare at least the partition key field");
    }

    @Test
    void rejectsACompositeNumberWithoutWidth() {
        assertDeclarationError(KeyModel.builder().keyFields(KeyField.string("bucket"), KeyField.number("ts"))
                        .structuralKey("_sk").technicalPrefix("_"), "keyFields[1].width",
                "number field 'ts' is part of the structural key but has no width",
                "declare a width, e.g. KeyField.number(\"ts\", 10)");
    }

    @Test
    void rejectsBadWidths() {
        assertDeclarationError(KeyModel.builder().keyFields(KeyField.string("bucket"), KeyField.number("ts", 0))
                .structuralKey("_sk"), "keyFields[1].width", "width 0 of 'ts' is out of range", "from 1 to 38");
        assertDeclarationError(KeyModel.builder().keyFields(KeyField.string("bucket"), KeyField.number("ts", 39))
                .structuralKey("_sk"), "keyFields[1].width", "width 39 of 'ts' is out of range");
        assertDeclarationError(KeyModel.builder().keyFields(new KeyField("bucket", KeyType.BINARY, 4)),
                "keyFields[0].width", "'bucket' is a binary field with a width");
        assertDeclarationError(KeyModel.builder().keyFields(KeyField.string("bucket"), KeyField.string("code", 0))
                .structuralKey("_sk"), "keyFields[1].width", "width 0 of 'code' is out of range", "from 1 to 1024");
    }

    @Test
    void rejectsACompositeWithoutStructuralKey() {
        assertDeclarationError(KeyModel.builder().keyFields("state", "facility", "vin"), "structuralKey",
                "3 key fields are declared without a structural key", "declare structuralKey");
    }

    @Test
    void rejectsTypeLabelsOfTheWrongLength() {
        assertDeclarationError(rentals().typeLabels("state", "facility"), "typeLabels",
                "2 labels for 3 key fields", "exactly one label per key field");
    }

    @Test
    void rejectsTypeLabelsThatArePrefixesOfEachOther() {
        assertDeclarationError(rentals().typeLabels("state", "facility", "facil"), "typeLabels[2]",
                "label 'facil' is a prefix of label 'facility' (typeLabels[1])",
                "choose labels none of which starts with another");
    }

    @Test
    void rejectsManagedFieldsOutsideTheTechnicalPrefix() {
        assertDeclarationError(rentals().structuralKey("sk"), "structuralKey",
                "managed field 'sk' is outside the technicalPrefix \"_\"", "rename it to start with \"_\"");
        assertDeclarationError(rentals().versionField("version"), "versionField",
                "managed field 'version' is outside the technicalPrefix");
        assertDeclarationError(rentals().createdAtField("createdAt"), "createdAtField",
                "managed field 'createdAt' is outside the technicalPrefix");
    }

    @Test
    void rejectsVersionAndCreatedAtFieldsWithoutTechnicalPrefix() {
        assertDeclarationError(rentals().technicalPrefix(null).structuralKey("sk").versionField("version"),
                "versionField", "a version field is declared without a technicalPrefix", "declare technicalPrefix");
        assertDeclarationError(rentals().technicalPrefix(null).structuralKey("sk").createdAtField("createdAt"),
                "createdAtField", "a created-at field is declared without a technicalPrefix");
    }

    @Test
    void rejectsKeyFieldsUnderTheTechnicalPrefix() {
        assertDeclarationError(KeyModel.builder().keyFields("_tenant", "id").structuralKey("_sk").technicalPrefix("_"),
                "keyFields[0].name", "key field '_tenant' is under the technicalPrefix");
    }

    @Test
    void rejectsDuplicateKeyFieldsAndStructuralKeyClashes() {
        assertDeclarationError(KeyModel.builder().keyFields("a", "a"), "keyFields[1].name", "'a' is declared twice");
        assertDeclarationError(KeyModel.builder().keyFields("a", "b").structuralKey("b"), "structuralKey",
                "'b' is also a key field");
    }

    @Test
    void rejectsSeparatorsThatKeyValuesContain() {
        assertDeclarationError(rentals().structuralKey("_sk", ""), "structuralKey.separator", "the separator is empty");
        assertDeclarationError(rentals().structuralKey("_sk", "x"), "structuralKey.separator",
                "contains letters or digits");
    }

    @Test
    void rejectsATypeFieldWithNothingToWrite() {
        assertDeclarationError(KeyModel.builder().keyFields("id").typeField("kind"), "typeField",
                "no typeLabels or typeDiscriminator");
    }

    private static void assertDeclarationError(KeyModel.Builder builder, String property, String... messageParts) {
        assertThatThrownBy(builder::build)
                .isInstanceOfSatisfying(DeclarationException.class, e -> {
                    assertThat(e.property()).isEqualTo(property);
                    assertThat(e.getMessage()).startsWith(property + ": ").contains(messageParts).contains("Fix: ");
                });
    }
}
