package io.dynamodbtoolkit.boot.autoconfigure.properties;

import java.util.ArrayList;
import java.util.List;
import org.jspecify.annotations.Nullable;

/**
 * Which items belong to a sparse index: items of some types ({@code types: [state]}), or the items a
 * {@link io.dynamodbtoolkit.index.Membership} bean admits ({@code bean: openOrders}, for a predicate written in
 * code with {@code Membership.onlyWhen(...)}). Unset: every item that has the index key's attributes.
 */
public class MembershipProperties {

    /** Type labels (or type discriminator values) of the index's members. */
    private List<String> types = new ArrayList<>();

    /** Name of a bean of type io.dynamodbtoolkit.index.Membership deciding membership in code. */
    private @Nullable String bean;

    /** @return the member type labels */
    public List<String> getTypes() {
        return types;
    }

    /** @param types the member type labels */
    public void setTypes(List<String> types) {
        this.types = types;
    }

    /** @return the name of the Membership bean, or null */
    public @Nullable String getBean() {
        return bean;
    }

    /** @param bean the name of the Membership bean */
    public void setBean(@Nullable String bean) {
        this.bean = bean;
    }
}
