package io.dynamodbtoolkit.springdata.repository.query;

import java.util.List;

import io.dynamodbtoolkit.adapter.ListOptions;
import org.springframework.core.MethodParameter;
import org.springframework.data.core.TypeInformation;
import org.springframework.data.repository.query.Parameter;
import org.springframework.data.repository.query.Parameters;
import org.springframework.data.repository.query.ParametersSource;

/**
 * The parameters of a dynamodb-toolkit query method. Besides Spring Data's special parameters ({@code Pageable},
 * {@code Sort}, {@code ScrollPosition}, {@code Limit}), a {@link ListOptions} parameter is special: it pages an
 * {@code ItemPage} result (limit, cursor, direction) and binds no key field or condition.
 */
public final class DynamoDbParameters extends Parameters<DynamoDbParameters, DynamoDbParameters.DynamoDbParameter> {

    private final int listOptionsIndex;

    /** @param source the method and its repository */
    public DynamoDbParameters(ParametersSource source) {
        super(source, parameter -> new DynamoDbParameter(parameter, source.getDomainTypeInformation()));
        this.listOptionsIndex = listOptionsIndexOf(this);
    }

    private DynamoDbParameters(List<DynamoDbParameter> parameters) {
        super(parameters);
        this.listOptionsIndex = listOptionsIndexOf(this);
    }

    @Override
    protected DynamoDbParameters createFrom(List<DynamoDbParameter> parameters) {
        return new DynamoDbParameters(parameters);
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

        DynamoDbParameter(MethodParameter parameter, TypeInformation<?> domainType) {
            super(parameter, domainType);
        }

        /** @return whether this parameter pages an {@code ItemPage} result */
        public boolean isListOptions() {
            return ListOptions.class.equals(getType());
        }

        @Override
        public boolean isSpecialParameter() {
            return super.isSpecialParameter() || isListOptions();
        }
    }
}
