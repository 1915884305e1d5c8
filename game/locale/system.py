"""The language to start in when the player has not chosen one: the system's, when we have it."""

from __future__ import annotations

import locale
import os


def system_language(known: tuple[str, ...]) -> str:
    """The two-letter code of the system's language if it is one of `known`, else "en"."""
    candidates = [os.environ.get(name, "") for name in ("LC_ALL", "LC_MESSAGES", "LANGUAGE", "LANG")]
    try:
        candidates.append(locale.getlocale()[0] or "")
    except ValueError:  # an unparsable locale setting must not stop the game
        pass
    for candidate in candidates:
        for part in candidate.split(":"):
            code = part.strip().lower()[:2]
            if code in known:
                return code
    return "en"
