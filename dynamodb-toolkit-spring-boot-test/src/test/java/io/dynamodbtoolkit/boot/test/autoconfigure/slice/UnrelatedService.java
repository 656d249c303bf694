package io.dynamodbtoolkit.boot.test.autoconfigure.slice;

import org.springframework.stereotype.Service;

/** A component the slice leaves out. */
@Service
public class UnrelatedService {
}
