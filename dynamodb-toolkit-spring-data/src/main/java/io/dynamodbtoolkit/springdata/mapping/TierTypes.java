package io.dynamodbtoolkit.springdata.mapping;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * Lists the classes of a hierarchy's tiers on the repository's domain type, when the domain type is not a sealed
 * type (the permitted subclasses of a sealed type are found without this annotation). Each listed class names its
 * tier with Spring Data's {@link org.springframework.data.annotation.TypeAlias @TypeAlias}, whose value is one of the
 * key design's type labels:
 *
 * <pre>{@code
 * @TierTypes({State.class, Facility.class, Vehicle.class})
 * interface RentalRow {}
 *
 * @TypeAlias("facility")
 * record Facility(String state, String facility, String city) implements RentalRow {}
 * }</pre>
 *
 * A subtree read then returns each row as the class of its tier.
 */
@Documented
@Retention(RetentionPolicy.RUNTIME)
@Target(ElementType.TYPE)
public @interface TierTypes {

    /** @return the tier classes */
    Class<?>[] value();
}
