package io.dynamodbtoolkit.boot.autoconfigure.provisioning;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import io.dynamodbtoolkit.adapter.AdapterDeclaration;
import io.dynamodbtoolkit.boot.autoconfigure.adapter.AdapterDeclarations;
import io.dynamodbtoolkit.boot.autoconfigure.provisioning.TableValidationException.AdapterTableReport;
import io.dynamodbtoolkit.provision.TableProvisioner;
import io.dynamodbtoolkit.provision.TableReport;
import org.apache.commons.logging.Log;
import org.apache.commons.logging.LogFactory;
import org.springframework.beans.factory.InitializingBean;

/**
 * Start-up provisioning of the configured adapters' tables, before any configured adapter is handed out: nothing,
 * validation of every table (all differences reported at once), or creation of what is missing.
 */
public class TableProvisioning implements InitializingBean {

    private static final Log LOGGER = LogFactory.getLog(TableProvisioning.class);

    private final ProvisioningMode mode;
    private final AdapterDeclarations declarations;
    private final TableProvisioner provisioner;

    /**
     * @param mode         what to do
     * @param declarations the configured adapters
     * @param provisioner  validates and creates tables
     */
    public TableProvisioning(ProvisioningMode mode, AdapterDeclarations declarations, TableProvisioner provisioner) {
        this.mode = mode;
        this.declarations = declarations;
        this.provisioner = provisioner;
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
            } else if (!report.notes().isEmpty()) {
                LOGGER.info("Adapter '" + declaration.name() + "': " + report.describe());
            }
        }
        if (!differing.isEmpty()) {
            throw new TableValidationException(differing);
        }
    }

    private void create() {
        for (AdapterDeclaration<Map<String, Object>> declaration : declarations.all()) {
            TableReport before = provisioner.validate(declaration);
            if (before.matches()) {
                continue;
            }
            provisioner.create(declaration);
            LOGGER.info(done(declaration, before));
        }
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
