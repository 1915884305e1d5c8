"""The game's scenes: title, new game, settings, how to play, statistics, pause and confirm (the table's own
scenes live beside them: deal summary and session results)."""
