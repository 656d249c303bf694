package io.dynamodbtoolkit.springdata.repository.query;

import java.beans.PropertyDescriptor;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

import io.dynamodbtoolkit.springdata.mapping.DynamoDbMappingContext;
import io.dynamodbtoolkit.springdata.mapping.DynamoDbPersistentEntity;
import io.dynamodbtoolkit.springdata.mapping.DynamoDbPersistentProperty;
import org.jspecify.annotations.Nullable;
import org.springframework.data.projection.ProjectionFactory;
import org.springframework.data.projection.ProjectionInformation;
import org.springframework.data.repository.query.ReturnedType;
import org.springframework.util.ClassUtils;

/**
 * The type a query method returns its rows as, and whether rows of given classes can be returned as it. It is one of:
 * <ul>
 * <li>an <b>entity type</b>: the repository's domain type, one of its tier classes, or any type that is not a
 * Spring Data projection ({@code Object}, {@code String}): every row must be an instance of it;</li>
 * <li>a <b>closed interface projection</b> ({@code interface VehicleSummary { String getVin(); }}): every row's
 * class must have the properties its getters read;</li>
 * <li>an <b>open interface projection</b> (a getter with {@code @Value("#{target...}")}): its expressions read the
 * entity, so nothing can be checked before a call;</li>
 * <li>a <b>DTO projection</b> (a class or record outside the domain type's hierarchy): every row's class must have
 * each of its properties, with a type the DTO's property can hold (the DTO is built from the entity's values).</li>
 * </ul>
 * Projections follow Spring Data's {@link ReturnedType}: a type is a projection where it says so, unless the type
 * is the domain type or one of its subtypes (those are rows, never converted).
 */
final class ElementType {

    /** What kind of type the rows are returned as. */
    enum Kind {
        /** The rows themselves. */
        ENTITY,
        /** A proxy over each row, whose getters name properties of the row. */
        CLOSED_INTERFACE,
        /** A proxy over each row whose getters evaluate expressions on it. */
        OPEN_INTERFACE,
        /** A class instantiated from each row's properties. */
        DTO
    }

    private final Class<?> type;
    private final Kind kind;
    private final Map<String, Class<?>> properties;
    private final DynamoDbMappingContext context;

    private ElementType(Class<?> type, Kind kind, Map<String, Class<?>> properties, DynamoDbMappingContext context) {
        this.type = type;
        this.kind = kind;
        this.properties = properties;
        this.context = context;
    }

    /**
     * @param type       the type rows are to be returned as
     * @param domainType the repository's domain type
     * @param factory    the repository's projection factory
     * @param context    the mapping metadata of the rows (and of DTOs)
     * @return the element type
     */
    static ElementType of(Class<?> type, Class<?> domainType, ProjectionFactory factory,
            DynamoDbMappingContext context) {
        if (domainType.isAssignableFrom(type) || !ReturnedType.of(type, domainType, factory).isProjecting()) {
            return new ElementType(type, Kind.ENTITY, Map.of(), context);
        }
        Map<String, Class<?>> properties = new LinkedHashMap<>();
        if (type.isInterface()) {
            ProjectionInformation information = factory.getProjectionInformation(type);
            if (!information.isClosed()) {
                return new ElementType(type, Kind.OPEN_INTERFACE, Map.of(), context);
            }
            for (PropertyDescriptor property : information.getInputProperties()) {
                properties.putIfAbsent(property.getName(), Object.class);
            }
            return new ElementType(type, Kind.CLOSED_INTERFACE, properties, context);
        }
        DynamoDbPersistentEntity<?> dto = context.getRequiredPersistentEntity(type);
        dto.doWithProperties((DynamoDbPersistentProperty property) ->
                properties.put(property.getName(), property.getType()));
        return new ElementType(type, Kind.DTO, properties, context);
    }

    /** @return the type */
    Class<?> type() {
        return type;
    }

    /** @return what kind of type it is */
    Kind kind() {
        return kind;
    }

    /** @return whether rows are converted into it (a projection), rather than returned as they are */
    boolean isProjection() {
        return kind != Kind.ENTITY;
    }

    /**
     * @param classes the classes rows are read as
     * @return for each class whose rows cannot be returned as this type, why (an empty map when every one can)
     */
    Map<Class<?>, String> misfits(Set<? extends Class<?>> classes) {
        Map<Class<?>, String> misfits = new LinkedHashMap<>();
        for (Class<?> rowClass : classes) {
            String problem = misfit(rowClass);
            if (problem != null) {
                misfits.put(rowClass, problem);
            }
        }
        return misfits;
    }

    /** @return why rows of a class cannot be returned as this type, or null when they can */
    private @Nullable String misfit(Class<?> rowClass) {
        if (ClassUtils.isAssignable(type, rowClass)) {
            return null;
        }
        if (kind == Kind.ENTITY) {
            return "is not a " + type.getSimpleName();
        }
        DynamoDbPersistentEntity<?> row = context.getRequiredPersistentEntity(rowClass);
        List<String> missing = new ArrayList<>();
        List<String> mistyped = new ArrayList<>();
        properties.forEach((name, propertyType) -> {
            DynamoDbPersistentProperty source = row.getPersistentProperty(name);
            if (source == null) {
                missing.add(name);
            } else if (kind == Kind.DTO && !ClassUtils.isAssignable(propertyType, source.getType())) {
                mistyped.add(name + " (" + source.getType().getSimpleName() + ", which the " + type.getSimpleName()
                        + " property of type " + propertyType.getSimpleName() + " cannot hold)");
            }
        });
        List<String> problems = new ArrayList<>();
        if (!missing.isEmpty()) {
            problems.add("has no propert" + (missing.size() == 1 ? "y " : "ies ") + missing);
        }
        if (!mistyped.isEmpty()) {
            problems.add("has " + String.join(", ", mistyped));
        }
        return problems.isEmpty() ? null : String.join(" and ", problems);
    }

    @Override
    public String toString() {
        return type.getSimpleName();
    }
}
