package io.dynamodbtoolkit.springdata.mapping;

import org.springframework.beans.factory.ObjectFactory;
import org.springframework.core.Ordered;
import org.springframework.data.auditing.IsNewAwareAuditingHandler;

/**
 * Sets the {@code @CreatedDate}, {@code @CreatedBy}, {@code @LastModifiedDate} and {@code @LastModifiedBy}
 * properties of entities about to be written, with Spring Data's auditing handler. Registered by
 * {@code @EnableDynamoDbToolkitAuditing}. An entity counts as new while its {@code @Version} (or, without one, its
 * {@code @CreatedDate}) is unset.
 */
public class AuditingEntityCallback implements BeforeConvertCallback<Object>, Ordered {

    private final ObjectFactory<IsNewAwareAuditingHandler> auditingHandler;

    /** @param auditingHandler the handler, resolved lazily */
    public AuditingEntityCallback(ObjectFactory<IsNewAwareAuditingHandler> auditingHandler) {
        this.auditingHandler = auditingHandler;
    }

    @Override
    public Object onBeforeConvert(Object entity, String table) {
        return auditingHandler.getObject().markAudited(entity);
    }

    @Override
    public int getOrder() {
        return 100;
    }
}
