"""The gRPC face of the server: the servicers (``LobbyService``, ``GameService``,
``TimerService``, ``InboxService``), the interceptors every call passes (request context,
identity, rate limits, stream budgets, pre-serialized responses), the decorators that map
room errors to statuses, and the rendering of rooms and log entries into protobuf messages
(:mod:`.proto_messages`).

Servicers are thin: they parse a request, call the room layer (:mod:`services.rooms`) and
render its answer. Nothing here touches Redis but through :mod:`services.store`.
"""
