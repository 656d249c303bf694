package io.dynamodbtoolkit.springbatch.job;

import org.springframework.batch.core.step.StepExecution;

/** The grid size of a manager step: the one its job asks for ({@link MassJobParameters#GRID_SIZE}), else a default. */
final class GridSize {

    private GridSize() {
    }

    /** @return the grid size a job asks for in its parameters, else the default given */
    static int of(StepExecution manager, int defaultGridSize) {
        String asked = MassJobRequest.text(manager.getJobParameters(), MassJobParameters.GRID_SIZE);
        return asked == null ? defaultGridSize : Integer.parseInt(asked.strip());
    }
}
