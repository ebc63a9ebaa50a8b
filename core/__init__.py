"""Folio: PDF folders in, answers with their evidence out (see README.md).

Importing the package asks the OpenMP runtime torch will load for a passive wait
(`core.index.omp_wait`): the policy is read once, when torch is first imported, and any
Folio module may be the one that imports it (the embedder, the next-hop model, a benchmark
that sets torch's threads first). With the default active wait, a question's embedding on a
busy 2-core machine took 300-1,500 ms instead of ~50 (benchmarks/HOP_LATENCY.md). A value
set in the environment wins.
"""
from core.index.omp_wait import passive_omp_wait

passive_omp_wait()
