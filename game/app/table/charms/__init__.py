"""Charms at the table (R31-R39), a job a module: what each seat holds (`hold.py`), the player's tray and its tiles
(`tray.py`, `tile.py`, `places.py`), their decision and its input (`choice.py`, `input.py`), a use shown and
worded (`show.py`, `words.py`, `summary.py`), a charm not offered (`missed.py`), and the marks charms leave on the
cards (`dead_seen.py`, `lock_marks.py`)."""
