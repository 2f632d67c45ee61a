"""What containers need: the health probe of the server image and the Envoy config renderer."""
