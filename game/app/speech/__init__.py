"""Spoken play: an optional voice that says what happens at the table and reads out the focused control, through
the platform's speech engine (pyttsx3, or espeak-ng on its own), on a worker thread so the frame never waits."""

from .speaker import Speaker
from .voices import SpeechUnavailable, Voice, open_voice

__all__ = ["Speaker", "SpeechUnavailable", "Voice", "open_voice"]
