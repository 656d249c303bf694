package io.dynamodbtoolkit.boot.test.autoconfigure.slice;

import io.dynamodbtoolkit.springdata.core.IndexEvolutionListener;
import org.springframework.stereotype.Component;

/** An index-evolution listener component: the slice includes it. */
@Component
public class IndexEvolutionLog implements IndexEvolutionListener {
}
