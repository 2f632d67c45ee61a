"""The room layer: what a room is (:mod:`.records`, :mod:`.events`), the pure planners of its
changes (:mod:`.planning`, :mod:`.lobby`, :mod:`.clocks`, :mod:`.bot_seats`), and the facade
the servicers and the timer loop call (:mod:`.facade`'s ``Rooms``), which loads a room, plans
a change and commits it through :mod:`services.store`. No gRPC here.

This ``__init__`` imports nothing: the store imports :mod:`.records` (the rooms it keeps), so
a package import of the facade here would tie the store to the whole room layer.
"""
