package io.dynamodbtoolkit.springdata;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import java.util.function.Consumer;

import io.dynamodbtoolkit.DeclarationException;
import io.dynamodbtoolkit.adapter.AdapterDeclaration;
import io.dynamodbtoolkit.adapter.ItemMapper;
import io.dynamodbtoolkit.adapter.ItemPage;
import io.dynamodbtoolkit.adapter.ListOptions;
import io.dynamodbtoolkit.key.KeyModel;
import io.dynamodbtoolkit.mass.MassResult;
import io.dynamodbtoolkit.springdata.rentals.Facility;
import io.dynamodbtoolkit.springdata.rentals.RentalProjectionRepository.VehicleSummary;
import io.dynamodbtoolkit.springdata.rentals.RentalRow;
import io.dynamodbtoolkit.springdata.rentals.Rentals;
import io.dynamodbtoolkit.springdata.rentals.Vehicle;
import io.dynamodbtoolkit.springdata.repository.AdapterName;
import io.dynamodbtoolkit.springdata.repository.HierarchicalRepository;
import io.dynamodbtoolkit.springdata.repository.IndexName;
import io.dynamodbtoolkit.springdata.core.ScopeProvider;
import io.dynamodbtoolkit.springdata.repository.Unscoped;
import io.dynamodbtoolkit.springdata.repository.config.EnableDynamoDbToolkitRepositories;
import io.dynamodbtoolkit.springdata.repository.support.AdapterBindingException;
import io.dynamodbtoolkit.springdata.tasks.Tenants;
import io.dynamodbtoolkit.test.DynamoDbTest;
import org.junit.jupiter.api.Test;
import org.springframework.context.annotation.AnnotationConfigApplicationContext;
import org.springframework.context.annotation.ComponentScan.Filter;
import org.springframework.context.annotation.Configuration;
import org.springframework.context.annotation.FilterType;
import org.springframework.core.type.classreading.MetadataReader;
import org.springframework.core.type.classreading.MetadataReaderFactory;
import org.springframework.core.type.filter.TypeFilter;
import org.springframework.data.annotation.Version;
import org.springframework.data.domain.Limit;
import org.springframework.data.domain.Pageable;
import org.springframework.data.domain.ScrollPosition;
import org.springframework.data.domain.Sort;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;

/**
 * Every misuse of a repository fails when the application starts, with a message naming the method (or
 * repository), the problem and the fix. No table is needed: nothing is read.
 */
@DynamoDbTest
class StartupFailureIT {

    private static volatile Class<?> selected;

    /** Includes only the repository the running test selected. */
    static class SelectedRepository implements TypeFilter {
        @Override
        public boolean match(MetadataReader reader, MetadataReaderFactory factory) {
            return selected != null && reader.getClassMetadata().getClassName().equals(selected.getName());
        }
    }

    @Configuration
    @EnableDynamoDbToolkitRepositories(basePackageClasses = StartupFailureIT.class,
            considerNestedRepositories = true, includeFilters = @Filter(type = FilterType.CUSTOM,
            classes = SelectedRepository.class))
    static class SelectedConfiguration {
    }

    @AdapterName("rentals")
    interface UnknownKeyParameter extends HierarchicalRepository<RentalRow> {
        List<Vehicle> findUnder(String state, String site);
    }

    @AdapterName("rentals")
    interface GapInKeyParameters extends HierarchicalRepository<RentalRow> {
        List<RentalRow> findUnder(String state, String vin);
    }

    @AdapterName("rentals")
    interface FilterOnNonKeyAttribute extends HierarchicalRepository<RentalRow> {
        List<RentalRow> findByStateAndCity(String state, String city);
    }

    @AdapterName("rentals")
    interface WholeTableScan extends HierarchicalRepository<RentalRow> {
        List<RentalRow> findByCity(String city);
    }

    @AdapterName("rentals")
    interface UnknownIndex extends HierarchicalRepository<RentalRow> {
        @IndexName("by-colour")
        List<Vehicle> findInSparseIndexByColor(String color);
    }

    @AdapterName("rentals")
    interface UnknownIndexOnDerivedMethod extends HierarchicalRepository<RentalRow> {
        @IndexName("by-colour")
        List<Vehicle> findByColor(Vehicle.Color color);
    }

    @AdapterName("rentals")
    interface SortWithNoIndex extends HierarchicalRepository<RentalRow> {
        List<RentalRow> findByStateOrderByCityAsc(String state);
    }

    @AdapterName("rentals")
    interface ElementTypeTooNarrow extends HierarchicalRepository<RentalRow> {
        List<Vehicle> findSelfAndUnder(String state, String facility);
    }

    @AdapterName("rentals")
    interface SiblingTierElementType extends HierarchicalRepository<RentalRow> {
        List<Facility> findUnder(String state, String facility);
    }

    @AdapterName("rentals")
    interface ProjectionOfPropertiesATierLacks extends HierarchicalRepository<RentalRow> {
        List<VehicleSummary> findSelfAndUnder(String state, String facility);
    }

    @AdapterName("rentals")
    interface DerivedProjectionOfPropertiesATierLacks extends HierarchicalRepository<RentalRow> {
        List<VehicleSummary> findByStateAndFacility(String state, String facility);
    }

    @AdapterName("rentals")
    interface IndexProjectionOfPropertiesItsMembersLack extends HierarchicalRepository<RentalRow> {
        @IndexName("all-facilities")
        List<VehicleSummary> findInSparseIndexOfFacilities();
    }

    @AdapterName("rentals")
    interface DtoWithAPropertyOfAnotherType extends HierarchicalRepository<RentalRow> {
        List<RateAsText> findUnder(String state, String facility);
    }

    @AdapterName("rentals")
    interface ItemPageProjectionOfPropertiesATierLacks extends HierarchicalRepository<RentalRow> {
        ItemPage<VehicleSummary> findSelfAndUnder(String state, String facility, ListOptions options);
    }

    /** A DTO whose dailyRate cannot hold the entity's BigDecimal. */
    record RateAsText(String vin, String dailyRate) {
    }

    @AdapterName("rentals")
    interface OrCondition extends HierarchicalRepository<RentalRow> {
        List<RentalRow> findByStateOrFacility(String state, String facility);
    }

    @AdapterName("rentals")
    interface MassMethodWithWrongResult extends HierarchicalRepository<RentalRow> {
        long deleteUnder(String state, String facility);
    }

    @AdapterName("rentals")
    interface ItemPageWithPageableAndListOptions extends HierarchicalRepository<RentalRow> {
        ItemPage<Vehicle> findUnder(String state, String facility, Pageable pageable, ListOptions options);
    }

    @AdapterName("rentals")
    interface ItemPageWithScrollPosition extends HierarchicalRepository<RentalRow> {
        ItemPage<Vehicle> findUnder(String state, String facility, ScrollPosition position, ListOptions options);
    }

    @AdapterName("rentals")
    interface ItemPageWithLimit extends HierarchicalRepository<RentalRow> {
        ItemPage<Vehicle> findUnder(String state, String facility, Limit limit, ListOptions options);
    }

    @AdapterName("rentals")
    interface ItemPageWithSort extends HierarchicalRepository<RentalRow> {
        ItemPage<Vehicle> findUnder(String state, String facility, ListOptions options, Sort sort);
    }

    @AdapterName("rentals")
    interface ItemPageWithoutListOptions extends HierarchicalRepository<RentalRow> {
        ItemPage<Vehicle> findUnder(String state, String facility);
    }

    @AdapterName("rentals")
    interface TwoListOptions extends HierarchicalRepository<RentalRow> {
        ItemPage<Vehicle> findUnder(String state, String facility, ListOptions first, ListOptions second);
    }

    @AdapterName("rentals")
    interface ListOptionsWithoutItemPage extends HierarchicalRepository<RentalRow> {
        List<Vehicle> findUnder(String state, String facility, ListOptions options);
    }

    @AdapterName("rentals")
    interface ItemPageTooNarrow extends HierarchicalRepository<RentalRow> {
        ItemPage<Vehicle> findSelfAndUnder(String state, String facility, ListOptions options);
    }

    @AdapterName("rentals")
    interface ItemPageOfAnotherTypeOnAnIndex extends HierarchicalRepository<RentalRow> {
        @IndexName("by-make")
        ItemPage<Facility> findInSparseIndexByMake(String make, ListOptions options);
    }

    @AdapterName("rentals")
    interface DerivedItemPageOfAnotherType extends HierarchicalRepository<RentalRow> {
        ItemPage<String> findByStateAndFacility(String state, String facility, ListOptions options);
    }

    @AdapterName("rentals")
    interface DerivedItemPageWithOrderBy extends HierarchicalRepository<RentalRow> {
        ItemPage<RentalRow> findByStateOrderByFacilityDesc(String state, ListOptions options);
    }

    @AdapterName("rentals")
    interface DerivedItemPageWithFirst extends HierarchicalRepository<RentalRow> {
        ItemPage<RentalRow> findFirst2ByStateAndFacility(String state, String facility, ListOptions options);
    }

    @AdapterName("rentals")
    interface DerivedItemPageCount extends HierarchicalRepository<RentalRow> {
        ItemPage<RentalRow> countByState(String state, ListOptions options);
    }

    @AdapterName("no-cascades")
    interface CascadeWithoutCascades extends HierarchicalRepository<RentalRow> {
        MassResult deleteAllUnder(String state, String facility);
    }

    @AdapterName("nope")
    interface BoundToNoAdapter extends HierarchicalRepository<RentalRow> {
    }

    interface BoundToNothingAmongSeveral extends HierarchicalRepository<RentalRow> {
    }

    @AdapterName("rentals")
    interface NotScoped extends HierarchicalRepository<RentalRow> {
    }

    @Unscoped
    @AdapterName("rentals")
    interface OptedOutOfTheScope extends HierarchicalRepository<RentalRow> {
    }

    /** A record without @Version for an adapter whose items are versioned. */
    record Unversioned(String state, String facility, String vin) {
    }

    @AdapterName("rentals")
    interface EntityWithoutVersion extends HierarchicalRepository<Unversioned> {
    }

    /** A record with @Version for an adapter whose items are not versioned. */
    record Versioned(String state, String facility, @Version Long version) {
    }

    @AdapterName("plain")
    interface VersionWithoutVersionField extends HierarchicalRepository<Versioned> {
    }

    @Test
    void aParameterThatNamesNoKeyField(DynamoDbClient client) {
        assertFails(client, UnknownKeyParameter.class, "UnknownKeyParameter.findUnder(String, String)",
                "parameter 'site' names no key field; the key fields are [state, facility, vin]",
                "Fix: rename the parameter");
    }

    @Test
    void keyParametersWithAGap(DynamoDbClient client) {
        assertFails(client, GapInKeyParameters.class, "binds 'vin' but not 'facility' before it");
    }

    @Test
    void aDerivedMethodThatNeedsAFilterNamesTheIndexToDeclare(DynamoDbClient client) {
        assertFails(client, FilterOnNonKeyAttribute.class, "FilterOnNonKeyAttribute.findByStateAndCity",
                "'city' is not a key field", "declare a global secondary index with partition key 'city'",
                "@AllowScan");
    }

    @Test
    void aDerivedMethodThatWouldScan(DynamoDbClient client) {
        assertFails(client, WholeTableScan.class, "no equality on the partition key field 'state'",
                "Scan the whole table");
    }

    @Test
    void anUnknownIndex(DynamoDbClient client) {
        assertFails(client, UnknownIndex.class, "@IndexName(\"by-colour\") names no index of adapter 'rentals'",
                "[all-facilities, by-make]");
        assertFails(client, UnknownIndexOnDerivedMethod.class, "names no index", "[all-facilities, by-make]");
    }

    @Test
    void aSortWithNoIndex(DynamoDbClient client) {
        assertFails(client, SortWithNoIndex.class, "sorting by 'city' would need an in-memory sort",
                "declare a local secondary index on table", "with sort key 'city'");
    }

    @Test
    void anElementTypeThatCannotHoldEveryTier(DynamoDbClient client) {
        assertFails(client, ElementTypeTooNarrow.class, "returns rows as [Facility, Vehicle]",
                "element type Vehicle cannot hold [Facility]", "declare the element type as RentalRow");
    }

    @Test
    void aSiblingTierClassIsRefusedAsBefore(DynamoDbClient client) {
        assertFails(client, SiblingTierElementType.class, "SiblingTierElementType.findUnder(String, String)",
                "it reads the rows under 'facility', which returns rows as [Vehicle]",
                "element type Facility cannot hold [Vehicle]", "declare the element type as RentalRow");
    }

    @Test
    void aProjectionMustBeMadeOfPropertiesEveryRowItReadsHas(DynamoDbClient client) {
        assertFails(client, ProjectionOfPropertiesATierLacks.class,
                "ProjectionOfPropertiesATierLacks.findSelfAndUnder(String, String)",
                "returns rows as [Facility, Vehicle]",
                "interface projection VehicleSummary cannot be made from [Facility]: Facility has no properties "
                        + "[vin, make]", "Fix: project only properties that every one of [Facility, Vehicle] has");
        assertFails(client, DerivedProjectionOfPropertiesATierLacks.class,
                "interface projection VehicleSummary cannot be made from [Facility]");
        assertFails(client, IndexProjectionOfPropertiesItsMembersLack.class, "the members of index 'all-facilities'",
                "cannot be made from [Facility]");
        assertFails(client, DtoWithAPropertyOfAnotherType.class, "DTO projection RateAsText cannot be made from "
                + "[Vehicle]: Vehicle has dailyRate (BigDecimal, which the RateAsText property of type String cannot "
                + "hold)");
        assertFails(client, ItemPageProjectionOfPropertiesATierLacks.class,
                "interface projection VehicleSummary cannot be made from [Facility]");
    }

    @Test
    void orConditions(DynamoDbClient client) {
        assertFails(client, OrCondition.class, "combines conditions with Or");
    }

    @Test
    void massMethodsReturnTheEngineResultAndCascadeOnlyWhereAllowed(DynamoDbClient client) {
        assertFails(client, MassMethodWithWrongResult.class, "returns the engine's MassResult, not long");
        assertFails(client, CascadeWithoutCascades.class, "adapter 'no-cascades' does not allow cascades",
                "declare cascades(true)");
    }

    @Test
    void anItemPageTakesItsPagingFromOneListOptionsParameterOnly(DynamoDbClient client) {
        assertFails(client, ItemPageWithPageableAndListOptions.class,
                "ItemPageWithPageableAndListOptions.findUnder(String, String, Pageable, ListOptions)",
                "but also has a Pageable parameter", "Fix: drop the Pageable", "ListOptions.withLimit(n)",
                "return a Page or a Slice");
        assertFails(client, ItemPageWithScrollPosition.class, "also has a ScrollPosition parameter",
                "ListOptions.withCursor(page.nextCursor())", "return a Window");
        assertFails(client, ItemPageWithLimit.class, "also has a Limit parameter", "ListOptions.withLimit(n)");
        assertFails(client, ItemPageWithSort.class, "also has a Sort parameter", "ListOptions.inDescendingOrder()");
        assertFails(client, ItemPageWithoutListOptions.class, "ItemPageWithoutListOptions.findUnder(String, String)",
                "returns an ItemPage but has no ListOptions parameter", "Fix: add a ListOptions parameter");
        assertFails(client, TwoListOptions.class, "it has 2 ListOptions parameters");
        assertFails(client, ListOptionsWithoutItemPage.class, "a ListOptions parameter pages an ItemPage result, but "
                + "it returns List", "Fix: return ItemPage<Vehicle>");
    }

    @Test
    void anItemPageElementTypeMustHoldEveryRowItReads(DynamoDbClient client) {
        assertFails(client, ItemPageTooNarrow.class, "ItemPageTooNarrow.findSelfAndUnder(String, String, ListOptions)",
                "element type Vehicle cannot hold [Facility]", "declare the element type as RentalRow");
        assertFails(client, ItemPageOfAnotherTypeOnAnIndex.class, "the members of index 'by-make'",
                "element type Facility cannot hold [Vehicle]");
        assertFails(client, DerivedItemPageOfAnotherType.class, "element type String cannot hold");
    }

    @Test
    void aDerivedItemPageMethodLeavesOrderAndSizeToItsListOptions(DynamoDbClient client) {
        assertFails(client, DerivedItemPageWithOrderBy.class, "orders the read (OrderBy...)",
                "ListOptions.inDescendingOrder()", "@IndexName");
        assertFails(client, DerivedItemPageWithFirst.class, "limits the read (First2)", "ListOptions.withLimit(n)");
        assertFails(client, DerivedItemPageCount.class, "it counts but returns an ItemPage", "return long");
    }

    @Test
    void aRepositoryBoundToNoAdapterListsTheAdapters(DynamoDbClient client) {
        assertThatThrownBy(() -> start(client, BoundToNoAdapter.class, beans -> { }))
                .rootCause().isInstanceOf(AdapterBindingException.class)
                .hasMessageContaining("no adapter is named 'nope'")
                .hasMessageContaining("'rentals' (AdapterDeclaration bean 'rentalsDeclaration', table rentals-x)")
                .satisfies(e -> assertThat(((AdapterBindingException) e).availableAdapters()).hasSize(3));
        assertThatThrownBy(() -> start(client, BoundToNothingAmongSeveral.class, beans -> { }))
                .rootCause().isInstanceOf(AdapterBindingException.class)
                .hasMessageContaining("names no adapter, and the application has 3")
                .hasMessageContaining("@AdapterName");
    }

    @Test
    void aRepositoryWhoseKeysLackTheScopeFieldsMustOptOut(DynamoDbClient client) {
        Consumer<AnnotationConfigApplicationContext> scope = beans -> beans.registerBean(ScopeProvider.class,
                Tenants::scope);
        assertThatThrownBy(() -> start(client, NotScoped.class, scope)).rootCause()
                .isInstanceOf(DeclarationException.class).hasMessageContaining("confines calls to key fields [tenant]")
                .hasMessageContaining("@Unscoped");
        start(client, OptedOutOfTheScope.class, scope).close();
    }

    @Test
    void versionPropertiesMustMatchTheKeyDesign(DynamoDbClient client) {
        assertFails(client, EntityWithoutVersion.class, "Unversioned", "has no @Version property",
                "`@Version Long version`");
        assertFails(client, VersionWithoutVersionField.class, "Versioned.version",
                "declares no versionField");
    }

    private static void assertFails(DynamoDbClient client, Class<?> repository, String... messageParts) {
        assertThatThrownBy(() -> start(client, repository, beans -> { })).rootCause()
                .isInstanceOf(DeclarationException.class)
                .satisfies(e -> assertThat(e.getMessage()).contains(messageParts));
    }

    private static AnnotationConfigApplicationContext start(DynamoDbClient client, Class<?> repository,
            Consumer<AnnotationConfigApplicationContext> more) {
        selected = repository;
        return SpringContexts.start(client, SelectedConfiguration.class, beans -> {
            beans.registerBean("rentalsDeclaration", AdapterDeclaration.class, () -> Rentals.declaration("rentals-x"));
            beans.registerBean("plainDeclaration", AdapterDeclaration.class, () -> AdapterDeclaration
                    .builder(ItemMapper.documents()).name("plain").table("plain-x")
                    .keys(KeyModel.builder().keyFields("state", "facility").build()).build());
            beans.registerBean("noCascadesDeclaration", AdapterDeclaration.class, () -> AdapterDeclaration
                    .builder(ItemMapper.documents()).name("no-cascades").table("rentals-y").keys(Rentals.KEYS)
                    .build());
            more.accept(beans);
        });
    }
}
