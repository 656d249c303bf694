package io.dynamodbtoolkit.springdata.repository.query;

import io.dynamodbtoolkit.adapter.ListOptions;
import org.jspecify.annotations.Nullable;
import org.springframework.dao.InvalidDataAccessApiUsageException;
import org.springframework.data.repository.query.ParametersParameterAccessor;

/**
 * The arguments of one call of a dynamodb-toolkit query method, its {@link ListOptions} included. The projection of
 * an {@code ItemPage<P>} method is its {@code Class<P>} argument, else its declared element type.
 */
final class DynamoDbParameterAccessor extends ParametersParameterAccessor {

    private final DynamoDbParameters parameters;

    DynamoDbParameterAccessor(DynamoDbParameters parameters, Object[] values) {
        super(parameters, values);
        this.parameters = parameters;
    }

    @Override
    public @Nullable Class<?> findDynamicProjection() {
        if (parameters.hasDynamicProjection() || parameters.itemPageElementType() == null) {
            return super.findDynamicProjection();
        }
        return parameters.itemPageElementType();
    }

    /** @return the argument at a position of the method's parameters, as given */
    Object getArgument(int index) {
        return getValues()[index];
    }

    /**
     * @return the call's list options
     * @throws IllegalStateException              when the method has no {@link ListOptions} parameter
     * @throws InvalidDataAccessApiUsageException when the argument is null
     */
    ListOptions getListOptions() {
        if (!parameters.hasListOptionsParameter()) {
            throw new IllegalStateException("The method has no ListOptions parameter");
        }
        ListOptions options = (ListOptions) getValues()[parameters.getListOptionsIndex()];
        if (options == null) {
            throw new InvalidDataAccessApiUsageException("The ListOptions argument is null: pass "
                    + "ListOptions.defaults().withLimit(n) for the first page");
        }
        return options;
    }
}
