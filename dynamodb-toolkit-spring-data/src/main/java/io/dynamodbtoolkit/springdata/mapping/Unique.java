package io.dynamodbtoolkit.springdata.mapping;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * Declares a property unique for the adapter the entity's repository uses: no two rows hold the same value of it
 * (within the leading key fields named by {@link #within}, e.g. per tenant). On a tier class (one with
 * {@code @TypeAlias}), the property is unique among the rows of the tiers whose classes carry it.
 *
 * <p>The adapter is built before the repositories, so the annotation does not declare the field by itself: the
 * adapter's declaration must say the same ({@code dynamodb.toolkit.adapters.<name>.unique}, or
 * {@code AdapterDeclaration.Builder.unique}), and start-up fails naming both when they disagree. It states in the
 * entity what the adapter enforces, and makes sure the adapter does.
 *
 * <pre>{@code
 * @TypeAlias("user")
 * record User(String tenant, String id, @Unique(within = "tenant") String email) implements Row {}
 * // dynamodb.toolkit.adapters.accounts.unique: [{field: email, within: [tenant], tiers: [user]}]
 * }</pre>
 */
@Documented
@Retention(RetentionPolicy.RUNTIME)
@Target({ElementType.FIELD, ElementType.METHOD, ElementType.ANNOTATION_TYPE, ElementType.RECORD_COMPONENT})
public @interface Unique {

    /** @return the leading key fields, in key order, the property is unique within; none: the whole table */
    String[] within() default {};
}
