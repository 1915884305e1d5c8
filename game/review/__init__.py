"""The review: the player's decisions of a deal, each put to the expert's search from the player's own view."""
