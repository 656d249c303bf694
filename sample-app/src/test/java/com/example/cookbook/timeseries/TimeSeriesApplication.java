package com.example.cookbook.timeseries;

import org.springframework.boot.autoconfigure.SpringBootApplication;

/** The cookbook's write-sharded time series: readings bucketed by device and month. */
@SpringBootApplication
public class TimeSeriesApplication {
}
