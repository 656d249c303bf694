package io.dynamodbtoolkit.sample;

import io.dynamodbtoolkit.sample.batch.MoveJobRun;
import org.springframework.boot.SpringApplication;
import org.springframework.boot.autoconfigure.SpringBootApplication;
import org.springframework.context.ConfigurableApplicationContext;

/**
 * The sample application: the car-rental hierarchy, a document review queue, customer orders and team memberships,
 * each a key design declared in {@code application.yml}, served as a REST API and a page that shows what each query
 * sends and reads.
 */
@SpringBootApplication
public class SampleApplication {

    /**
     * Starts the application (on the embedded engine unless an endpoint or the "aws" profile is configured). The
     * manager of the profile "batch" exits when its job has ended.
     *
     * @param args the command line
     */
    public static void main(String[] args) {
        ConfigurableApplicationContext context = SpringApplication.run(SampleApplication.class, args);
        if (context.getBeanProvider(MoveJobRun.class).getIfAvailable() != null) {
            // the batch mode's manager has run its job: it ends with the job's outcome as its exit code
            System.exit(SpringApplication.exit(context));
        }
    }
}
