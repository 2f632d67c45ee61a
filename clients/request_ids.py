"""Request ids (AIP-155): a call sent again with the same id is not applied twice."""

from __future__ import annotations

import uuid


def new_request_id() -> str:
    """A fresh request id (AIP-155): a call sent again with it is not applied twice."""
    return uuid.uuid4().hex
