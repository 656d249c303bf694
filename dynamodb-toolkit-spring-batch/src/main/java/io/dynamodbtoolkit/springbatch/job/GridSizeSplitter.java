package io.dynamodbtoolkit.springbatch.job;

import java.util.Set;

import org.springframework.batch.core.job.JobExecutionException;
import org.springframework.batch.core.partition.StepExecutionSplitter;
import org.springframework.batch.core.step.StepExecution;

/**
 * Splits a manager step by the grid size its job asks for ({@link MassJobParameters#GRID_SIZE}), else by the one the
 * partition handler was given (the configured default). The grid size is identifying, so a restart splits as the
 * first run did (and Spring Batch keeps the first run's grid size on a restart anyway).
 */
public final class GridSizeSplitter implements StepExecutionSplitter {

    private final StepExecutionSplitter splitter;

    /** @param splitter the splitter of the manager step (e.g. {@code SimpleStepExecutionSplitter}) */
    public GridSizeSplitter(StepExecutionSplitter splitter) {
        this.splitter = splitter;
    }

    @Override
    public String getStepName() {
        return splitter.getStepName();
    }

    @Override
    public Set<StepExecution> split(StepExecution manager, int gridSize) throws JobExecutionException {
        return splitter.split(manager, gridSize(manager, gridSize));
    }

    /** @return the grid size a job asks for in its parameters, else the default given */
    public static int gridSize(StepExecution manager, int defaultGridSize) {
        String asked = MassJobRequest.text(manager.getJobParameters(), MassJobParameters.GRID_SIZE);
        return asked == null ? defaultGridSize : Integer.parseInt(asked.strip());
    }
}
