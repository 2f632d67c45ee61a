"""Cercle server: gRPC servicers over a Redis store and the pure engines."""
