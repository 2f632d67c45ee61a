"""Cercle's pure rules engines: no I/O, no clock, no global randomness.

Use :func:`engine.registry.get` to find a game, then the :class:`engine.core.Game` interface.
"""
