package io.dynamodbtoolkit.springdata.mapping;

import java.math.BigDecimal;
import java.math.BigInteger;
import java.nio.ByteBuffer;
import java.util.Collection;
import java.util.List;
import java.util.Set;

import org.springframework.data.convert.CustomConversions;
import org.springframework.data.mapping.model.SimpleTypeHolder;
import software.amazon.awssdk.core.SdkBytes;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * The value conversions of the DynamoDB mapping: the store's own types (strings, numbers, booleans, binaries, enums)
 * are written as they are; the store converters write {@code java.time} values, {@link java.util.Date} and
 * {@link java.util.UUID} as strings that sort like the values; user converters (Spring {@code Converter}s, annotated
 * {@code @WritingConverter} / {@code @ReadingConverter} where the direction is ambiguous) come first.
 *
 * <pre>{@code
 * new DynamoDbCustomConversions(List.of(new MoneyToString(), new StringToMoney()));
 * }</pre>
 */
public class DynamoDbCustomConversions extends CustomConversions {

    private static final Set<Class<?>> STORE_TYPES = Set.of(String.class, BigDecimal.class, BigInteger.class,
            Number.class, Boolean.class, byte[].class, SdkBytes.class, ByteBuffer.class, AttributeValue.class);

    private static final StoreConversions STORE = StoreConversions.of(new SimpleTypeHolder(STORE_TYPES, true),
            StoreConverters.all());

    /** Conversions with the store converters only. */
    public DynamoDbCustomConversions() {
        this(List.of());
    }

    /** @param converters user converters, which take precedence over the store converters */
    public DynamoDbCustomConversions(Collection<?> converters) {
        super(new ConverterConfiguration(STORE, List.copyOf(converters), pair -> false));
    }
}
