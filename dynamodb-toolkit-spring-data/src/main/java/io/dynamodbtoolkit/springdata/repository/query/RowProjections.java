package io.dynamodbtoolkit.springdata.repository.query;

import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Function;

import io.dynamodbtoolkit.springdata.mapping.DynamoDbMappingContext;
import org.springframework.dao.InvalidDataAccessApiUsageException;
import org.springframework.data.convert.DtoInstantiatingConverter;
import org.springframework.data.mapping.model.EntityInstantiators;
import org.springframework.data.projection.ProjectionFactory;

/**
 * The projections of one repository's rows into types chosen at call time ({@link RowProjection}), made with the same
 * machinery as its query methods' projections ({@link ResultProjection}): interface projections (closed, and open ones
 * whose {@code @Value} expressions read the entity) are proxies of the repository's {@link ProjectionFactory}, DTO
 * projections (a class or record outside the domain type's hierarchy) are instantiated by a
 * {@link DtoInstantiatingConverter} over the module's mapping metadata, and an entity type returns the rows as they
 * are. The rows are always read whole; nothing narrows the request.
 */
public final class RowProjections {

    private final Class<?> domainType;
    private final ProjectionFactory factory;
    private final DynamoDbMappingContext context;
    private final EntityInstantiators instantiators = new EntityInstantiators();
    private final Map<Class<?>, RowProjection<?>> byType = new ConcurrentHashMap<>();

    private RowProjections(Class<?> domainType, ProjectionFactory factory, DynamoDbMappingContext context) {
        this.domainType = domainType;
        this.factory = factory;
        this.context = context;
    }

    /**
     * @param context the repository
     * @param factory the repository's projection factory (the one its query methods use)
     * @return the projections of its rows
     */
    public static RowProjections of(QueryContext<?> context, ProjectionFactory factory) {
        return new RowProjections(context.domainType(), factory, context.converter().getMappingContext());
    }

    /**
     * @param type the type to return rows as: an entity type, an interface projection or a DTO
     * @return its projection (not yet checked against a read's rows: {@code ExampleRead.requireReturnableAs})
     * @throws InvalidDataAccessApiUsageException when the type is null
     */
    @SuppressWarnings("unchecked")
    public <R> RowProjection<R> to(Class<R> type) {
        if (type == null) {
            throw new InvalidDataAccessApiUsageException("as(null): pass the type to return the rows as ("
                    + domainType.getSimpleName() + ".class for the entities, or an interface or DTO projection)");
        }
        return (RowProjection<R>) byType.computeIfAbsent(type, this::create);
    }

    private RowProjection<?> create(Class<?> type) {
        ElementType element = ElementType.of(type, domainType, factory, context);
        Function<Object, Object> conversion = switch (element.kind()) {
            case ENTITY -> Function.identity();
            case CLOSED_INTERFACE, OPEN_INTERFACE -> row -> factory.createProjection(type, row);
            case DTO -> new DtoInstantiatingConverter(type, context, instantiators)::convert;
        };
        return new RowProjection<>(element, conversion);
    }
}
