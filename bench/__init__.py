"""Cercle benchmarks (`make bench`, `make bench-engine`); see docs/performance.md."""
