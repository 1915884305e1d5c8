"""The pygame game: window, scenes, table, sprites and sound, driven by the engine's events."""
