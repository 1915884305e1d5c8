"""The table: the session in play (`controller`, pygame-free), what it keeps (`recorder`), how it is shown
(`director` on a `stage`, `painter`) and the player's controls (`human`, `controls`), wired by `scene`.

Nothing is imported here, so the controller can be used (and tested) without pygame."""
