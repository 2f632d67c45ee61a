"""Structured JSON logs (structlog). Log lines name rooms, seats, actions and versions; they
never carry a hand, a state, a seed, a nonce, a join code or a token.

Two lines of defence:

1. Tracebacks are rendered as plain dicts **without frame locals** (a frame of the room
   layer holds the decoded state, the seed, the nonce; the interceptor's holds the token).
2. :func:`redact`, the last processor before rendering, replaces the value of any
   secret-bearing key (``state``, ``seed``, ``nonce``, ``token``, ``authorization``,
   ``join_code``, ``hands``...) at any depth, and scrubs every string (exception messages
   included) of what a secret looks like: ``key=value`` / ``"key": value`` pairs with a
   secret key, bytes literals, ``Bearer`` credentials, passwords in URLs, long opaque
   tokens, bare 63-bit numbers and long lists of card numbers.

The standard library's loggers (asyncio's "Task exception was never retrieved", grpc's), an
uncaught exception in the main thread or another thread, and the event loop's own error
handler all go through the same processors, so no path writes around them.
"""

from __future__ import annotations

import functools
import logging
import re
import sys
import threading
from collections.abc import Callable, Mapping
from types import TracebackType
from typing import Any, TextIO

import structlog
from structlog.tracebacks import ExceptionDictTransformer

REDACTED = "[redacted]"

SECRET_KEYS = frozenset(
    {
        "state",
        "states",
        "seed",
        "seed_nonce",
        "nonce",
        "rng",
        "token",
        "tokens",
        "session_token",
        "authorization",
        "password",
        "secret",
        "join_code",
        "hand",
        "hands",
        "memories",
        "locals",
    }
)
"""Keys whose values never reach a log line, wherever they are nested."""

_KEY_SUFFIXES = ("_token", "_seed", "_nonce", "_state", "_password", "_secret")

_SECRET_NAMES = "|".join(
    sorted((re.escape(k) for k in SECRET_KEYS if k != "locals"), key=len, reverse=True)
)
_PAIR = re.compile(
    rf"""(?ix)
    (?P<key>['"]?\b(?:\w*_)?(?:{_SECRET_NAMES})\b['"]?)   # a secret key, maybe quoted
    (?P<sep>\s*[:=]\s*)                                 # then = or :
    """
)
_BEARER = re.compile(r"(?i)\b(bearer)\s+[^\s'\",;)}\]]+")
_URL_CREDENTIALS = re.compile(r"(://)[^/@\s'\"]*@")
_BYTES = re.compile(r"""\bb(['"])(?:\\.|(?!\1).){12,}?\1""")
_OPAQUE = re.compile(r"(?<![\w-])[A-Za-z0-9_-]{32,}(?![\w-])")
_BIG_NUMBER = re.compile(r"(?<![\w.])\d{13,}(?![\w.])")
_NUMBER_LIST = re.compile(r"[\[(]\s*-?\d+(?:\s*,\s*-?\d+){5,}\s*,?\s*[\])]")
_RECORD_REPR = re.compile(r"\b\w*(?:State|Record|Entry|Snapshot|Rng|Change)\(")
_OPENERS = {"(": ")", "[": "]", "{": "}"}
_HINTS = (
    *(k for k in SECRET_KEYS if k != "locals"),
    "bearer",
    "://",
    "b'",
    'b"',
    "state(",
    "record(",
    "entry(",
    "snapshot(",
    "rng(",
    "change(",
)
_HINT = re.compile("|".join(re.escape(hint) for hint in _HINTS))


def _suspect(text: str) -> bool:
    """Whether :func:`scrub` could change ``text``: most log values are not, and this says
    so in about a microsecond (a full scrub costs tens)."""
    if _HINT.search(text.lower()) or _BIG_NUMBER.search(text):
        return True
    if len(text) >= 32 and _OPAQUE.search(text):
        return True
    return "," in text and _NUMBER_LIST.search(text) is not None


def _value_end(text: str, start: int) -> int:
    """Where the value that starts at ``start`` ends: a quoted string, a bytes literal, a
    bracketed value (balanced) or a bare word."""
    n = len(text)
    i = start
    if i < n and text[i] in "bB" and i + 1 < n and text[i + 1] in "'\"":
        i += 1
    if i < n and text[i] in "'\"":
        quote = text[i]
        i += 1
        while i < n and text[i] != quote:
            i += 2 if text[i] == "\\" else 1
        return min(n, i + 1)
    if i < n and text[i] in _OPENERS:
        return _balanced_end(text, i)
    if text[i : i + 7].lower() == "bearer ":
        i += 7
    while i < n and text[i] not in " ,;)}]\n\t":
        i += 1
    return i


def _balanced_end(text: str, start: int) -> int:
    """The index just past the bracket that closes the one at ``start`` (or the end)."""
    depth = 0
    quote = ""
    i = start
    while i < len(text):
        char = text[i]
        if quote:
            if char == "\\":
                i += 1
            elif char == quote:
                quote = ""
        elif char in "'\"":
            quote = char
        elif char in "([{":
            depth += 1
        elif char in ")]}":
            depth -= 1
            if depth == 0:
                return i + 1
        i += 1
    return len(text)


def scrub(text: str) -> str:
    """``text`` without what looks like a secret (exception messages, foreign log lines)."""
    if len(text) < 12 or not _suspect(text):  # the common case: nothing to do
        return text
    out: list[str] = []
    i = 0
    while True:
        pair = _PAIR.search(text, i)
        record = _RECORD_REPR.search(text, i)
        found = [m for m in (pair, record) if m is not None]
        if not found:
            out.append(text[i:])
            break
        match = min(found, key=lambda m: m.start())
        if match is pair:
            end = _value_end(text, match.end())
            out.append(text[i : match.end()] + REDACTED)
        else:
            end = _balanced_end(text, match.end() - 1)
            out.append(text[i : match.end()] + REDACTED + ")")
        i = max(end, match.end())
    result = _BEARER.sub(rf"\1 {REDACTED}", "".join(out))
    result = _URL_CREDENTIALS.sub(rf"\1{REDACTED}@", result)
    result = _BYTES.sub(f"b'{REDACTED}'", result)
    result = _NUMBER_LIST.sub(REDACTED, result)
    result = _BIG_NUMBER.sub(REDACTED, result)
    return _OPAQUE.sub(_opaque, result)


def _opaque(match: re.Match[str]) -> str:
    """A long run of token characters that looks random (a digit, or mixed case) is a token,
    a nonce or a hash; a long snake_case name is left alone."""
    word = match.group(0)
    mixed = any(c.isupper() for c in word) and any(c.islower() for c in word)
    return REDACTED if mixed or any(c.isdigit() for c in word) else word


def is_secret_key(key: object) -> bool:
    if type(key) is str:
        return _is_secret_name(key)
    name = str(key).lower()
    return name in SECRET_KEYS or name.endswith(_KEY_SUFFIXES)


@functools.lru_cache(maxsize=4096)
def _is_secret_name(key: str) -> bool:
    """:func:`is_secret_key` of a ``str`` key, remembered (log lines repeat a few keys)."""
    name = key.lower()
    return name in SECRET_KEYS or name.endswith(_KEY_SUFFIXES)


def _clean(value: Any, depth: int = 0) -> Any:
    kind = type(value)
    if kind is str:
        return scrub(value)
    if kind is int:
        return value if -_BIG < value < _BIG else REDACTED  # a bare 63-bit seed
    if kind is float or kind is bool or value is None:
        return value
    if depth > 12:
        return REDACTED
    if isinstance(value, dict | Mapping):
        return {k: REDACTED if is_secret_key(k) else _clean(v, depth + 1) for k, v in value.items()}
    if isinstance(value, list | tuple | set | frozenset):
        return [_clean(v, depth + 1) for v in value]
    if isinstance(value, bytes | bytearray | memoryview):
        return REDACTED
    if isinstance(value, str):
        return scrub(value)
    if isinstance(value, int):
        return _clean(int(value), depth)
    return scrub(repr(value))


_BIG = 10**12


def redact(_: Any, __: str, event_dict: structlog.typing.EventDict) -> structlog.typing.EventDict:
    """The redaction processor: runs after the exception renderer, before the JSON one."""
    for key in list(event_dict):
        if key.startswith("_"):  # structlog's own (the stdlib record): never rendered
            continue
        event_dict[key] = REDACTED if is_secret_key(key) else _clean(event_dict[key])
    return event_dict


render_exceptions = structlog.processors.ExceptionRenderer(
    ExceptionDictTransformer(show_locals=False, use_rich=False)
)
"""Tracebacks as dicts (type, message, file:line:function per frame), never frame locals."""


def processors() -> list[Callable[..., Any]]:
    """The processor chain of every structlog line (tests assert it has no locals)."""
    return [
        structlog.contextvars.merge_contextvars,
        structlog.processors.add_log_level,
        structlog.processors.TimeStamper(fmt="iso", utc=True),
        render_exceptions,
        redact,
        structlog.processors.JSONRenderer(),
    ]


def configure(
    level: str = "INFO", replica: str = "", *, stream: TextIO | None = None, cache: bool = True
) -> None:
    """JSON lines on ``stream`` (stderr) for structlog, the standard library's loggers, and
    uncaught exceptions. ``cache=False`` for tests that configure more than once."""
    out = stream or sys.stderr
    handler = logging.StreamHandler(out)
    handler.setFormatter(
        structlog.stdlib.ProcessorFormatter(
            foreign_pre_chain=[
                structlog.contextvars.merge_contextvars,
                structlog.stdlib.add_logger_name,
                structlog.processors.add_log_level,
                structlog.processors.TimeStamper(fmt="iso", utc=True),
            ],
            processors=[
                structlog.stdlib.ProcessorFormatter.remove_processors_meta,
                render_exceptions,
                redact,
                structlog.processors.JSONRenderer(),
            ],
        )
    )
    root = logging.getLogger()
    for old in list(root.handlers):
        root.removeHandler(old)
    root.addHandler(handler)
    root.setLevel(level)
    structlog.configure(
        processors=processors(),
        wrapper_class=structlog.make_filtering_bound_logger(logging.getLevelName(level)),
        logger_factory=structlog.PrintLoggerFactory(file=out),
        cache_logger_on_first_use=cache,
    )
    if replica:
        structlog.contextvars.bind_contextvars(replica=replica)
    sys.excepthook = _log_uncaught
    threading.excepthook = _log_thread_uncaught


_crash = structlog.get_logger("cercle.crash")


def _log_uncaught(
    kind: type[BaseException], value: BaseException, tb: TracebackType | None
) -> None:
    if issubclass(kind, KeyboardInterrupt):
        sys.__excepthook__(kind, value, tb)
        return
    _crash.critical("uncaught_exception", exc_info=(kind, value, tb))


def _log_thread_uncaught(args: threading.ExceptHookArgs) -> None:
    if args.exc_value is None:
        return
    _crash.error(
        "thread_exception",
        thread=args.thread.name if args.thread else "",
        exc_info=(args.exc_type, args.exc_value, args.exc_traceback),
    )


def loop_exception_handler(loop: Any, context: dict[str, Any]) -> None:
    """The event loop's handler for exceptions nobody awaited: one redacted JSON line (the
    default handler prints ``repr`` of the task and its coroutine)."""
    exc = context.get("exception")
    task = context.get("task") or context.get("future")
    get_name = getattr(task, "get_name", None)
    name = get_name() if callable(get_name) else type(task).__name__
    fields: dict[str, Any] = {"message": str(context.get("message", "")), "task": name}
    if isinstance(exc, BaseException):
        fields["exc_info"] = (type(exc), exc, exc.__traceback__)
    _crash.error("loop_exception", **fields)
