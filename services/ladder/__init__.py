"""The ladder (issue 27, docs/ratings.md): the ratings a finished rated match changes
(:mod:`.ratings`, counted once by the finishing replica or any replica's sweep) and the
skill matchmaking that seats close ratings at one table (:mod:`.matchmaking`). Their Redis
steps are in :mod:`services.store.ratings` and :mod:`services.store.matchmaking`; their
servicer is :mod:`services.api.ladder_service`.

This ``__init__`` imports nothing: the room layer's lobby marks a rated start through
:mod:`.ratings`, and the matchmaker seats tables through the room layer's facade.
"""
