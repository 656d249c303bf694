package io.dynamodbtoolkit.boot.test.autoconfigure.slice;

import org.springframework.boot.autoconfigure.SpringBootApplication;

/** The application the slice tests find. */
@SpringBootApplication
public class SliceApplication {
}
