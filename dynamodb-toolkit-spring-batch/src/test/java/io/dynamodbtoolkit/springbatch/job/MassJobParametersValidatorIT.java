package io.dynamodbtoolkit.springbatch.job;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatCode;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.atomic.AtomicReference;

import io.dynamodbtoolkit.key.KeyValues;
import io.dynamodbtoolkit.springbatch.BatchTestConfiguration;
import io.dynamodbtoolkit.springbatch.Sites;
import io.dynamodbtoolkit.springbatch.rate.TableCapacity;
import io.dynamodbtoolkit.springdata.core.DynamoDbToolkitTemplate;
import io.dynamodbtoolkit.springdata.core.ScopeProvider;
import io.dynamodbtoolkit.test.DynamoDbTest;
import io.dynamodbtoolkit.test.TableSpec;
import io.dynamodbtoolkit.test.TestTables;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.springframework.batch.core.BatchStatus;
import org.springframework.batch.core.job.JobExecution;
import org.springframework.batch.core.job.JobInstance;
import org.springframework.batch.core.job.parameters.InvalidJobParametersException;
import org.springframework.batch.core.job.parameters.JobParameters;
import org.springframework.batch.core.job.parameters.JobParametersBuilder;
import org.springframework.batch.core.repository.JobRepository;
import org.springframework.batch.infrastructure.item.ExecutionContext;
import org.springframework.context.annotation.AnnotationConfigApplicationContext;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.BillingMode;
import software.amazon.awssdk.services.dynamodb.model.ScalarAttributeType;

/**
 * Every bad parameter of a ready job is refused by the validator, naming the parameter; the checks read no item
 * (the validator has no reader to call; a share of the capacity reads the table's description only).
 */
@DynamoDbTest
class MassJobParametersValidatorIT {

    private final AtomicReference<KeyValues> currentTenant = new AtomicReference<>();
    private AnnotationConfigApplicationContext batch;
    private JobRepository repository;
    private DynamoDbToolkitTemplate template;

    @BeforeEach
    void start(DynamoDbClient client, TestTables tables) {
        batch = new AnnotationConfigApplicationContext(BatchTestConfiguration.class);
        repository = batch.getBean(JobRepository.class);
        template = Sites.template(client, tables, () -> Optional.ofNullable(currentTenant.get()));
    }

    @AfterEach
    void stop() {
        batch.close();
    }

    private MassJobParametersValidator validator(MassJobKind kind) {
        return new MassJobParametersValidator("sites." + kind.jobName(), kind, template, Set.of("renamer")::contains,
                repository);
    }

    private static JobParametersBuilder move(String key, String target) {
        return new JobParametersBuilder().addString("key", key).addString("target", target);
    }

    private void assertRefused(MassJobKind kind, JobParameters parameters, String parameter, String... more) {
        assertThatThrownBy(() -> validator(kind).validate(parameters))
                .isInstanceOf(InvalidJobParametersException.class)
                .hasMessageContaining("'" + parameter + "'").hasMessageContaining(String.join("", more));
    }

    @Test
    void goodParametersPass() {
        assertThatCode(() -> validator(MassJobKind.MOVE_ALL_UNDER).validate(move("tenant=acme,state=TX,city=Dallas",
                "tenant=acme,state=TX,city=Austin").addString("filter", "eq-status=open").addLong("maxItems", 10L)
                .addString("rate", "200", false).addLong("chunkSize", 50L, false)
                .addString("adapter", "sites").toJobParameters())).doesNotThrowAnyException();
        assertThatCode(() -> validator(MassJobKind.BACKFILL_INDEX).validate(new JobParametersBuilder()
                .addString("index", "open-sites").addString("gridSize", "8").toJobParameters()))
                .doesNotThrowAnyException();
    }

    @Test
    void unknownMissingAndNonIdentifyingParametersAreRefused() {
        assertRefused(MassJobKind.MOVE_ALL_UNDER, move("tenant=a,state=TX", "tenant=a,state=OK")
                .addString("targte", "x").toJobParameters(), "targte", "unknown");
        assertRefused(MassJobKind.MOVE_ALL_UNDER, new JobParametersBuilder().addString("key", "tenant=a")
                .toJobParameters(), "target", "required");
        assertRefused(MassJobKind.DELETE_ALL_UNDER, new JobParametersBuilder().toJobParameters(), "key", "required");
        assertRefused(MassJobKind.DELETE_ALL_UNDER, new JobParametersBuilder().addString("key", "tenant=a", false)
                .toJobParameters(), "key", "identifying");
        assertRefused(MassJobKind.DELETE_ALL_UNDER, new JobParametersBuilder().addString("key", "tenant=a")
                .addLong("maxItems", 5L, false).toJobParameters(), "maxItems", "identifying");
        assertRefused(MassJobKind.DELETE_ALL_UNDER, new JobParametersBuilder().addString("key", "tenant=a")
                .addString("index", "open-sites").toJobParameters(), "index", "unknown");
        assertRefused(MassJobKind.DELETE_ALL_UNDER, new JobParametersBuilder().addString("key", "tenant=a")
                .addString("adapter", "boards").toJobParameters(), "adapter", "sites");
    }

    @Test
    void aKeyThatDoesNotFitTheKeyDesignIsRefused() {
        assertRefused(MassJobKind.DELETE_ALL_UNDER, key("tenant=a,town=Dallas"), "key", "'town' is not a key field");
        assertRefused(MassJobKind.DELETE_ALL_UNDER, key("tenant=a,city=Dallas"), "key", "gap");
        assertRefused(MassJobKind.DELETE_ALL_UNDER, key("tenant=a,state=T|X"), "key", "separator");
        assertRefused(MassJobKind.DELETE_ALL_UNDER, key("tenant=a,state=%ZZ"), "key", "percent");
        assertRefused(MassJobKind.DELETE_ALL_UNDER, key("tenant=a,tenant=b"), "key", "twice");
        assertRefused(MassJobKind.DELETE_ALL_UNDER, key("tenant=a,state="), "key", "empty");
        assertRefused(MassJobKind.DELETE_ALL_UNDER, key("Dallas"), "key", "field=value");
    }

    @Test
    void aTargetOutsideTheScopeOrInsideTheSourceIsRefused() {
        assertRefused(MassJobKind.MOVE_ALL_UNDER, move("tenant=a,state=TX", "tenant=b,state=TX").toJobParameters(),
                "target", "outside the job's scope");
        assertRefused(MassJobKind.CLONE_ALL_UNDER, move("tenant=a,state=TX", "tenant=a,state=TX").toJobParameters(),
                "target", "source node itself");
        assertRefused(MassJobKind.CLONE_ALL_UNDER, move("tenant=a,state=TX", "tenant=a,state=TX,city=Dallas")
                .toJobParameters(), "target", "same key fields");
    }

    @Test
    void aKeyOutsideTheCurrentScopeOrNamingNoScopeIsRefused() {
        currentTenant.set(KeyValues.of("tenant", "acme"));
        assertRefused(MassJobKind.DELETE_ALL_UNDER, key("tenant=globex,state=TX"), "key", "outside the current");
        assertThatCode(() -> validator(MassJobKind.DELETE_ALL_UNDER).validate(key("tenant=acme,state=TX")))
                .doesNotThrowAnyException();
        assertRefused(MassJobKind.CLONE_MATCHING, new JobParametersBuilder().addString("change", "renamer")
                .toJobParameters(), "key", "every scope");
    }

    @Test
    void aDeleteOnAnAdapterOutsideTheApplicationsScopeMustBeConfirmed(DynamoDbClient client) {
        DynamoDbToolkitTemplate unscoped = DynamoDbToolkitTemplate.builder(template.getAdapter(),
                template.getConverter()).scopeProvider(ScopeProvider.of(List.of("region"), Optional::empty)).build();
        MassJobParametersValidator validator = new MassJobParametersValidator("sites.deleteAllUnder",
                MassJobKind.DELETE_ALL_UNDER, unscoped, name -> false, repository);

        assertThatThrownBy(() -> validator.validate(key("tenant=a"))).isInstanceOf(
                InvalidJobParametersException.class).hasMessageContaining("'confirmUnscoped=true'");
        assertThatCode(() -> validator.validate(new JobParametersBuilder().addString("key", "tenant=a")
                .addString("confirmUnscoped", "true").toJobParameters())).doesNotThrowAnyException();
        assertThatCode(() -> new MassJobParametersValidator("sites.cloneAllUnder", MassJobKind.CLONE_ALL_UNDER,
                unscoped, name -> false, repository).validate(move("tenant=a,state=S0", "tenant=a,state=S1")
                        .toJobParameters())).as("a copy deletes nothing").doesNotThrowAnyException();
    }

    @Test
    void badNumbersFiltersIndexesBeansAndRatesAreRefused() {
        assertRefused(MassJobKind.DELETE_ALL_UNDER, keyAnd("gridSize", "0"), "gridSize", "whole number");
        assertRefused(MassJobKind.DELETE_ALL_UNDER, keyAnd("gridSize", "8"), "gridSize", "key design");
        assertRefused(MassJobKind.DELETE_ALL_UNDER, keyAnd("maxItems", "many"), "maxItems", "whole number");
        assertRefused(MassJobKind.DELETE_ALL_UNDER, keyAnd("chunkSize", "1000000"), "chunkSize", "10000");
        assertRefused(MassJobKind.DELETE_ALL_UNDER, keyAnd("filter", "eq-colour=red"), "filter", "colour");
        assertRefused(MassJobKind.DELETE_ALL_UNDER, keyAnd("rate", "fast"), "rate", "items per second");
        assertRefused(MassJobKind.DELETE_ALL_UNDER, keyAnd("rate", "25%"), "rate", "on demand");
        assertRefused(MassJobKind.BACKFILL_INDEX, new JobParametersBuilder().addString("index", "closed-sites")
                .toJobParameters(), "index", "not an index");
        assertRefused(MassJobKind.EDIT_ALL_UNDER, new JobParametersBuilder().addString("key", "tenant=a")
                .addString("edit", "nobody").toJobParameters(), "edit", "EntityChange bean");
    }

    @Test
    void aShareOfAProvisionedTablesCapacityPasses(DynamoDbClient client, TestTables tables) {
        String provisioned = tables.create(TableSpec.named("provisioned").partitionKey("tenant",
                ScalarAttributeType.S).sortKey("_sk", ScalarAttributeType.S).customize(request -> request.billingMode(
                BillingMode.PROVISIONED).provisionedThroughput(units -> units.readCapacityUnits(10L)
                .writeCapacityUnits(40L))));
        assertThat(TableCapacity.describe(client, provisioned, "rate").writeUnitsPerSecond()).isEqualTo(40);
    }

    @Test
    void newParametersOverTheKeyOfAnUnfinishedRunAreRefusedNamingWhatChanged() throws Exception {
        JobParameters first = move("tenant=a,state=TX", "tenant=a,state=OK").addLong("maxItems", 100L)
                .toJobParameters();
        String jobName = "sites." + MassJobKind.MOVE_ALL_UNDER.jobName();
        JobInstance instance = repository.createJobInstance(jobName, first);
        JobExecution failed = repository.createJobExecution(instance, first, new ExecutionContext());
        failed.setStatus(BatchStatus.FAILED);
        repository.update(failed);

        assertRefused(MassJobKind.MOVE_ALL_UNDER, move("tenant=a,state=TX", "tenant=a,state=NM")
                .addLong("maxItems", 100L).toJobParameters(), "target", "execution " + failed.getId());
        assertThatCode(() -> validator(MassJobKind.MOVE_ALL_UNDER).validate(first)).as("the restart itself")
                .doesNotThrowAnyException();
        assertThatCode(() -> validator(MassJobKind.MOVE_ALL_UNDER).validate(move("tenant=a,state=NM",
                "tenant=a,state=OK").toJobParameters())).as("other work").doesNotThrowAnyException();

        failed.setStatus(BatchStatus.ABANDONED);
        repository.update(failed);
        assertThatCode(() -> validator(MassJobKind.MOVE_ALL_UNDER).validate(move("tenant=a,state=TX",
                "tenant=a,state=NM").toJobParameters())).as("once abandoned").doesNotThrowAnyException();
    }

    private static JobParameters key(String key) {
        return new JobParametersBuilder().addString("key", key).toJobParameters();
    }

    private static JobParameters keyAnd(String name, String value) {
        return new JobParametersBuilder().addString("key", "tenant=a").addString(name, value).toJobParameters();
    }
}
