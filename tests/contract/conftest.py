"""The contract tests play against the same real replicas and Valkey as the service tests."""

from tests.services.conftest import replica_log_dir, replicas

__all__ = ["replica_log_dir", "replicas"]
