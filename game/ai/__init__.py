"""AI players: agents that decide from a player's view alone."""
