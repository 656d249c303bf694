package io.dynamodbtoolkit.boot.autoconfigure.provision;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import io.dynamodbtoolkit.adapter.AdapterDeclaration;
import io.dynamodbtoolkit.boot.autoconfigure.adapter.AdapterDeclarations;
import io.dynamodbtoolkit.boot.autoconfigure.properties.ProvisioningMode;
import io.dynamodbtoolkit.boot.autoconfigure.provision.TableValidationException.AdapterTableReport;
import io.dynamodbtoolkit.provision.BackfillNeed;
import io.dynamodbtoolkit.provision.RetiredIndex;
import io.dynamodbtoolkit.provision.TableProvisioner;
import io.dynamodbtoolkit.provision.TableReport;
import io.dynamodbtoolkit.provision.UniqueBackfillNeed;
import org.apache.commons.logging.Log;
import org.apache.commons.logging.LogFactory;
import org.springframework.beans.factory.InitializingBean;

/**
 * Start-up provisioning of the configured adapters' tables, before any configured adapter is handed out: nothing,
 * validation of every table (all differences reported at once), or creation of what is missing. Validation and
 * creation also sample each table for items that predate an index (a bounded estimate,
 * {@code dynamodb.toolkit.provisioning-backfill-sample}), and for rows of a unique field without their guard in the
 * same sample, and look for indexes no longer declared; all are logged as
 * warnings saying how to mend them, and recorded in {@link IndexEvolution} for the health indicator and the
 * Actuator endpoint. Nothing is backfilled or removed automatically.
 */
public class TableProvisioning implements InitializingBean {

    private static final Log LOGGER = LogFactory.getLog(TableProvisioning.class);

    private final ProvisioningMode mode;
    private final AdapterDeclarations declarations;
    private final TableProvisioner provisioner;
    private final IndexEvolution evolution;

    /**
     * @param mode         what to do
     * @param declarations the configured adapters
     * @param provisioner  validates and creates tables
     * @param evolution    where the backfills and retired indexes found go
     */
    public TableProvisioning(ProvisioningMode mode, AdapterDeclarations declarations, TableProvisioner provisioner,
            IndexEvolution evolution) {
        this.mode = mode;
        this.declarations = declarations;
        this.provisioner = provisioner;
        this.evolution = evolution;
    }

    /** @return the mode in effect */
    public ProvisioningMode mode() {
        return mode;
    }

    /**
     * Provisions the tables.
     *
     * @throws TableValidationException when validating and a table differs
     * @throws io.dynamodbtoolkit.provision.ProvisioningException when creating and a table conflicts
     */
    @Override
    public void afterPropertiesSet() {
        switch (mode) {
            case NONE -> LOGGER.debug("Table provisioning is off (dynamodb.toolkit.provisioning=none)");
            case VALIDATE -> validate();
            case CREATE -> create();
        }
    }

    private void validate() {
        List<AdapterTableReport> differing = new ArrayList<>();
        for (AdapterDeclaration<Map<String, Object>> declaration : declarations.all()) {
            TableReport report = provisioner.validate(declaration);
            if (!report.matches()) {
                differing.add(new AdapterTableReport(declaration.name(), report));
            } else {
                if (!report.notes().isEmpty()) {
                    LOGGER.info("Adapter '" + declaration.name() + "': " + report.describe());
                }
                noticeEvolution(declaration, report);
            }
        }
        if (!differing.isEmpty()) {
            throw new TableValidationException(differing);
        }
    }

    private void create() {
        for (AdapterDeclaration<Map<String, Object>> declaration : declarations.all()) {
            TableReport before = provisioner.withBackfillSample(0).validate(declaration);
            TableReport after;
            if (before.matches()) {
                after = provisioner.validate(declaration);
            } else {
                after = provisioner.create(declaration);
                LOGGER.info(done(declaration, before));
            }
            noticeEvolution(declaration, after);
        }
    }

    /**
     * Records and logs the indexes whose computed attributes older items lack, those no longer declared whose
     * computed attributes items keep, and the unique fields whose older rows lack guards, with how to mend them (never
     * done automatically).
     */
    private void noticeEvolution(AdapterDeclaration<?> declaration, TableReport report) {
        evolution.record(declaration.name(), report);
        String adapter = declaration.name();
        for (BackfillNeed need : report.backfills()) {
            LOGGER.warn("Adapter '" + adapter + "': " + need.describe() + "; items written before the index was "
                    + "declared or changed lack the attributes the toolkit computes for it, so the index misses them. "
                    + "Backfill them with POST /actuator/dynamodbtoolkit/backfill/" + adapter + "/" + need.index()
                    + " (with management.endpoint.dynamodbtoolkit.access=unrestricted), a repository's backfillIndex(\""
                    + need.index() + "\", MassOptions.defaults()) or IndexBackfill.of(adapter).backfill(\""
                    + need.index() + "\", MassOptions.defaults())");
        }
        for (RetiredIndex retired : report.retiredIndexes()) {
            if (!retired.attributes().isEmpty()) {
                LOGGER.warn("Adapter '" + adapter + "': index '" + retired.index() + "' of table " + report.table()
                        + " is no longer declared; items written while it was may keep its computed attributes "
                        + retired.attributes() + ", which are never removed automatically. Remove them with POST "
                        + "/actuator/dynamodbtoolkit/backfill/" + adapter + "/" + retired.index() + ", a repository's "
                        + "removeStaleIndexAttributes(" + quoted(retired.attributes()) + ", MassOptions.defaults()) or "
                        + "IndexBackfill.of(adapter).removeStale(" + quoted(retired.attributes())
                        + ", MassOptions.defaults()), then delete the index (provisioning never drops one)");
            }
        }
        report.uniqueBackfills().forEach(need -> warnUnguarded(adapter, need));
    }

    private static void warnUnguarded(String adapter, UniqueBackfillNeed need) {
        LOGGER.warn("Adapter '" + adapter + "': " + need.describe() + ". Rows written before the field was declared "
                + "unique have no guard, so nothing stops another row from taking their values. Write the guards "
                + "with POST /actuator/dynamodbtoolkit/backfill-unique/" + adapter + "/" + need.field()
                + " (with management.endpoint.dynamodbtoolkit.access=unrestricted), a template's backfillUnique(\""
                + need.field() + "\") or MassOperations.of(adapter).backfillUnique(\"" + need.field() + "\")");
    }

    private static String quoted(List<String> attributes) {
        return "List.of(" + String.join(", ", attributes.stream().map(name -> "\"" + name + "\"").toList()) + ")";
    }

    /**
     * @return what provisioning did, e.g. {@code Created table catalog for adapter 'catalog' (global index
     *         'by-author', global index 'by-shelf', time to live on 'expiresAt')} or {@code Added to table catalog for
     *         adapter 'catalog': global index 'by-shelf'}
     */
    private static String done(AdapterDeclaration<?> declaration, TableReport before) {
        String adapter = " for adapter '" + declaration.name() + "'";
        if (!before.exists()) {
            List<String> parts = new ArrayList<>();
            declaration.indexes().all().forEach(index -> parts.add(index.toString()));
            declaration.ttlAttribute().ifPresent(attribute -> parts.add("time to live on '" + attribute + "'"));
            return "Created table " + before.table() + adapter + (parts.isEmpty() ? ""
                    : " (" + String.join(", ", parts) + ")");
        }
        return "Added to table " + before.table() + adapter + ": " + String.join(", ", before.fixable().stream()
                .map(TableReport.Difference::subject).toList());
    }
}
