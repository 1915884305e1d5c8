"""Spoken play: the words a deal gives the voice (the lead, stops with their reason, whose turn, the player's cards),
nothing said while the setting is off, a clear note in Settings when there is no speech engine, the focused control
read out from any menu or form, stale lines dropped so speech keeps up, and a line spoken into a WAV file."""

from __future__ import annotations

import dataclasses
import shutil
import sys
import wave
from collections.abc import Iterator
from pathlib import Path

import pygame
import pytest
from app_helpers import instant_app, key, top
from helpers import quick_character_ids

from game.ai.registry import load_character_by_id
from game.ai.seats import SeatSpec
from game.app.app import App
from game.app.form import Form, Toggle
from game.app.scenes.confirm import ConfirmScene
from game.app.scenes.settings import SettingsScene
from game.app.scenes.title import TitleScene
from game.app.speech import Speaker, SpeechUnavailable, open_voice
from game.app.speech.speaker import MAX_WAITING, STALE_S
from game.app.speech.spoken import card_said, hand_said, speakable
from game.app.speech.voices import EspeakVoice, espeak_program, voice_for
from game.app.table.scene import TableScene
from game.config import rules_by_name
from game.engine.cards import Card, parse_cards
from game.locale import set_language, tr
from game.locale.words import Words


class FakeVoice:
    """A voice that writes down what it is asked to say."""

    def __init__(self, code: str) -> None:
        self.language = code
        self.heard: list[str] = []
        self.languages: list[str] = []

    def use_language(self, code: str) -> None:
        self.languages.append(code)
        self.language = code

    def speak(self, text: str) -> None:
        self.heard.append(text)

    def stop(self) -> None:
        pass

    def save(self, text: str, path: Path) -> None:
        raise NotImplementedError


class Opener:
    """Opens FakeVoices and remembers them."""

    def __init__(self) -> None:
        self.voices: list[FakeVoice] = []

    def __call__(self, code: str) -> FakeVoice:
        self.voices.append(FakeVoice(code))
        return self.voices[-1]

    @property
    def heard(self) -> list[str]:
        return [line for voice in self.voices for line in voice.heard]


@pytest.fixture
def app(tmp_path: Path) -> Iterator[App]:
    made = instant_app(tmp_path)
    yield made
    made.scenes.close()
    made.speech.close()


def listening(app: App, on: bool = True) -> Opener:
    """Give the app an unthreaded speaker with a fake voice, and spoken play `on` or off."""
    opener = Opener()
    app.speech = Speaker(opener, threaded=False)
    app.change_settings(dataclasses.replace(app.settings, spoken_play=on))
    return opener


def seated(app: App, seed: int = 7) -> TableScene:
    """A table of four, the player in seat 0, on the app."""
    ids = quick_character_ids()
    seats: list[SeatSpec] = [("You", None)] + [(load_character_by_id(ids[i]).name, load_character_by_id(ids[i]))
                                               for i in range(3)]
    scene = TableScene.seated(app, dataclasses.replace(rules_by_name("classic"), players=4), seats, seed)
    app.scenes.clear_to(scene)
    return scene


def play_a_deal(scene: TableScene) -> None:
    """Play the first deal to its summary, the player answered by the plain stand-in."""
    assert scene.fast_forward_until(lambda s: s.summary is not None, 20_000)


# --- the words of a deal -------------------------------------------------------------------------------------


def test_a_deal_says_the_lead_the_stops_with_their_reason_and_whose_turn(app: App) -> None:
    opener = listening(app)
    scene = seated(app)
    play_a_deal(scene)
    heard = opener.heard
    assert heard, "nothing was said"
    assert any(" leads " in line or line.startswith("You lead ") for line in heard), heard
    stops = [line for line in heard if line.startswith("Stop: ")]
    assert stops and all(len(line) > len("Stop: ") + 4 for line in stops), stops  # each with its reason
    assert any(line.startswith("Your turn to lead") and "Your cards: " in line for line in heard), heard
    assert any(line.endswith(" to lead") for line in heard), heard  # another seat's turn
    # said for the ear: no suit symbols, cards by name
    assert not any(symbol in line for line in heard for symbol in "♠♥♦♣"), heard
    assert any(" of " in line for line in heard)
    assert opener.voices[0].language == "en"


def test_spoken_play_off_says_nothing_and_opens_no_voice(app: App) -> None:
    opener = listening(app, on=False)
    scene = seated(app)
    play_a_deal(scene)
    key(app, pygame.K_r)
    key(app, pygame.K_ESCAPE)  # the pause menu: a menu moving its focus
    key(app, pygame.K_DOWN)
    assert opener.voices == [] and app.speech.said == []


def test_r_says_the_players_cards_again(app: App) -> None:
    opener = listening(app)
    scene = seated(app)
    assert scene.fast_forward_until(lambda s: s.human.kind == "lead", 5000)
    before = len(opener.heard)
    key(app, pygame.K_r)
    again = opener.heard[before:]
    assert len(again) == 1 and again[0].startswith("Your cards: spades: ") or again[0].startswith("Your cards: "), again
    assert again[0].count(":") >= 2  # the cards suit by suit


def test_the_players_keys_say_the_card_they_move_to(app: App) -> None:
    opener = listening(app)
    scene = seated(app)
    assert scene.fast_forward_until(lambda s: s.human.kind == "lead" and len(s.human.options()) > 1, 20_000)
    scene.update(1 / 60)  # the turn is said, its first focus not
    before = len(opener.heard)
    key(app, pygame.K_RIGHT)
    assert opener.heard[before:] == [card_said(scene.human.options()[1])]
    assert " of " in opener.heard[-1]


def test_the_voice_speaks_the_games_language(app: App) -> None:
    opener = listening(app)
    app.change_settings(dataclasses.replace(app.settings, language="fr"))
    try:
        app.speech.say("Vous entamez V♦")
        assert opener.heard[-1] == "Vous entamez valet de carreau"
        assert opener.voices[-1].language == "fr"
    finally:
        app.change_settings(dataclasses.replace(app.settings, language="en"))


# --- words made ready for the ear ----------------------------------------------------------------------------


def test_cards_and_suits_are_said_by_name_in_each_language() -> None:
    try:
        assert speakable("Stop: King — K♠ ends the run") == "Stop: King, king of spades ends the run"
        assert speakable("You lead 10♥ · 3♣ next") == "You lead ten of hearts, three of clubs next"
        assert speakable("Stop: you declined ♦") == "Stop: you declined diamonds"
        set_language("nl")
        assert speakable("Je komt uit met V♥") == "Je komt uit met hartenvrouw"
        set_language("it")
        assert speakable("Apri con A♠") == "Apri con asso di picche"
    finally:
        set_language("en")


def test_the_hand_is_said_suit_by_suit_with_the_cards_that_may_be_led() -> None:
    hand = list(parse_cards(["3S", "QS", "AH", "7D"]))
    said = hand_said(hand, (Card.parse("3S"), Card.parse("7D")))
    assert said == ("Your cards: spades: three, queen; hearts: ace; diamonds: seven. "
                    "You may lead three of spades, seven of diamonds.")
    assert hand_said(hand, tuple(hand)) == "Your cards: spades: three, queen; hearts: ace; diamonds: seven."
    assert hand_said([]) == tr("speech.no_cards")


# --- the focused control -------------------------------------------------------------------------------------


def test_a_form_says_the_control_a_key_moves_to_and_its_new_value(app: App) -> None:
    opener = listening(app)
    app.scenes.clear_to("settings")
    key(app, pygame.K_DOWN)
    assert opener.heard[-1] == "Effects volume, 80%"
    key(app, pygame.K_LEFT)
    assert opener.heard[-1] == "Effects volume, 70%"
    count = len(opener.heard)
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=(10, 10), rel=(0, 0), buttons=(0, 0, 0)))
    app.step(1 / 60)
    assert len(opener.heard) == count  # the pointer passing says nothing


def test_a_menu_says_the_button_a_key_moves_to(app: App) -> None:
    opener = listening(app)
    app.scenes.clear_to("title")
    key(app, pygame.K_DOWN)
    assert opener.heard and opener.heard[-1] in [button.spoken() for button in top(app, TitleScene).menu.buttons]


def test_a_scene_come_to_the_top_says_its_question_and_focused_control(app: App) -> None:
    opener = listening(app)
    app.scenes.clear_to("settings")
    app.step(1 / 60)
    assert opener.heard[-1] == "Master volume, 80%"
    app.scenes.push("confirm", question="Quit to the title?", yes="Quit", no="Stay", on_yes=lambda: None)
    app.step(1 / 60)
    focus = top(app, ConfirmScene).menu.focus_words()
    assert focus in ("Quit", "Stay") and opener.heard[-1] == f"Quit to the title? {focus}"
    count = len(opener.heard)
    app.step(1 / 60)
    assert len(opener.heard) == count  # said once


def test_a_disabled_control_is_said_to_be_unavailable() -> None:
    toggle = Toggle(pygame.Rect(0, 0, 10, 10), "Mute", True, lambda _: None, enabled=False)
    form = Form([toggle])
    assert form.focus_words() == "Mute, On, unavailable"


# --- no engine: a note, and the game goes on -----------------------------------------------------------------


def test_without_pyttsx3_or_espeak_the_setting_says_so(app: App, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(sys.modules, "pyttsx3", None)  # import pyttsx3 raises ImportError
    monkeypatch.setattr(shutil, "which", lambda name: None)
    with pytest.raises(SpeechUnavailable) as raised:
        open_voice("en")
    assert raised.value.words == Words.of("speech.why.no_library")
    app.speech = Speaker(open_voice, threaded=False)
    app.scenes.clear_to("settings")
    settings = app.scenes.top
    assert isinstance(settings, SettingsScene) and settings.speech_row is not None
    assert settings.speech_row.note == ""  # off: nothing to say
    settings.speech_row.activate()  # turn it on
    app.step(1 / 60)
    assert app.settings.spoken_play
    row = settings.speech_row
    assert row.note == tr("speech.no_voice")
    assert "pyttsx3" in row.tooltip and "espeak-ng" in row.tooltip
    assert app.speech.note == tr("speech.why.no_library")
    app.speech.say("You lead J♦")  # nothing to say it with: nothing happens, nothing is raised
    app.draw(app.screen)
    seated(app).fast_forward_until(lambda s: s.human.kind == "lead", 5000)


def test_an_engine_failing_mid_game_is_a_note_not_a_crash() -> None:
    class Broken(FakeVoice):
        def speak(self, text: str) -> None:
            raise RuntimeError("the driver fell over")
    speaker = Speaker(Broken, threaded=False)
    speaker.configure(True, "en")
    speaker.say("Your turn to lead")
    assert speaker.note == tr("speech.why.failed")
    speaker.configure(False, "en")
    assert speaker.note == ""  # off: nothing to say


def test_the_threaded_speaker_finds_out_soon_that_there_is_no_engine() -> None:
    def none(code: str) -> FakeVoice:
        raise SpeechUnavailable(Words.of("speech.why.no_engine"))
    speaker = Speaker(none)
    speaker.configure(True, "en")
    assert speaker._thread is not None
    speaker._thread.join(timeout=10)
    assert speaker.note == tr("speech.why.no_engine")
    speaker.close()


# --- keeping up with play ------------------------------------------------------------------------------------


def test_stale_lines_are_dropped_and_kept_lines_go_last() -> None:
    now = [0.0]
    speaker = Speaker(FakeVoice, clock=lambda: now[0])
    speaker.on, speaker.threaded = True, True  # queued, not said: nothing takes the lines off but the test
    speaker.say("Reggie plays 5♠")
    speaker.say("Stop: King — K♠ ends the run", keep=True)
    now[0] = STALE_S + 1
    speaker.say("Your turn to lead", keep=True)
    assert [line.text for line in [speaker.next_line(), speaker.next_line()] if line] == [
        "Stop: King, king of spades ends the run", "Your turn to lead"]
    assert speaker.next_line() is None  # the stale play was dropped
    for index in range(MAX_WAITING + 3):
        speaker.say(f"Reggie plays {index + 2}♠", keep=False)
    speaker.say("Reggie goes out", keep=True)
    waiting = [line.text for line in speaker.lines]
    assert len(waiting) == MAX_WAITING and waiting[-1] == "Reggie goes out"
    speaker.say("Master volume, 50%", interrupt=True)
    assert [line.text for line in speaker.lines] == ["Master volume, 50%"]


def test_an_engines_voice_is_chosen_by_language() -> None:
    @dataclasses.dataclass
    class V:
        id: str
        languages: list[object]
    voices = [V("gmw/en", ["en"]), V("roa/fr", [b"\x05fr"]), V("HKEY\\TTS_MS_IT-IT_ELSA_11.0", []),
              V("com.apple.voice.compact.nl-NL.Xander", ["nl_NL"])]
    assert voice_for(voices, "fr") == "roa/fr"
    assert voice_for(voices, "nl") == "com.apple.voice.compact.nl-NL.Xander"
    assert voice_for(voices, "it") == "HKEY\\TTS_MS_IT-IT_ELSA_11.0"
    assert voice_for(voices, "pt") is None


# --- a real voice, into a file -------------------------------------------------------------------------------


def assert_wav(path: Path) -> None:
    """`path` holds a WAV file with some sound in it."""
    assert path.stat().st_size > 44
    with wave.open(str(path), "rb") as made:
        assert made.getnframes() > 1000 and made.getsampwidth() == 2


@pytest.mark.skipif(espeak_program() is None, reason="espeak-ng is not installed")
@pytest.mark.parametrize("code", ["en", "fr"])
def test_espeak_ng_speaks_a_line_into_a_wav_file(tmp_path: Path, code: str) -> None:
    program = espeak_program()
    assert program is not None
    out = tmp_path / f"line-{code}.wav"
    EspeakVoice(program, code).save("You lead the jack of diamonds", out)
    assert_wav(out)


@pytest.mark.skipif(espeak_program() is None, reason="espeak-ng is not installed")
def test_pyttsx3_speaks_a_line_into_a_wav_file(tmp_path: Path) -> None:
    pyttsx3 = pytest.importorskip("pyttsx3")
    from game.app.speech.voices import Pyttsx3Voice
    out = tmp_path / "line.wav"
    Pyttsx3Voice(pyttsx3, "en").save("Stop: the king of spades ends the run", out)
    assert_wav(out)
