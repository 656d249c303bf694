package io.dynamodbtoolkit.boot.test.autoconfigure.slice;

import java.util.Map;

import io.dynamodbtoolkit.adapter.AdapterDeclaration;
import io.dynamodbtoolkit.boot.autoconfigure.adapter.AdapterCustomizer;
import org.springframework.stereotype.Component;

/** An adapter customizer component: the slice includes it. */
@Component
public class CascadingRentals implements AdapterCustomizer {

    @Override
    public void customize(String adapterName, AdapterDeclaration.Builder<Map<String, Object>> declaration) {
        declaration.cascades(true);
    }
}
