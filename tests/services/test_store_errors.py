"""A connection the server closed under a pooled client surfaces, in the event loop, as a
RuntimeError about a closed transport: the store treats it as a lost connection
(UNAVAILABLE, retried by clients), not as a bug that answers UNKNOWN. Any other RuntimeError
still propagates."""

from __future__ import annotations

import pytest

from services.store import Store, StoreUnavailable


async def _raise(exc: BaseException) -> None:
    raise exc


async def test_a_closed_transport_is_a_lost_connection(redis_url: str) -> None:
    store = Store(redis_url)
    closed = RuntimeError(
        "unable to perform operation on <TCPTransport closed=True reading=False 0x1>; "
        "the handler is closed"
    )
    with pytest.raises(StoreUnavailable) as caught:
        await store.core.call("probe", _raise(closed))
    assert caught.value.kind == "connection"
    with pytest.raises(RuntimeError, match="a bug of ours"):
        await store.core.call("probe", _raise(RuntimeError("a bug of ours")))
    await store.close()


async def test_an_error_inside_a_pipeline_keeps_its_redis_code(redis_url: str) -> None:
    """redis-py words a pipeline's error "Command # 1 (...) of pipeline caused error: CODE":
    its kind is still the Redis code (the log line says WRONGTYPE, not ERR)."""
    store = Store(redis_url)
    try:
        await store.redis.set("test:wrongtype", "a string")
        pipe = store.redis.pipeline(transaction=False)
        pipe.hgetall("test:wrongtype")
        with pytest.raises(StoreUnavailable) as caught:
            await store.core.call("probe", pipe.execute())
        assert caught.value.kind == "WRONGTYPE"
    finally:
        await store.redis.delete("test:wrongtype")
        await store.close()


async def test_a_connection_redis_py_closed_while_in_use_is_a_lost_connection(
    redis_url: str,
) -> None:
    """redis-py's cluster client can close a connection another task is opening; its write
    then raises AttributeError inside redis-py (it reached a client as UNKNOWN in CI). An
    AttributeError of our own still propagates."""
    namespace: dict[str, object] = {}
    # A function whose frame is in a redis-py file, as the real one is.
    exec(  # fixed test code, compiled under redis-py's file name
        compile(
            "def send(writer=None):\n    writer.writelines([b'PING'])\n",
            "/venv/site-packages/redis/asyncio/connection.py",
            "exec",
        ),
        namespace,
    )
    send = namespace["send"]
    assert callable(send)

    async def write() -> None:
        send()

    store = Store(redis_url)
    with pytest.raises(StoreUnavailable) as caught:
        await store.core.call("probe", write())
    assert caught.value.kind == "connection"

    async def ours() -> None:
        none: object = None
        none.writelines([b"PING"])  # type: ignore[attr-defined]  # a bug of ours

    with pytest.raises(AttributeError):
        await store.core.call("probe", ours())
    await store.close()
