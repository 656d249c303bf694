package io.dynamodbtoolkit.sample.demo;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.boot.ApplicationArguments;
import org.springframework.boot.ApplicationRunner;
import org.springframework.boot.autoconfigure.condition.ConditionalOnBooleanProperty;
import org.springframework.stereotype.Component;

/** Writes the demo data at start-up when {@code sample.demo-data} is on and the tables do not hold it yet. */
@Component
@ConditionalOnBooleanProperty(name = "sample.demo-data", matchIfMissing = true)
public class DemoDataLoader implements ApplicationRunner {

    private static final Logger log = LoggerFactory.getLogger(DemoDataLoader.class);

    private final DemoData demoData;

    /** @param demoData the demo data */
    public DemoDataLoader(DemoData demoData) {
        this.demoData = demoData;
    }

    @Override
    public void run(ApplicationArguments args) {
        if (demoData.isPresent()) {
            log.info("The demo data is already there");
            return;
        }
        demoData.write();
        log.info("Wrote the demo data: states TX, CA, NY with facilities and vehicles, documents, orders, teams");
    }
}
