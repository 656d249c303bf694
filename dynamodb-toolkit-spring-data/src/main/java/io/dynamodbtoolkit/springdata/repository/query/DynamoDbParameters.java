package io.dynamodbtoolkit.springdata.repository.query;

import java.lang.reflect.Method;
import java.lang.reflect.Type;
import java.lang.reflect.TypeVariable;
import java.util.List;

import io.dynamodbtoolkit.adapter.ListOptions;
import java.util.Objects;
import org.jspecify.annotations.Nullable;
import org.springframework.core.MethodParameter;
import org.springframework.core.ResolvableType;
import org.springframework.data.core.TypeInformation;
import org.springframework.data.repository.query.Param;
import org.springframework.data.repository.query.Parameter;
import org.springframework.data.repository.query.Parameters;
import org.springframework.data.repository.query.ParametersSource;

/**
 * The parameters of a dynamodb-toolkit query method. Besides Spring Data's special parameters ({@code Pageable},
 * {@code Sort}, {@code ScrollPosition}, {@code Limit}, a dynamic projection's {@code Class<P>}), a {@link ListOptions}
 * parameter is special: it pages an {@code ItemPage} result (limit, cursor, direction) and binds no key field or
 * condition. A method {@code <P> ItemPage<P> m(..., ListOptions options, Class<P> type)} takes its dynamic projection
 * from the {@code Class} parameter, as Spring Data's own result types do.
 */
public final class DynamoDbParameters extends Parameters<DynamoDbParameters, DynamoDbParameters.DynamoDbParameter> {

    private final int listOptionsIndex;
    private final @Nullable Class<?> itemPageElementType;

    /** @param source the method and its repository */
    public DynamoDbParameters(ParametersSource source) {
        super(source, parameter -> new DynamoDbParameter(parameter, source.getDomainTypeInformation()));
        this.listOptionsIndex = listOptionsIndexOf(this);
        Method method = source.getMethod();
        ResolvableType itemPage = ItemPageParameters.itemPageType(method, source.getContainingClass());
        this.itemPageElementType = itemPage == null ? null : itemPage.getGeneric(0).resolve(Object.class);
    }

    private DynamoDbParameters(List<DynamoDbParameter> parameters, @Nullable Class<?> itemPageElementType) {
        super(parameters);
        this.listOptionsIndex = listOptionsIndexOf(this);
        this.itemPageElementType = itemPageElementType;
    }

    @Override
    protected DynamoDbParameters createFrom(List<DynamoDbParameter> parameters) {
        return new DynamoDbParameters(parameters, itemPageElementType);
    }

    /**
     * @return the element type of an {@code ItemPage} result (what its items are projected to when no dynamic
     *         projection is passed), or null when the method returns something else
     */
    @Nullable Class<?> itemPageElementType() {
        return itemPageElementType;
    }

    /** @return whether the method has a {@link ListOptions} parameter */
    public boolean hasListOptionsParameter() {
        return listOptionsIndex >= 0;
    }

    /** @return the position of the {@link ListOptions} parameter among all parameters, or -1 */
    public int getListOptionsIndex() {
        return listOptionsIndex;
    }

    private static int listOptionsIndexOf(Parameters<?, DynamoDbParameter> parameters) {
        for (DynamoDbParameter parameter : parameters) {
            if (parameter.isListOptions()) {
                return parameter.getIndex();
            }
        }
        return -1;
    }

    /** A parameter of a dynamodb-toolkit query method. */
    public static final class DynamoDbParameter extends Parameter {

        private final boolean itemPageProjection;

        DynamoDbParameter(MethodParameter parameter, TypeInformation<?> domainType) {
            super(parameter, domainType);
            this.itemPageProjection = isItemPageProjection(parameter);
        }

        /** @return whether it is the {@code Class<P>} of a {@code <P> ItemPage<P>} method (Spring Data's or ours) */
        @Override
        public boolean isDynamicProjectionParameter() {
            return super.isDynamicProjectionParameter() || itemPageProjection;
        }

        /** @return whether this parameter pages an {@code ItemPage} result */
        public boolean isListOptions() {
            return ListOptions.class.equals(getType());
        }

        @Override
        public boolean isSpecialParameter() {
            return super.isSpecialParameter() || isListOptions() || itemPageProjection;
        }

        private static boolean isItemPageProjection(MethodParameter parameter) {
            Method method = parameter.getMethod();
            if (method == null || !Class.class.equals(parameter.getParameterType())
                    || parameter.hasParameterAnnotation(Param.class) || !ItemPageParameters.returnsItemPage(method)) {
                return false;
            }
            Type element = Objects.requireNonNull(ItemPageParameters.itemPageType(method, method.getDeclaringClass()),
                    "a method returning an ItemPage").getGeneric(0).getType();
            return element instanceof TypeVariable<?>
                    && element.equals(ResolvableType.forMethodParameter(parameter).getGeneric(0).getType());
        }
    }
}
