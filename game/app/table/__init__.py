"""The table: the session in play (controller), what it keeps (recorder), how it is shown (director, painter)
and the player's controls, wired together by the scene."""

from .scene import TableScene

__all__ = ["TableScene"]
