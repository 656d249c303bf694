// tag::membership-bean[]
package io.dynamodbtoolkit.boot.test.autoconfigure.slice;

import java.util.Set;

import io.dynamodbtoolkit.index.Membership;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

// end::membership-bean[]
/** The membership of the {@code hondas} index, declared as a bean of a configuration of its own: the slice includes it. */
// tag::membership-bean[]
@Configuration(proxyBeanMethods = false)
public class SliceMembershipConfiguration {

    /** Only vehicles made by Honda are in the index: {@code membership: {bean: hondasOnly}}. */
    @Bean
    Membership hondasOnly() {
        return Membership.onlyWhen(Set.of("make"),                          // the fields the predicate reads
                item -> AttributeValue.fromS("Honda").equals(item.get("make")));
    }
}
// end::membership-bean[]
