"""Strong bots register here (one module per game is imported below)."""
