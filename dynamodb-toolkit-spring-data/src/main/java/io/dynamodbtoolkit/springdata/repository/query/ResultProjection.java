package io.dynamodbtoolkit.springdata.repository.query;

import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

import io.dynamodbtoolkit.adapter.ItemPage;
import io.dynamodbtoolkit.springdata.mapping.DynamoDbMappingContext;
import org.springframework.core.convert.converter.Converter;
import org.springframework.dao.InvalidDataAccessApiUsageException;
import org.springframework.data.convert.DtoInstantiatingConverter;
import org.springframework.data.mapping.model.EntityInstantiators;
import org.springframework.data.projection.ProjectionFactory;
import org.springframework.data.repository.query.ResultProcessor;

/**
 * Turns the rows a query method read into the type it returns, with Spring Data's projection machinery: the
 * method's {@link ResultProcessor} (a dynamic projection's {@code Class} argument included) makes interface
 * projections with the repository's {@link ProjectionFactory} (closed ones, and open ones whose {@code @Value}
 * expressions read the entity), and DTO projections with a {@link DtoInstantiatingConverter} over the module's
 * mapping metadata (the DTO's constructor parameters and properties are taken from the entity's properties of the
 * same names).
 *
 * <p>The rows are always read whole and converted after reading: a projection never narrows the request with a
 * ProjectionExpression (DynamoDB bills a read by the size of the whole item anyway, and entities read in part would
 * reach the entity callbacks and open projections in part) and never adds a filter.
 */
final class ResultProjection {

    private final DynamoDbQueryMethod method;
    private final Class<?> domainType;
    private final ProjectionFactory factory;
    private final DynamoDbMappingContext context;
    private final EntityInstantiators instantiators = new EntityInstantiators();
    private final ElementType declared;
    private final Map<Class<?>, ElementType> dynamicTypes = new ConcurrentHashMap<>();
    private final Map<Class<?>, Converter<Object, Object>> dtoConverters = new ConcurrentHashMap<>();

    private ResultProjection(DynamoDbQueryMethod method, Class<?> domainType, DynamoDbMappingContext context) {
        this.method = method;
        this.domainType = domainType;
        this.factory = method.projectionFactory();
        this.context = context;
        this.declared = ElementType.of(method.elementType(), domainType, factory, context);
    }

    /** @return the projection of a method of a repository */
    static ResultProjection of(DynamoDbQueryMethod method, QueryContext<?> context) {
        return new ResultProjection(method, context.tiers().domainType(), context.converter().getMappingContext());
    }

    /**
     * @return the element type the method declares (checked at start-up); {@code Object} for a method whose
     *         projection is a {@code Class} argument
     */
    ElementType declared() {
        return declared;
    }

    /**
     * Checks a dynamic projection's type (a {@code Class} argument) against the classes the call's read returns; does
     * nothing for a method without one (its element type was checked at start-up).
     *
     * @param accessor the call's arguments
     * @param classes  the classes the read returns rows as
     * @param reach    what the read reaches, for the message
     * @throws InvalidDataAccessApiUsageException when the argument is null or rows of those classes cannot be
     *                                            returned as it
     */
    void requireFits(DynamoDbParameterAccessor accessor, Set<? extends Class<?>> classes, String reach) {
        if (method.getParameters().hasDynamicProjection()) {
            ElementTypes.requireFitsAtCall(method, elementType(accessor), classes, reach);
        }
    }

    /**
     * @param result   what the read returned in the method's shape (a list, stream, slice, page, window, item page,
     *                 one entity or null)
     * @param shape    the shape
     * @param accessor the call's arguments (a dynamic projection's type, checked by {@link #requireFits})
     * @return the result with each row converted into the type the method (or the call) projects to; the result
     *         itself when that type is an entity type
     */
    Object project(Object result, ResultShape shape, DynamoDbParameterAccessor accessor) {
        if (shape == ResultShape.COUNT || shape == ResultShape.EXISTS || !elementType(accessor).isProjection()) {
            return result;
        }
        ResultProcessor processor = method.getResultProcessor().withDynamicProjection(accessor);
        Converter<Object, Object> preparing = preparing(processor.getReturnedType().getReturnedType());
        if (shape == ResultShape.ITEM_PAGE) {
            return ((ItemPage<?>) result).map(item -> (Object) processor.processResult(item, preparing));
        }
        return processor.processResult(result, preparing);
    }

    /**
     * @return the element type of a call: the method's, or its dynamic projection's {@code Class} argument
     * @throws InvalidDataAccessApiUsageException when that argument is null
     */
    private ElementType elementType(DynamoDbParameterAccessor accessor) {
        if (!method.getParameters().hasDynamicProjection()) {
            return declared;
        }
        Class<?> type = accessor.findDynamicProjection();
        if (type == null) {
            throw new InvalidDataAccessApiUsageException(method.describe() + ": the projection type argument is null; "
                    + "pass the type to return the rows as (" + domainType.getSimpleName() + ".class for the "
                    + "entities)");
        }
        return dynamicTypes.computeIfAbsent(type, given -> ElementType.of(given, domainType, factory, context));
    }

    /**
     * @return what makes a row into a DTO before Spring Data's projecting converter sees it: a
     *         {@link DtoInstantiatingConverter} for a class outside the domain type's hierarchy, else nothing (rows
     *         of the domain type's classes are returned as they are, interfaces are proxied by the factory)
     */
    private Converter<Object, Object> preparing(Class<?> type) {
        if (type.isInterface() || domainType.isAssignableFrom(type)) {
            return row -> row;
        }
        return dtoConverters.computeIfAbsent(type, dto -> new DtoInstantiatingConverter(dto, context, instantiators));
    }
}
