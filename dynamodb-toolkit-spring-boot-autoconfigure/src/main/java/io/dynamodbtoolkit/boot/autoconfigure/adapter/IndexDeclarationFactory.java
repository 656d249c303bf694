package io.dynamodbtoolkit.boot.autoconfigure.adapter;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.function.BiFunction;

import io.dynamodbtoolkit.DeclarationException;
import io.dynamodbtoolkit.boot.autoconfigure.properties.IndexKeyProperties;
import io.dynamodbtoolkit.boot.autoconfigure.properties.IndexKind;
import io.dynamodbtoolkit.boot.autoconfigure.properties.IndexProperties;
import io.dynamodbtoolkit.boot.autoconfigure.properties.KeyFieldProperties;
import io.dynamodbtoolkit.boot.autoconfigure.properties.MembershipProperties;
import io.dynamodbtoolkit.boot.autoconfigure.properties.ProjectionKind;
import io.dynamodbtoolkit.expression.KeyAttribute;
import io.dynamodbtoolkit.index.AttributeKeyPart;
import io.dynamodbtoolkit.index.CompositeKeyPart;
import io.dynamodbtoolkit.index.IndexDeclaration;
import io.dynamodbtoolkit.index.IndexKeyPart;
import io.dynamodbtoolkit.index.IndexProjection;
import io.dynamodbtoolkit.index.MarkerKeyPart;
import io.dynamodbtoolkit.index.Membership;
import io.dynamodbtoolkit.index.MultiAttributeKeyPart;
import io.dynamodbtoolkit.key.CompositeKey;
import io.dynamodbtoolkit.key.KeyField;
import software.amazon.awssdk.services.dynamodb.model.ProjectionType;

/**
 * Turns the {@code indices} of an adapter's properties into core {@link IndexDeclaration}s. Errors name the
 * configuration property at fault; the core's own checks follow when the declaration is built.
 */
final class IndexDeclarationFactory {

    private final BiFunction<String, String, Membership> membershipBeans;

    /**
     * @param membershipBeans resolves the Membership bean of a name, for the property given first; throws a
     *                        {@link DeclarationException} when there is none
     */
    IndexDeclarationFactory(BiFunction<String, String, Membership> membershipBeans) {
        this.membershipBeans = membershipBeans;
    }

    /**
     * @param adapterPrefix e.g. {@code dynamodb.toolkit.adapters.rentals}
     * @param indices       the indexes by name
     * @return the declarations, in the order given
     */
    List<IndexDeclaration> indexes(String adapterPrefix, Map<String, IndexProperties> indices) {
        List<IndexDeclaration> declarations = new ArrayList<>(indices.size());
        indices.forEach((name, index) -> declarations.add(index(adapterPrefix + ".indices." + name, name, index)));
        return declarations;
    }

    private IndexDeclaration index(String property, String name, IndexProperties index) {
        IndexDeclaration.Builder builder = index.getType() == IndexKind.LSI ? IndexDeclaration.local(name)
                : IndexDeclaration.global(name);
        if (index.getPk() != null) {
            builder.partition(keyPart(property + ".pk", index.getPk()));
        }
        if (index.getSk() != null) {
            builder.sort(keyPart(property + ".sk", index.getSk()));
        }
        builder.projection(projection(property, index));
        Membership membership = membership(property + ".membership", index.getMembership());
        builder.membership(membership);
        checkSparse(property, index, membership);
        if (Boolean.TRUE.equals(index.getSparse())) {
            builder.sparse();
        }
        return builder.scanSegments(index.getScanSegments()).build();
    }

    private static IndexKeyPart keyPart(String property, IndexKeyProperties side) {
        List<String> forms = new ArrayList<>(4);
        if (side.getAttribute() != null) {
            forms.add("attribute");
        }
        if (side.getComposite() != null) {
            forms.add("composite");
        }
        if (!side.getAttributes().isEmpty()) {
            forms.add("attributes");
        }
        if (side.getMarker() != null) {
            forms.add("marker");
        }
        if (forms.size() != 1) {
            throw new DeclarationException(property, forms.isEmpty() ? "the key side is empty"
                    : "it is declared in several forms at once: " + String.join(", ", forms),
                    "give exactly one of attribute (or just the attribute's name), composite (with fields), "
                            + "attributes (a multi-attribute key) or marker");
        }
        if (!side.getFields().isEmpty() && side.getComposite() == null) {
            throw new DeclarationException(property + ".fields", "fields are given but the key side is not a "
                    + "composite", "name the composite attribute (composite: _myKey) or remove fields");
        }
        if (!side.getShardBy().isEmpty() && side.getMarker() == null) {
            throw new DeclarationException(property + ".shard-by", "shard-by is given but the key side is not a "
                    + "marker", "name the marker attribute (marker: _myMarker) or remove shard-by");
        }
        return switch (forms.get(0)) {
            case "attribute" -> new AttributeKeyPart(Objects.requireNonNull(side.getAttribute(), "the form given"),
                    side.getType().scalarType());
            case "composite" -> composite(property, side);
            case "attributes" -> multiAttribute(property, side);
            default -> marker(property, side);
        };
    }

    private static IndexKeyPart composite(String property, IndexKeyProperties side) {
        if (side.getFields().isEmpty()) {
            throw new DeclarationException(property + ".fields", "composite '" + side.getComposite()
                    + "' has no fields", "list the fields it is composed of, most significant first");
        }
        String separator = side.getSeparator();
        if (separator == null || separator.isEmpty() || separator.chars().anyMatch(Character::isLetterOrDigit)) {
            throw new DeclarationException(property + ".separator", "separator \"" + separator
                    + "\" is empty or contains letters or digits", "use punctuation such as \"|\" (the default) "
                    + "or \"#\"");
        }
        List<KeyField> fields = KeyFieldFactory.compositeFields(property + ".fields", side.getFields());
        return new CompositeKeyPart(new CompositeKey(Objects.requireNonNull(side.getComposite(), "the form given"),
                fields, separator));
    }

    private static IndexKeyPart multiAttribute(String property, IndexKeyProperties side) {
        List<KeyFieldProperties> attributes = side.getAttributes();
        if (attributes.size() > MultiAttributeKeyPart.MAX_ATTRIBUTES) {
            throw new DeclarationException(property + ".attributes", attributes.size() + " attributes are given",
                    "use 1 to " + MultiAttributeKeyPart.MAX_ATTRIBUTES + " attributes (DynamoDB's limit), or a "
                            + "composite");
        }
        List<KeyField> fields = KeyFieldFactory.keyFields(property + ".attributes", attributes);
        List<KeyAttribute> keyAttributes = new ArrayList<>(fields.size());
        for (int i = 0; i < fields.size(); i++) {
            if (fields.get(i).width() != null) {
                throw new DeclarationException(property + ".attributes[" + i + "].width", "attribute '"
                        + fields.get(i).name() + "' of a multi-attribute key has a width, but its numbers are stored "
                        + "natively", "remove the width");
            }
            keyAttributes.add(new KeyAttribute(fields.get(i).name(), fields.get(i).type().scalarType()));
        }
        return new MultiAttributeKeyPart(keyAttributes);
    }

    private static IndexKeyPart marker(String property, IndexKeyProperties side) {
        if (side.getValue() == null || side.getValue().isEmpty()) {
            throw new DeclarationException(property + ".value", "the marker value is empty",
                    "give the marker a value such as Y (the default)");
        }
        if (side.getShards() < 1) {
            throw new DeclarationException(property + ".shards", "a marker needs at least 1 shard, not "
                    + side.getShards(), "use 1 for an unsharded marker, or e.g. 16");
        }
        if (side.getShards() > 1 && side.getShardBy().isEmpty()) {
            throw new DeclarationException(property + ".shard-by", "a marker with " + side.getShards()
                    + " shards has no shard-by fields", "list the fields whose hash picks a member's shard, e.g. "
                    + "its key fields, so each item keeps a stable shard");
        }
        if (side.getShards() == 1 && !side.getShardBy().isEmpty()) {
            throw new DeclarationException(property + ".shards", "shard-by is given but shards is 1",
                    "set shards above 1, or remove shard-by");
        }
        return new MarkerKeyPart(Objects.requireNonNull(side.getMarker(), "the form given"), side.getValue(),
                side.getShards(), side.getShardBy());
    }

    private static IndexProjection projection(String property, IndexProperties index) {
        ProjectionKind kind = index.getProjection();
        List<String> include = index.getInclude();
        if (!include.isEmpty() && kind != null && kind != ProjectionKind.INCLUDE) {
            throw new DeclarationException(property + ".include", "include lists attributes but the projection is "
                    + kind.name().toLowerCase().replace('_', '-'), "remove include, or set projection: include");
        }
        if (kind == ProjectionKind.INCLUDE && include.isEmpty()) {
            throw new DeclarationException(property + ".include", "the projection is include but no attribute is "
                    + "listed", "list the attributes to copy, e.g. include: [status, total]");
        }
        if (!include.isEmpty()) {
            return new IndexProjection(ProjectionType.INCLUDE, include);
        }
        return kind == ProjectionKind.KEYS_ONLY ? IndexProjection.KEYS_ONLY : IndexProjection.ALL;
    }

    private Membership membership(String property, MembershipProperties membership) {
        boolean byTypes = !membership.getTypes().isEmpty();
        boolean byBean = membership.getBean() != null && !membership.getBean().isBlank();
        if (byTypes && byBean) {
            throw new DeclarationException(property, "membership is given both by types and by a bean",
                    "keep one: types for type labels, bean for a predicate written in code");
        }
        if (byTypes) {
            return Membership.types(membership.getTypes().toArray(String[]::new));
        }
        if (byBean) {
            return membershipBeans.apply(property + ".bean", membership.getBean());
        }
        return Membership.ALL;
    }

    private static void checkSparse(String property, IndexProperties index, Membership membership) {
        boolean restricted = !(membership instanceof Membership.All);
        if (Boolean.TRUE.equals(index.getSparse()) && !restricted && index.getPk() != null
                && index.getPk().getMarker() != null) {
            throw new DeclarationException(property + ".sparse", "the index is declared sparse but its marker is "
                    + "written on every item, since its membership is not restricted", "restrict the membership "
                    + "(membership.types or membership.bean), or remove sparse");
        }
        if (Boolean.FALSE.equals(index.getSparse()) && restricted) {
            throw new DeclarationException(property + ".sparse", "the index is declared not sparse but its "
                    + "membership is restricted", "remove the membership, or set sparse: true");
        }
    }
}
