"""The rules editor, opened from New game: the scene (`scene.py`), the rules it holds while they change (`model.py`),
its deck grid (`deck.py`), its panel of combination piles (`piles.py`) and its saving and leaving (`save.py`)."""
