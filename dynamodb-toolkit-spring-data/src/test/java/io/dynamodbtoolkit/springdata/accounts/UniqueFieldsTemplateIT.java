package io.dynamodbtoolkit.springdata.accounts;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.ArrayList;
import java.util.List;

import io.dynamodbtoolkit.adapter.Adapter;
import io.dynamodbtoolkit.key.KeyValues;
import io.dynamodbtoolkit.springdata.core.DynamoDbToolkitTemplate;
import io.dynamodbtoolkit.springdata.core.ReactiveDynamoDbToolkitTemplate;
import io.dynamodbtoolkit.springdata.mapping.DynamoDbMappingContext;
import io.dynamodbtoolkit.springdata.mapping.MappingDynamoDbConverter;
import io.dynamodbtoolkit.springdata.repository.support.DynamoDbToolkitRepositoryFactory;
import io.dynamodbtoolkit.springdata.repository.support.ReactiveDynamoDbToolkitRepositoryFactory;
import io.dynamodbtoolkit.springdata.transaction.DynamoDbTransactionManager;
import io.dynamodbtoolkit.test.DynamoDbEndpoint;
import io.dynamodbtoolkit.test.DynamoDbTest;
import io.dynamodbtoolkit.test.RequestLog;
import io.dynamodbtoolkit.test.TestTables;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.springframework.dao.DuplicateKeyException;
import org.springframework.dao.InvalidDataAccessApiUsageException;
import org.springframework.transaction.support.TransactionTemplate;
import reactor.core.publisher.Flux;
import software.amazon.awssdk.services.dynamodb.DynamoDbAsyncClient;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.ScanRequest;
import software.amazon.awssdk.services.dynamodb.model.TransactWriteItemsRequest;

/**
 * Unique fields through the Spring layer: a taken value is a {@code DuplicateKeyException} naming the field and the
 * value with nothing written; {@code saveAll} and {@code deleteAllById} write one transaction per row; a
 * {@code @Transactional} unit carries the guards with its rows; a derived {@code findByEmail} is two key reads; the
 * reactive template and repositories keep and read the guards too.
 */
@DynamoDbTest
class UniqueFieldsTemplateIT {

    private static final MappingDynamoDbConverter CONVERTER = new MappingDynamoDbConverter(
            new DynamoDbMappingContext());

    private DynamoDbClient client;
    private String table;
    private DynamoDbToolkitTemplate accounts;

    @BeforeEach
    void createTable(DynamoDbClient client, TestTables tables) {
        this.client = client;
        this.table = tables.create(Accounts.TABLE);
        this.accounts = new DynamoDbToolkitTemplate(Adapter.create(Accounts.declaration(table), client), CONVERTER);
    }

    private static Account account(String tenant, String user, String email, String handle) {
        return new Account(tenant, user, email, handle, user.toUpperCase());
    }

    /** @return the partition keys of the guard items, read raw */
    private List<String> guards() {
        return client.scan(ScanRequest.builder().tableName(table).consistentRead(true).build()).items().stream()
                .filter(item -> item.containsKey("_uniqueOwner")).map(item -> item.get("tenant").s()).sorted()
                .toList();
    }

    private long rows() {
        return client.scan(ScanRequest.builder().tableName(table).consistentRead(true).build()).items().stream()
                .filter(item -> !item.containsKey("_uniqueOwner")).count();
    }

    @Test
    void aTakenValueIsADuplicateKeyExceptionNamingTheFieldAndTheValueWithNothingWritten() {
        accounts.insert(account("acme", "alice", "alice@example.com", "al"));

        assertThatThrownBy(() -> accounts.insert(account("acme", "bob", "alice@example.com", "bob")))
                .isInstanceOf(DuplicateKeyException.class).hasMessageContaining("email = ")
                .hasMessageContaining("alice@example.com");
        assertThatThrownBy(() -> accounts.save(account("acme", "carol", "carol@example.com", "al")))
                .isInstanceOf(DuplicateKeyException.class).hasMessageContaining("handle").hasMessageContaining("al");

        assertThat(rows()).isEqualTo(1);
        assertThat(guards()).containsExactly("_unique|S5:email|S17:alice@example.com",
                "_unique|S6:handle|S4:acme|S2:al");
        accounts.insert(account("globex", "carol", "carol@example.com", "al"));
    }

    @Test
    void aSaveThatChangesTheValueSwapsItsGuard() {
        Account alice = accounts.insert(account("acme", "alice", "alice@example.com", "al"));

        accounts.save(alice.withEmail("alice@new.example.com"));

        assertThat(guards()).contains("_unique|S5:email|S21:alice@new.example.com")
                .doesNotContain("_unique|S5:email|S17:alice@example.com");
        accounts.insert(account("acme", "bob", "alice@example.com", "bob"));
    }

    @Test
    void saveAllAndDeleteAllByIdWriteOneTransactionPerRow(RequestLog log) {
        log.clear();
        accounts.saveAll(List.of(account("acme", "alice", "alice@example.com", "al"),
                account("acme", "bob", "bob@example.com", "bob")));

        assertThat(log.calls("BatchWriteItem")).isEmpty();
        assertThat(log.calls("TransactWriteItems")).hasSize(2);
        assertThat(guards()).hasSize(4);

        log.clear();
        accounts.deleteAllById(List.of(KeyValues.of("tenant", "acme", "user", "alice"),
                KeyValues.of("tenant", "acme", "user", "bob"), KeyValues.of("tenant", "acme", "user", "nobody")));

        assertThat(log.calls("BatchWriteItem")).isEmpty();
        assertThat(guards()).isEmpty();
        assertThat(rows()).isZero();
    }

    @Test
    void aTransactionCarriesTheGuardsAndATakenValueCancelsItWhole(RequestLog log) {
        accounts.insert(account("acme", "alice", "alice@example.com", "al"));
        TransactionTemplate transaction = new TransactionTemplate(new DynamoDbTransactionManager(client));
        log.clear();

        transaction.executeWithoutResult(status -> {
            accounts.insert(account("acme", "bob", "bob@example.com", "bob"));
            accounts.insert(account("acme", "carol", "carol@example.com", "carol"));
        });
        TransactWriteItemsRequest sent = log.calls("TransactWriteItems").get(0)
                .request(TransactWriteItemsRequest.class);
        assertThat(sent.transactItems()).as("two rows and their four guards").hasSize(6);

        assertThatThrownBy(() -> transaction.executeWithoutResult(status -> {
            accounts.insert(account("acme", "dave", "dave@example.com", "dave"));
            accounts.insert(account("acme", "erin", "alice@example.com", "erin"));
        })).isInstanceOf(DuplicateKeyException.class).hasMessageContaining("alice@example.com");
        assertThat(accounts.findById(KeyValues.of("tenant", "acme", "user", "dave"), Account.class)).isEmpty();
        assertThat(guards()).hasSize(6);
    }

    @Test
    void theGuardActionsCountTowardTheHundredActionsOfATransaction() {
        TransactionTemplate transaction = new TransactionTemplate(new DynamoDbTransactionManager(client));

        assertThatThrownBy(() -> transaction.executeWithoutResult(status -> {
            for (int i = 0; i < 34; i++) {
                accounts.insert(account("acme", "user" + i, "user" + i + "@example.com", "h" + i));
            }
        })).isInstanceOf(InvalidDataAccessApiUsageException.class).hasMessageContaining("102 actions")
                .hasMessageContaining("guards of the unique values");
        assertThat(rows()).isZero();
    }

    @Test
    void aDerivedFindByAUniqueFieldIsTwoKeyReads(RequestLog log) {
        accounts.insert(account("acme", "alice", "alice@example.com", "al"));
        accounts.insert(account("globex", "bob", "bob@example.com", "al"));
        AccountRepository repository = new DynamoDbToolkitRepositoryFactory(accounts)
                .getRepository(AccountRepository.class);
        log.clear();

        assertThat(repository.findByEmail("bob@example.com")).map(Account::user).hasValue("bob");
        assertThat(log.calls().stream().map(call -> call.operation())).containsExactly("GetItem", "GetItem");
        assertThat(repository.findByEmail("nobody@example.com")).isEmpty();
        assertThat(repository.findByTenantAndHandle("acme", "al").user()).isEqualTo("alice");
        assertThat(repository.findByTenantAndHandle("globex", "al").user()).isEqualTo("bob");
        assertThat(log.calls("Scan")).isEmpty();
        assertThat(log.calls("Query")).isEmpty();
    }

    @Test
    void theReactiveTemplateKeepsTheGuards(DynamoDbEndpoint endpoint) {
        try (DynamoDbAsyncClient asyncClient = endpoint.asyncClientBuilder().build()) {
            ReactiveDynamoDbToolkitTemplate reactive = new ReactiveDynamoDbToolkitTemplate(accounts, asyncClient);
            reactive.insert(account("acme", "alice", "alice@example.com", "al")).block();

            assertThatThrownBy(() -> reactive.insert(account("acme", "bob", "alice@example.com", "bob")).block())
                    .isInstanceOf(DuplicateKeyException.class).hasMessageContaining("alice@example.com");
            List<Account> many = new ArrayList<>();
            for (int i = 0; i < 3; i++) {
                many.add(account("acme", "user" + i, "user" + i + "@example.com", "h" + i));
            }
            reactive.saveAll(Flux.fromIterable(many)).collectList().block();
            assertThat(guards()).hasSize(8);
            ReactiveAccountRepository repository = new ReactiveDynamoDbToolkitRepositoryFactory(reactive)
                    .getRepository(ReactiveAccountRepository.class);
            assertThat(repository.findByEmail("user1@example.com").block()).extracting(Account::user)
                    .isEqualTo("user1");
            assertThat(repository.findByEmail("nobody@example.com").blockOptional()).isEmpty();
            reactive.deleteAllById(List.of(KeyValues.of("tenant", "acme", "user", "alice"))).block();
            assertThat(guards()).hasSize(6);
            assertThat(rows()).isEqualTo(3);
        }
    }
}
