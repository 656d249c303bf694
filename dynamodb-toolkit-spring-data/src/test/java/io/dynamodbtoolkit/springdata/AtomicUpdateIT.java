package io.dynamodbtoolkit.springdata;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import java.util.Set;

import io.dynamodbtoolkit.DeclarationException;
import io.dynamodbtoolkit.adapter.AdapterDeclaration;
import io.dynamodbtoolkit.adapter.ListOptions;
import io.dynamodbtoolkit.key.KeyValues;
import io.dynamodbtoolkit.springdata.boards.Board;
import io.dynamodbtoolkit.springdata.boards.BoardRepository;
import io.dynamodbtoolkit.springdata.boards.BoardRow;
import io.dynamodbtoolkit.springdata.boards.Boards;
import io.dynamodbtoolkit.springdata.boards.Card;
import io.dynamodbtoolkit.adapter.Adapter;
import io.dynamodbtoolkit.springdata.core.DynamoDbToolkitOperations;
import io.dynamodbtoolkit.springdata.core.DynamoDbToolkitTemplate;
import io.dynamodbtoolkit.springdata.mapping.DynamoDbMappingContext;
import io.dynamodbtoolkit.springdata.mapping.MappingDynamoDbConverter;
import io.dynamodbtoolkit.springdata.repository.AdapterName;
import io.dynamodbtoolkit.springdata.repository.HierarchicalRepository;
import io.dynamodbtoolkit.springdata.repository.config.EnableDynamoDbToolkitRepositories;
import io.dynamodbtoolkit.springdata.transaction.DynamoDbTransactionManager;
import io.dynamodbtoolkit.test.DynamoDbTest;
import io.dynamodbtoolkit.test.RequestLog;
import io.dynamodbtoolkit.test.TestTables;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.springframework.context.annotation.AnnotationConfigApplicationContext;
import org.springframework.context.annotation.ComponentScan.Filter;
import org.springframework.context.annotation.Configuration;
import org.springframework.context.annotation.FilterType;
import org.springframework.core.type.classreading.MetadataReader;
import org.springframework.core.type.classreading.MetadataReaderFactory;
import org.springframework.core.type.filter.TypeFilter;
import org.springframework.dao.EmptyResultDataAccessException;
import org.springframework.dao.InvalidDataAccessApiUsageException;
import org.springframework.dao.OptimisticLockingFailureException;
import org.springframework.transaction.support.TransactionTemplate;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.TransactWriteItemsRequest;
import software.amazon.awssdk.services.dynamodb.model.UpdateItemRequest;

/**
 * Atomic updates: the template's typed builder and repository methods derived from their names change a row in place
 * with one UpdateItem and no read, keep its version and its sparse index membership right, join transactions, and
 * refuse at start-up what cannot work.
 */
@DynamoDbTest
class AtomicUpdateIT {

    private static final KeyValues OPS = KeyValues.of("board", "ops");
    private static final KeyValues C1 = OPS.and("card", "c1");

    private static volatile Class<?> selected;

    private AnnotationConfigApplicationContext context;
    private BoardRepository boards;
    private DynamoDbToolkitOperations template;
    private String table;

    /** Includes the boards repository and the one the running test selected. */
    static class SelectedRepository implements TypeFilter {
        @Override
        public boolean match(MetadataReader reader, MetadataReaderFactory factory) {
            String name = reader.getClassMetadata().getClassName();
            return name.equals(selected == null ? BoardRepository.class.getName() : selected.getName());
        }
    }

    @Configuration
    @EnableDynamoDbToolkitRepositories(basePackageClasses = {BoardRepository.class, AtomicUpdateIT.class},
            considerNestedRepositories = true, includeFilters = @Filter(type = FilterType.CUSTOM,
            classes = SelectedRepository.class))
    static class BoardsConfiguration {
    }

    @AdapterName(Boards.ADAPTER)
    interface IncrementsAString extends HierarchicalRepository<BoardRow> {
        void incrementTitle(KeyValues card, int by);
    }

    @AdapterName(Boards.ADAPTER)
    interface IncrementsAKeyField extends HierarchicalRepository<BoardRow> {
        void incrementCard(KeyValues card, int by);
    }

    @AdapterName(Boards.ADAPTER)
    interface AppendsToAnUnknownProperty extends HierarchicalRepository<BoardRow> {
        void appendNotes(KeyValues card, List<String> notes);
    }

    @AdapterName(Boards.ADAPTER)
    interface AddsToAList extends HierarchicalRepository<BoardRow> {
        void addToComments(KeyValues card, Set<String> comments);
    }

    @AdapterName(Boards.ADAPTER)
    interface IncrementsWithoutAKey extends HierarchicalRepository<BoardRow> {
        void incrementPoints(String board, String card, int by);
    }

    @BeforeEach
    void start(DynamoDbClient client, TestTables tables, RequestLog log) {
        table = tables.create(Boards.TABLE);
        selected = null;
        context = start(client);
        boards = context.getBean(BoardRepository.class);
        template = new DynamoDbToolkitTemplate(Adapter.create(Boards.declaration(table), client),
                new MappingDynamoDbConverter(new DynamoDbMappingContext()));
        boards.insert(new Board("ops", "Operations", 0, null));
        boards.insert(Card.open("ops", "c1", "Rotate keys"));
        log.clear();
    }

    private AnnotationConfigApplicationContext start(DynamoDbClient client) {
        return SpringContexts.start(client, BoardsConfiguration.class, beans -> beans.registerBean(
                "boardsDeclaration", AdapterDeclaration.class, () -> Boards.declaration(table)));
    }

    @AfterEach
    void close() {
        context.close();
    }

    @Test
    void theBuilderChangesARowInPlaceWithOneUpdateItemAndNoRead(RequestLog log) {
        Card after = template.update(C1, Card.class).increment("points", 4).append("comments", List.of("on it"))
                .addTo("tags", Set.of("urgent")).ifVersion(1).execute();
        template.update(C1, Card.class).removeFrom("tags", Set.of("new")).executeWithoutResult();

        assertThat(after).extracting(Card::points, Card::comments, Card::tags, Card::version)
                .containsExactly(5, List.of("on it"), Set.of("new", "urgent"), 2L);
        assertThat(template.findById(C1, Card.class)).get().extracting(Card::tags, Card::version)
                .containsExactly(Set.of("urgent"), 3L);
        assertThat(log.calls("UpdateItem")).hasSize(2);
        assertThat(log.calls("GetItem")).as("no read but the test's").hasSize(1);
        assertThat(log.calls("UpdateItem").get(0).request(UpdateItemRequest.class).updateExpression())
                .contains("list_append").contains("ADD");
        assertThatThrownBy(() -> template.update(C1, Card.class).addTo("tags", Set.of("a")).removeFrom("tags",
                Set.of("b"))).isInstanceOf(InvalidDataAccessApiUsageException.class).hasMessageContaining("ADD tags");
        assertThatThrownBy(() -> template.update(C1, Card.class).increment("points", 1).ifVersion(1).execute())
                .isInstanceOf(OptimisticLockingFailureException.class);
        assertThatThrownBy(() -> template.update(OPS.and("card", "nope"), Card.class).increment("points", 1)
                .execute()).isInstanceOf(EmptyResultDataAccessException.class);
    }

    @Test
    void theBuilderRefusesWhatCannotWorkNamingTheProperty() {
        assertThatThrownBy(() -> template.update(C1, Card.class).increment("title", 1))
                .isInstanceOf(InvalidDataAccessApiUsageException.class).hasMessageContaining("'title', a String");
        assertThatThrownBy(() -> template.update(C1, Card.class).increment("card", 1))
                .isInstanceOf(InvalidDataAccessApiUsageException.class).hasMessageContaining("key field");
        assertThatThrownBy(() -> template.update(C1, Card.class).append("notes", List.of("x")))
                .isInstanceOf(InvalidDataAccessApiUsageException.class).hasMessageContaining("No property 'notes'");
        assertThatThrownBy(() -> template.update(C1, Card.class).addTo("status", Set.of("x")))
                .isInstanceOf(InvalidDataAccessApiUsageException.class).hasMessageContaining("computed index");
        assertThatThrownBy(() -> template.update(C1, Card.class).increment("version", 1))
                .isInstanceOf(InvalidDataAccessApiUsageException.class).hasMessageContaining("kept by the toolkit");
    }

    @Test
    void settingWhatDecidesASparseIndexKeepsTheIndexRightInTheSameCall() {
        assertThat(openCards()).containsExactly("c1");

        template.update(C1, Card.class).set("status", Card.Status.DONE).increment("points", 1).execute();
        assertThat(openCards()).isEmpty();

        Card reopened = template.update(C1, Card.class).set("status", Card.Status.OPEN).execute();
        assertThat(reopened.status()).isEqualTo(Card.Status.OPEN);
        assertThat(openCards()).containsExactly("c1");
    }

    @Test
    void derivedMethodsIncrementAppendAddAndRemove(RequestLog log) {
        Card after = boards.incrementPoints(C1, 2);
        boards.appendComments(C1, List.of("first", "second"));
        boards.removeFromTags(C1, Set.of("new"));
        Card tagged = boards.addToTags(C1, Set.of("ops", "infra"));
        boards.incrementOpenCards(OPS, 1);

        assertThat(log.calls("UpdateItem")).hasSize(5);
        assertThat(log.calls("GetItem")).isEmpty();
        assertThat(after.points()).isEqualTo(3);
        assertThat(tagged).extracting(Card::comments, Card::tags, Card::version)
                .containsExactly(List.of("first", "second"), Set.of("ops", "infra"), 5L);
        assertThat(boards.findById(OPS)).get().extracting(row -> ((Board) row).openCards()).isEqualTo(1);
    }

    @Test
    void atomicUpdatesJoinATransactionAsActions(DynamoDbClient client, RequestLog log) {
        TransactionTemplate transaction = new TransactionTemplate(new DynamoDbTransactionManager(client));
        transaction.executeWithoutResult(status -> {
            assertThat(boards.incrementPoints(C1, 2)).as("nothing is written before the commit").isNull();
            boards.incrementOpenCards(OPS, -1);
            boards.insert(Card.open("ops", "c2", "Renew certificates"));
        });
        assertThat(log.calls("UpdateItem")).isEmpty();
        assertThat(log.calls("TransactWriteItems")).hasSize(1);
        assertThat(log.calls("TransactWriteItems").get(0).request(TransactWriteItemsRequest.class).transactItems())
                .filteredOn(item -> item.update() != null).hasSize(2);
        assertThat(boards.findById(C1)).get().extracting(row -> ((Card) row).points()).isEqualTo(3);
        assertThat(boards.findById(OPS)).get().extracting(row -> ((Board) row).openCards()).isEqualTo(-1);
        assertThat(boards.existsById(OPS.and("card", "c2"))).isTrue();
    }

    @Test
    void startUpRefusesAtomicUpdatesThatCannotWorkNamingTheMethod(DynamoDbClient client) {
        context.close();
        assertFails(client, IncrementsAString.class, "IncrementsAString.incrementTitle(KeyValues, int)",
                "'title', a String");
        assertFails(client, IncrementsAKeyField.class, "incrementCard", "key field");
        assertFails(client, AppendsToAnUnknownProperty.class, "appendNotes", "No property 'notes'");
        assertFails(client, AddsToAList.class, "addToComments", "needs a Set property");
        assertFails(client, IncrementsWithoutAKey.class, "incrementPoints", "KeyValues key");
        selected = null;
        context = start(client);
    }

    private void assertFails(DynamoDbClient client, Class<?> repository, String... messageParts) {
        selected = repository;
        assertThatThrownBy(() -> start(client).close()).rootCause().isInstanceOf(DeclarationException.class)
                .satisfies(e -> assertThat(e.getMessage()).contains(messageParts));
    }

    private List<String> openCards() {
        return template.findIndexMembers("open-cards", ListOptions.defaults(), Card.class).items().stream()
                .map(Card::card).toList();
    }
}
