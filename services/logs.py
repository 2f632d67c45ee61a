"""Structured JSON logs (structlog). Log lines name rooms, seats, actions and versions; they
never carry a hand, a state, a seed or a token."""

from __future__ import annotations

import logging
import sys

import structlog


def configure(level: str = "INFO", replica: str = "") -> None:
    logging.basicConfig(format="%(message)s", stream=sys.stderr, level=level)
    structlog.configure(
        processors=[
            structlog.contextvars.merge_contextvars,
            structlog.processors.add_log_level,
            structlog.processors.TimeStamper(fmt="iso", utc=True),
            structlog.processors.dict_tracebacks,
            structlog.processors.JSONRenderer(),
        ],
        wrapper_class=structlog.make_filtering_bound_logger(logging.getLevelName(level)),
        logger_factory=structlog.PrintLoggerFactory(file=sys.stderr),
        cache_logger_on_first_use=True,
    )
    if replica:
        structlog.contextvars.bind_contextvars(replica=replica)
