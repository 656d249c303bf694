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
 * <p>Under Spring Boot, which builds the adapters of {@code dynamodb.toolkit.adapters.<name>}, the annotation alone
 * declares the field: the adapter is built with the unique fields of its {@code unique} property and of the
 * annotations of its repositories' entities ({@code AnnotatedUniqueFields}), and start-up fails, before provisioning,
 * naming both when the two declare a field differently. An adapter the application builds itself exists before the
 * repositories, so its declaration must say the same ({@code AdapterDeclaration.Builder.unique}), and start-up fails
 * naming the builder call when it does not.
 *
 * <pre>{@code
 * @TypeAlias("user")
 * record User(String tenant, String id, @Unique(within = "tenant") String email) implements Row {}
 * // under Boot, as if dynamodb.toolkit.adapters.accounts.unique: [{field: email, within: [tenant], tiers: [user]}]
 * }</pre>
 */
@Documented
@Retention(RetentionPolicy.RUNTIME)
@Target({ElementType.FIELD, ElementType.METHOD, ElementType.ANNOTATION_TYPE, ElementType.RECORD_COMPONENT})
public @interface Unique {

    /** @return the leading key fields, in key order, the property is unique within; none: the whole table */
    String[] within() default {};
}
