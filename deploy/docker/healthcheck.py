"""Container health probe: exit 0 if the local replica answers SERVING to grpc.health.v1.

The image's ``HEALTHCHECK`` and docker-compose run ``python -m deploy.docker.healthcheck``;
Kubernetes uses its native ``grpc:`` probes instead. No grpcurl is needed: the probe uses the
grpcio the server already ships. Exit codes follow Docker: 0 healthy, 1 unhealthy.

A replica reports NOT_SERVING while Redis is unreachable and from the moment it is told to
stop, so "unhealthy" means "send no new traffic here", not necessarily "restart me".
"""

from __future__ import annotations

import argparse
import os
import sys

import grpc
from grpc_health.v1 import health_pb2, health_pb2_grpc

SERVING = health_pb2.HealthCheckResponse.SERVING


def check(address: str, service: str = "", timeout: float = 2.0) -> tuple[bool, str]:
    """Ask ``address`` for the health of ``service``; (healthy, what it said)."""
    with grpc.insecure_channel(address) as channel:
        stub = health_pb2_grpc.HealthStub(channel)
        try:
            reply = stub.Check(health_pb2.HealthCheckRequest(service=service), timeout=timeout)
        except grpc.RpcError as error:
            return False, f"{error.code().name}: {error.details()}"
    name = health_pb2.HealthCheckResponse.ServingStatus.Name(reply.status)
    return reply.status == SERVING, name


def main(argv: list[str] | None = None) -> int:
    port = os.environ.get("CERCLE_PORT", "50051")
    parser = argparse.ArgumentParser(description="Probe a Cercle replica's gRPC health.")
    parser.add_argument("--address", default=f"127.0.0.1:{port}", help="host:port to ask")
    parser.add_argument("--service", default="", help='service name ("" = the whole server)')
    parser.add_argument("--timeout", type=float, default=2.0, help="seconds to wait")
    args = parser.parse_args(argv)
    healthy, said = check(args.address, args.service, args.timeout)
    print(f"{args.address} {args.service or '(server)'}: {said}")
    return 0 if healthy else 1


if __name__ == "__main__":
    sys.exit(main())
