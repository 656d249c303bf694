package io.dynamodbtoolkit.boot.autoconfigure.test.slice;

import java.util.Set;

import io.dynamodbtoolkit.boot.autoconfigure.adapter.AdapterCustomizer;
import io.dynamodbtoolkit.expression.FieldRule;
import io.dynamodbtoolkit.expression.FieldType;
import io.dynamodbtoolkit.expression.FilterSpec;
import io.dynamodbtoolkit.index.Membership;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/** The membership of the {@code hondas} index and a customizer, declared as beans: the slice includes them. */
@Configuration(proxyBeanMethods = false)
public class SliceMembershipConfiguration {

    /** @return the vehicles made by Honda */
    @Bean
    Membership hondasOnly() {
        return Membership.onlyWhen(Set.of("make"), item -> AttributeValue.fromS("Honda").equals(item.get("make")));
    }

    /** @return lets list reads filter on the make */
    @Bean
    AdapterCustomizer makeFilter() {
        return (name, declaration) -> declaration.filters(FilterSpec.of(FieldRule.of("make", FieldType.STRING)));
    }
}
