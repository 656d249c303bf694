package io.dynamodbtoolkit.springdata.accounts;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import java.util.Optional;
import java.util.concurrent.CopyOnWriteArrayList;

import io.dynamodbtoolkit.adapter.Adapter;
import io.dynamodbtoolkit.adapter.AdapterDeclaration;
import io.dynamodbtoolkit.adapter.ItemMapper;
import io.dynamodbtoolkit.key.KeyValues;
import io.dynamodbtoolkit.mass.MassPageResult;
import io.dynamodbtoolkit.mass.UniqueReport;
import io.dynamodbtoolkit.springdata.core.DynamoDbToolkitTemplate;
import io.dynamodbtoolkit.springdata.core.IndexEvolutionListener;
import io.dynamodbtoolkit.springdata.core.ReactiveDynamoDbToolkitTemplate;
import io.dynamodbtoolkit.springdata.core.ScopeProvider;
import io.dynamodbtoolkit.springdata.mapping.DynamoDbMappingContext;
import io.dynamodbtoolkit.springdata.mapping.MappingDynamoDbConverter;
import io.dynamodbtoolkit.test.DynamoDbEndpoint;
import io.dynamodbtoolkit.test.DynamoDbTest;
import io.dynamodbtoolkit.test.TestTables;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.springframework.dao.InvalidDataAccessApiUsageException;
import software.amazon.awssdk.services.dynamodb.DynamoDbAsyncClient;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;

/**
 * The template's {@code verifyUnique} and {@code backfillUnique} over accounts written before their e-mail address
 * and handle were declared unique: the check finds the rows without guards, the backfill writes them and tells the
 * index-evolution listener; a field that is not unique is refused naming the unique fields, duplicates are refused
 * before anything is written, and a call inside a scope is refused (both read the whole table).
 */
@DynamoDbTest
class UniqueGuardBackfillTemplateIT {

    private static final MappingDynamoDbConverter CONVERTER = new MappingDynamoDbConverter(
            new DynamoDbMappingContext());

    private final List<String> heard = new CopyOnWriteArrayList<>();
    private DynamoDbClient client;
    private String table;
    private DynamoDbToolkitTemplate plain;
    private DynamoDbToolkitTemplate accounts;

    @BeforeEach
    void writeAccountsBeforeTheirFieldsAreUnique(DynamoDbClient client, TestTables tables) {
        this.client = client;
        this.table = tables.create(Accounts.TABLE);
        AdapterDeclaration<?> beforeUnique = AdapterDeclaration.builder(ItemMapper.documents()).name(Accounts.ADAPTER)
                .table(table).keys(Accounts.KEYS).build();
        plain = new DynamoDbToolkitTemplate(Adapter.create(beforeUnique, client), CONVERTER);
        plain.insert(new Account("acme", "alice", "alice@example.com", "al", "Alice"));
        plain.insert(new Account("acme", "bob", "bob@example.com", "bob", "Bob"));
        plain.insert(new Account("globex", "carol", "carol@example.com", "al", "Carol"));
        accounts = DynamoDbToolkitTemplate.builder(Adapter.create(Accounts.declaration(table), client), CONVERTER)
                .indexEvolutionListener(new IndexEvolutionListener() {
                    @Override
                    public void uniqueBackfillCompleted(String adapter, String field) {
                        heard.add(adapter + " " + field);
                    }
                }).build();
    }

    @Test
    void theCheckFindsTheRowsWithoutGuardsAndTheBackfillWritesThemAndIsHeard() {
        UniqueReport before = accounts.verifyUnique("email");
        assertThat(before.rows()).isEqualTo(3);
        assertThat(before.unguarded()).hasSize(3);
        assertThat(before.duplicates()).isEmpty();

        MassPageResult backfill = accounts.backfillUnique("email");

        assertThat(backfill.processed()).isEqualTo(3);
        assertThat(heard).containsExactly("accounts email");
        assertThat(accounts.verifyUnique("email").isClean()).isTrue();
        assertThat(accounts.backfillUnique("handle").processed()).as("'al' twice, in two tenants").isEqualTo(3);
        assertThat(heard).containsExactly("accounts email", "accounts handle");
    }

    @Test
    void aFieldThatIsNotUniqueIsRefusedNamingTheUniqueFields() {
        assertThatThrownBy(() -> accounts.verifyUnique("name")).isInstanceOf(InvalidDataAccessApiUsageException.class)
                .hasMessageContaining("'name' is not a unique field of adapter 'accounts'")
                .hasMessageContaining("[email, handle within [tenant]]");
        assertThatThrownBy(() -> accounts.backfillUnique("name"))
                .isInstanceOf(InvalidDataAccessApiUsageException.class).hasMessageContaining("[email, handle within");
        assertThat(heard).isEmpty();
    }

    @Test
    void duplicatesAreRefusedBeforeAnythingIsWrittenAndNotHeard() {
        plain.insert(new Account("acme", "dave", "alice@example.com", "dave", "Dave"));

        assertThat(accounts.verifyUnique("email").duplicates().entrySet()).singleElement().satisfies(duplicate -> {
            assertThat(duplicate.getKey()).contains("alice@example.com");
            assertThat(duplicate.getValue()).hasSize(2);
        });
        assertThatThrownBy(() -> accounts.backfillUnique("email"))
                .isInstanceOf(InvalidDataAccessApiUsageException.class).hasMessageContaining("rows share values")
                .hasMessageContaining("alice@example.com");
        assertThat(accounts.verifyUnique("email").unguarded()).as("nothing written").hasSize(2);
        assertThat(heard).isEmpty();
    }

    @Test
    void insideAScopeBothAreRefusedAndTheUnscopedViewRunsThem() {
        DynamoDbToolkitTemplate scoped = DynamoDbToolkitTemplate.builder(Adapter.create(Accounts.declaration(table),
                client), CONVERTER).scopeProvider(ScopeProvider.of(List.of("tenant"),
                        () -> Optional.of(KeyValues.of("tenant", "acme")))).build();

        assertThatThrownBy(() -> scoped.verifyUnique("email")).isInstanceOf(InvalidDataAccessApiUsageException.class)
                .hasMessageContaining("verifyUnique reads every row of the table");
        assertThatThrownBy(() -> scoped.backfillUnique("email"))
                .isInstanceOf(InvalidDataAccessApiUsageException.class)
                .hasMessageContaining("backfillUnique reads every row of the table");
        assertThat(accounts.verifyUnique("email").unguarded()).as("nothing written").hasSize(3);
        assertThat(scoped.unscoped().verifyUnique("email").rows()).isEqualTo(3);
    }

    @Test
    void theReactiveTemplateChecksAndBackfillsOnTheAsynchronousClient(DynamoDbEndpoint endpoint) {
        try (DynamoDbAsyncClient async = endpoint.asyncClientBuilder().build()) {
            ReactiveDynamoDbToolkitTemplate reactive = new ReactiveDynamoDbToolkitTemplate(accounts, async);

            assertThat(reactive.verifyUnique("email").block().unguarded()).hasSize(3);
            assertThat(reactive.backfillUnique("email").block().processed()).isEqualTo(3);
            assertThat(heard).containsExactly("accounts email");
            assertThatThrownBy(() -> reactive.verifyUnique("name").block())
                    .isInstanceOf(InvalidDataAccessApiUsageException.class).hasMessageContaining("[email, handle");
        }
        assertThat(accounts.verifyUnique("email").isClean()).isTrue();
    }
}
