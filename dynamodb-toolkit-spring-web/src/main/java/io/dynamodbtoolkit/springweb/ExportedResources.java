package io.dynamodbtoolkit.springweb;

import java.util.Collection;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;

/** The resources the REST surface serves, by name. */
public final class ExportedResources {

    private final Map<String, ExportedResource> byName;

    /**
     * @param resources the exported resources
     * @throws IllegalArgumentException when two have one name
     */
    public ExportedResources(Collection<ExportedResource> resources) {
        Map<String, ExportedResource> map = new LinkedHashMap<>();
        for (ExportedResource resource : resources) {
            ExportedResource previous = map.putIfAbsent(resource.name(), resource);
            if (previous != null) {
                throw new IllegalArgumentException("Two resources are exported as '" + resource.name() + "' (adapters '"
                        + previous.template().getAdapterName() + "' and '" + resource.template().getAdapterName()
                        + "'): give one another name with @RestExported(\"...\")");
            }
        }
        this.byName = Collections.unmodifiableMap(map);
    }

    /** @return the resource of a name, if exported */
    public Optional<ExportedResource> find(String name) {
        return Optional.ofNullable(byName.get(name));
    }

    /** @return every exported resource, in the order given */
    public Collection<ExportedResource> all() {
        return byName.values();
    }

    /** @return whether nothing is exported */
    public boolean isEmpty() {
        return byName.isEmpty();
    }
}
