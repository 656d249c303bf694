package io.dynamodbtoolkit.boot.autoconfigure.test.slice;

import org.springframework.stereotype.Service;

/** A component the slice leaves out. */
@Service
public class UnrelatedService {
}
