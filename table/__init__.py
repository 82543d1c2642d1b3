"""The practice table: the learner plays whole hands against engine-driven opponents."""
