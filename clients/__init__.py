"""Cercle clients: the Python SDK and the reference CLI; they speak only the contract."""
