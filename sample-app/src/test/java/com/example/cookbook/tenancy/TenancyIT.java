package com.example.cookbook.tenancy;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.example.cookbook.RecordedCalls;
import io.dynamodbtoolkit.boot.test.autoconfigure.DynamoDbToolkitTest;
import io.dynamodbtoolkit.key.KeyValues;
import io.dynamodbtoolkit.sample.readme.Readme;
import io.dynamodbtoolkit.sample.readme.SentRequests;
import io.dynamodbtoolkit.test.RequestLog;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.context.annotation.Import;
import org.springframework.dao.InvalidDataAccessApiUsageException;
import org.springframework.dao.PermissionDeniedDataAccessException;
import org.springframework.test.context.TestPropertySource;

/** The cookbook's multi-tenant prefix: each tenant sees its own items only, and naming another is refused. */
@DynamoDbToolkitTest
@TestPropertySource(properties = "spring.config.name=tenancy")
@Import(RecordedCalls.class)
class TenancyIT {

    @Autowired
    private IssueRepository issues;

    @Autowired
    private RequestLog calls;

    @Test
    void everyCallIsConfinedToTheCurrentTenant() {
        TenantContext.as("acme", () -> issues.insert(new Issue(null, "web", "WEB-1", "Slow page")));
        TenantContext.as("acme", () -> issues.insert(new Issue(null, "web", "WEB-2", "Broken link")));
        TenantContext.as("globex", () -> issues.insert(new Issue(null, "web", "WEB-1", "Dark mode")));
        calls.clear();

        assertThat(TenantContext.as("acme", () -> issues.findUnder("web"))).extracting(Issue::title)
                .containsExactly("Slow page", "Broken link");
        assertThat(SentRequests.text(calls, RecordedCalls::withoutTestPrefix))
                .isEqualTo(Readme.request("cookbook/tenant-issues").text());
        assertThat(TenantContext.as("globex", () -> issues.findUnder("web"))).extracting(Issue::tenant,
                Issue::title).containsExactly(org.assertj.core.groups.Tuple.tuple("globex", "Dark mode"));

        assertThatThrownBy(() -> TenantContext.as("globex",
                () -> issues.findById(KeyValues.of("tenant", "acme", "project", "web", "issue", "WEB-1"))))
                .isInstanceOf(PermissionDeniedDataAccessException.class);
        assertThatThrownBy(() -> issues.findUnder("web")).as("outside any tenant")
                .isInstanceOf(InvalidDataAccessApiUsageException.class);
    }
}
