package io.dynamodbtoolkit.springdata.members;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.Map;

import io.dynamodbtoolkit.DeclarationException;
import io.dynamodbtoolkit.adapter.AdapterDeclaration;
import io.dynamodbtoolkit.adapter.UniqueField;
import io.dynamodbtoolkit.springdata.repository.AdapterName;
import io.dynamodbtoolkit.springdata.repository.HierarchicalRepository;
import io.dynamodbtoolkit.springdata.repository.config.EnableDynamoDbToolkitRepositories;
import io.dynamodbtoolkit.test.DynamoDbTest;
import io.dynamodbtoolkit.test.TestTables;
import org.junit.jupiter.api.Test;
import org.springframework.context.annotation.AnnotationConfigApplicationContext;
import org.springframework.context.annotation.ComponentScan.Filter;
import org.springframework.context.annotation.Configuration;
import org.springframework.context.annotation.FilterType;
import org.springframework.dao.DuplicateKeyException;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.ScanRequest;

/**
 * {@code @Unique} on a tier class's properties, with an adapter the application builds (no Boot): the adapter must
 * declare the field unique as annotated (within the same key fields, among the tiers of the annotated classes), or
 * start-up fails naming the annotation and the builder call that declares it; with them agreeing, the repository refuses a duplicate among users and lets a tenant row hold a user's
 * address.
 */
@DynamoDbTest
class UniqueAnnotationIT {

    /** The members, bound to the adapter under test. */
    @AdapterName(Members.ADAPTER)
    interface MemberRepository extends HierarchicalRepository<Member> {
    }

    @Configuration
    @EnableDynamoDbToolkitRepositories(basePackageClasses = UniqueAnnotationIT.class, considerNestedRepositories = true,
            includeFilters = @Filter(type = FilterType.ASSIGNABLE_TYPE, classes = MemberRepository.class))
    static class MembersConfiguration {
    }

    private static AnnotationConfigApplicationContext start(DynamoDbClient client,
            AdapterDeclaration<Map<String, Object>> declaration) {
        AnnotationConfigApplicationContext context = new AnnotationConfigApplicationContext();
        context.registerBean("dynamoDbClient", DynamoDbClient.class, () -> client,
                definition -> definition.setDestroyMethodName(""));
        context.registerBean("membersDeclaration", AdapterDeclaration.class, () -> declaration);
        context.register(MembersConfiguration.class);
        context.refresh();
        return context;
    }

    @Test
    void withTheDeclarationAgreeingTheRepositoryRefusesADuplicateAmongUsersOnly(DynamoDbClient client,
            TestTables tables) {
        String table = tables.create(Members.TABLE);
        try (AnnotationConfigApplicationContext context = start(client, Members.declaration(table))) {
            MemberRepository members = context.getBean(MemberRepository.class);
            members.save(new Member.Tenant("acme", "alice@example.com"));
            members.save(new Member.User("acme", "alice", "alice@example.com", "al"));
            members.save(new Member.Tenant("globex", "alice@example.com"));
            members.save(new Member.User("globex", "gus", "gus@example.com", "al"));

            assertThatThrownBy(() -> members.save(new Member.User("globex", "bob", "alice@example.com", "bob")))
                    .isInstanceOf(DuplicateKeyException.class).hasMessageContaining("alice@example.com");
            assertThatThrownBy(() -> members.save(new Member.User("acme", "bob", "bob@example.com", "al")))
                    .isInstanceOf(DuplicateKeyException.class).hasMessageContaining("handle");
            assertThat(client.scan(ScanRequest.builder().tableName(table).consistentRead(true).build()).items()
                    .stream().filter(item -> item.containsKey("_uniqueOwner")).map(item -> item.get("tenant").s()))
                    .containsExactlyInAnyOrder("_unique|S5:email|S17:alice@example.com",
                            "_unique|S5:email|S15:gus@example.com", "_unique|S6:handle|S4:acme|S2:al",
                            "_unique|S6:handle|S6:globex|S2:al");
        }
    }

    @Test
    void anAnnotatedFieldTheAdapterDoesNotDeclareFailsStartUpNamingBoth(DynamoDbClient client) {
        assertThatThrownBy(() -> start(client, Members.declaration("members",
                UniqueField.within("handle", "tenant").inTiers("user"))).close())
                .isInstanceOfSatisfying(DeclarationException.class, error -> {
                    assertThat(error.property()).isEqualTo("unique");
                    assertThat(error.problem()).contains("@Unique on User.email declares 'email' unique, but adapter "
                            + "'members' does not");
                    assertThat(error.problem()).contains("the application builds this adapter, and an annotation "
                            + "declares a field by itself only in an adapter Spring Boot builds");
                    assertThat(error.fix()).isEqualTo("declare it where the adapter is built, AdapterDeclaration"
                            + ".builder(...).unique(UniqueField.of(\"email\").inTiers(\"user\")), or remove @Unique "
                            + "from User.email");
                });
    }

    @Test
    void aDeclarationDisagreeingWithTheAnnotationFailsStartUpNamingBoth(DynamoDbClient client) {
        assertThatThrownBy(() -> start(client, Members.declaration("members", UniqueField.of("email")
                .inTiers("user"), UniqueField.of("handle"))).close())
                .isInstanceOfSatisfying(DeclarationException.class, error -> {
                    assertThat(error.property()).isEqualTo("unique[1]");
                    assertThat(error.problem()).contains("adapter 'members' declares 'handle' unique in the whole "
                            + "table among every tier, but @Unique on User.handle declares it unique within "
                            + "[tenant] among tiers [user]");
                    assertThat(error.fix()).contains("declare .unique(UniqueField.within(\"handle\", \"tenant\")"
                            + ".inTiers(\"user\"))")
                            .contains("or change @Unique on User.handle");
                });
    }
}
