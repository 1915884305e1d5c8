"""The asset layer: fonts with suit glyphs, fallbacks, sounds, the text cache and the drawn deck."""

from __future__ import annotations

import subprocess
import sys
import wave
from collections import Counter
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pygame
import pytest

from game.app import artwork as artwork_module
from game.app import assets as assets_module
from game.app import card_art, theme
from game.app.artwork import Artwork
from game.app.assets import FONT_FILES, SOUND_NAMES, Assets, NullSound
from game.app.canvas import Canvas
from game.app.card_art import Deck, card_size
from game.app.text import ELLIPSIS, TextCache, suit_runs
from game.engine.cards import Card, Suit

ROOT = Path(__file__).resolve().parents[2]
SOUNDS_DIR = ROOT / "assets" / "sounds"
DECK = [Card(rank, suit) for suit in Suit for rank in range(1, 14)]


@pytest.fixture(scope="module", autouse=True)
def display() -> Iterator[None]:
    pygame.init()
    pygame.display.set_mode((1, 1))
    yield


@pytest.fixture(scope="module")
def assets() -> Assets:
    return Assets(audio=False)


@pytest.fixture(scope="module")
def artwork(assets: Assets) -> Artwork:
    return Artwork(assets)


def pixels(surface: Canvas | pygame.Surface) -> bytes:
    real = surface.real if isinstance(surface, Canvas) else surface
    return bytes(surface.get_size()) + pygame.image.tobytes(real, "RGBA")


# --- fonts -------------------------------------------------------------------------------------

@pytest.mark.parametrize("role", sorted(FONT_FILES))
def test_every_font_role_draws_the_four_suits(assets: Assets, role: str) -> None:
    font = assets.font(role, 32)
    missing = pixels(font.render("\ue000", True, (0, 0, 0)))
    # two unrelated unassigned code points render alike: that is the missing-glyph box
    assert pixels(font.render("\U0010fffd", True, (0, 0, 0))) == missing
    for glyph in "♠♥♦♣":
        rendered = font.render(glyph, True, (0, 0, 0))
        assert pixels(rendered) != missing, f"{role} has no {glyph}"
        assert rendered.get_bounding_rect().width > 8


def test_fonts_are_cached_by_role_and_size(assets: Assets) -> None:
    assert assets.font("bold", 20) is assets.font("bold", 20)
    assert assets.font("bold", 20) is not assets.font("bold", 21)
    assert not assets.font_fallback("body")


def test_an_unknown_font_role_is_a_programming_error(assets: Assets) -> None:
    with pytest.raises(KeyError, match="unknown font role"):
        assets.font("fancy", 12)


def test_missing_fonts_fall_back_with_one_warning(monkeypatch: pytest.MonkeyPatch, tmp_path: Path,
                                                  capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.setattr(assets_module, "ASSETS_DIR", tmp_path)
    fallback = Assets(audio=False)
    capsys.readouterr()
    for size in (12, 20, 30):
        assert fallback.font("title", size).render("Newmarket", True, (0, 0, 0)).get_width() > 10
    warnings = capsys.readouterr().err.strip().splitlines()
    assert len(warnings) == 1 and "DejaVuSerif-Bold.ttf" in warnings[0] and "default font" in warnings[0]
    assert fallback.font_fallback("title")


def test_a_broken_font_file_falls_back(monkeypatch: pytest.MonkeyPatch, tmp_path: Path,
                                       capsys: pytest.CaptureFixture[str]) -> None:
    (tmp_path / "fonts").mkdir()
    (tmp_path / "fonts" / "DejaVuSans.ttf").write_bytes(b"not a font at all" * 40)
    monkeypatch.setattr(assets_module, "ASSETS_DIR", tmp_path)
    fallback = Assets(audio=False)
    capsys.readouterr()
    assert fallback.font("body", 18).size("ok")[0] > 0
    assert "would not load" in capsys.readouterr().err


# --- sounds ------------------------------------------------------------------------------------

def test_committed_sounds_are_short_mono_16_bit_and_small() -> None:
    total = 0
    for name in SOUND_NAMES:
        path = SOUNDS_DIR / f"{name}.wav"
        with wave.open(str(path)) as wav:
            assert (wav.getnchannels(), wav.getsampwidth(), wav.getframerate()) == (1, 2, 22050)
            seconds = wav.getnframes() / 22050
            frames = wav.readframes(wav.getnframes())
        assert 0.05 <= seconds <= 1.5, name
        samples = memoryview(frames).cast("h")
        peak = max(abs(s) for s in samples)
        assert 0.3 * 32767 < peak < 0.95 * 32767, f"{name}: normalised below full scale"
        assert samples[0] == 0 and samples[-1] == 0, f"{name}: starts and ends on silence"
        total += path.stat().st_size
    assert total < 600 * 1024


@pytest.mark.slow
def test_make_sounds_reproduces_the_committed_files(tmp_path: Path) -> None:
    script = ROOT / "tools" / "make_sounds.py"
    subprocess.run([sys.executable, str(script), "--out", str(tmp_path)], check=True, capture_output=True)
    made = sorted(p.name for p in tmp_path.glob("*.wav"))
    assert made == sorted(f"{name}.wav" for name in SOUND_NAMES)
    for name in made:
        assert (tmp_path / name).read_bytes() == (SOUNDS_DIR / name).read_bytes(), name


def test_sounds_load_or_fall_back_to_silence() -> None:
    loaded = Assets()
    for name in SOUND_NAMES:
        sound = loaded.sound(name)
        if loaded.audio:
            assert not isinstance(sound, NullSound), name
            assert 0.05 <= sound.get_length() <= 1.5
        else:
            assert isinstance(sound, NullSound)
        loaded.play(name)
    loaded.stop_all()


def test_missing_and_corrupt_sounds_play_silently(monkeypatch: pytest.MonkeyPatch, tmp_path: Path,
                                                  capsys: pytest.CaptureFixture[str]) -> None:
    (tmp_path / "sounds").mkdir()
    (tmp_path / "sounds" / "deal.wav").write_bytes(b"RIFF....WAVEfmt garbage")
    monkeypatch.setattr(assets_module, "ASSETS_DIR", tmp_path)
    capsys.readouterr()
    broken = Assets()
    for name in SOUND_NAMES:
        assert isinstance(broken.sound(name), NullSound)
        broken.play(name)
    assert len(capsys.readouterr().err.strip().splitlines()) == 1


def test_without_a_mixer_everything_is_a_null_sound(monkeypatch: pytest.MonkeyPatch) -> None:
    def no_device(*args: Any, **kwargs: Any) -> None:
        raise pygame.error("no audio device")
    monkeypatch.setattr(pygame.mixer, "get_init", lambda: None)
    monkeypatch.setattr(pygame.mixer, "init", no_device)
    silent = Assets()
    assert not silent.audio
    assert isinstance(silent.sound("stop"), NullSound)
    silent.play("stop")


class FakeSound:
    """A sound to hand to a channel (not a NullSound, which is never played)."""

    def play(self, loops: int = 0, maxtime: int = 0, fade_ms: int = 0) -> None:
        raise AssertionError("a sound is played through a channel")

    def stop(self) -> None:
        """Nothing to stop."""

    def get_length(self) -> float:
        return 0.1


class FakeChannel:
    def __init__(self) -> None:
        self.volumes: list[float] = []
        self.played: list[object] = []

    def set_volume(self, value: float) -> None:
        self.volumes.append(value)

    def play(self, sound: object) -> None:
        self.played.append(sound)


def test_play_honours_master_effects_and_mute(monkeypatch: pytest.MonkeyPatch) -> None:
    channel = FakeChannel()
    monkeypatch.setattr(pygame.mixer, "find_channel", lambda force=False: channel)
    player = Assets(audio=False, master_volume=0.5, effects_volume=0.8)
    sound = FakeSound()
    player._sounds["click"] = sound
    player.play("click")
    player.play("click", volume=0.5)
    assert channel.volumes == pytest.approx([0.4, 0.2]) and channel.played == [sound, sound]
    player.muted = True
    player.play("click")
    assert len(channel.played) == 2
    player.apply_settings(type("Settings", (), {"muted": False, "master_volume": 1.0, "effects_volume": 0.0})())
    player.play("click")
    assert len(channel.played) == 2
    with pytest.raises(KeyError, match="unknown sound"):
        player.play("no-such-sound")


@pytest.mark.slow
def test_the_app_modules_do_not_start_pygame_on_import() -> None:
    code = ("import pygame, game.app.assets, game.app.text, game.app.card_art; "
            "assert not pygame.get_init() and not pygame.display.get_init() and not pygame.font.get_init()")
    subprocess.run([sys.executable, "-c", code], check=True, cwd=ROOT)


# --- text --------------------------------------------------------------------------------------

def test_text_cache_returns_the_same_surface(assets: Assets) -> None:
    text = TextCache(assets)
    first = text.render("Stop: 8♣ is in the dead hand", "bold", 20, theme.INK)
    assert text.render("Stop: 8♣ is in the dead hand", "bold", 20, theme.INK) is first
    assert text.render("Stop: 8♣ is in the dead hand", "bold", 20, theme.GOLD) is not first
    assert text.hits == 1 and text.misses == 2


def test_text_cache_stays_bounded(assets: Assets) -> None:
    text = TextCache(assets, capacity=16)
    for n in range(500):
        text.render(f"+{n}", "bold", 24, theme.GOLD)
        text.fit(f"player {n} has a long name", "body", 18, theme.INK, 80)
    assert len(text) <= 16 and len(text._measures) <= 16
    assert text.render("+499", "bold", 24, theme.GOLD) is text.render("+499", "bold", 24, theme.GOLD)
    by_pixels = TextCache(assets, max_pixels=20_000)
    for n in range(50):
        by_pixels.render(f"a wide label number {n}", "body", 30, theme.INK)
    assert by_pixels.pixels <= 20_000 or len(by_pixels) == 1


def test_fit_shrinks_then_ellipsizes(assets: Assets) -> None:
    text = TextCache(assets)
    wide = text.width("Lady Penelope Featherstonehaugh", "bold", 24)
    size = text.fit_size("Lady Penelope Featherstonehaugh", "bold", 24, wide // 2, min_size=8)
    assert 8 <= size < 24 and text.width("Lady Penelope Featherstonehaugh", "bold", size) <= wide // 2
    assert text.fit_size("Ann", "bold", 24, 200) == 24
    fitted = text.fit("Lady Penelope Featherstonehaugh", "bold", 24, theme.INK, 60, min_size=14)
    assert fitted.get_width() <= 60
    short = text.ellipsize("Lady Penelope Featherstonehaugh", "bold", 14, 60)
    assert short.endswith(ELLIPSIS) and text.width(short, "bold", 14) <= 60
    assert text.ellipsize("Ann", "bold", 14, 60) == "Ann"


def test_wrap_keeps_every_word_within_the_width(assets: Assets) -> None:
    text = TextCache(assets)
    story = "Play the lowest card of any suit; whoever holds the next one follows. Supercalifragilistic!\nNew line."
    lines = text.wrap(story, "body", 16, 120)
    assert len(lines) > 3
    assert all(text.width(line, "body", 16) <= 120 for line in lines)
    assert "".join(lines).replace(" ", "") == story.replace(" ", "").replace("\n", "")
    assert lines[-1] == "New line."
    block = text.render_wrapped(story, "body", 16, theme.INK, 120, align="center")
    assert block.get_width() <= 120 and block.get_height() > 3 * 16


def test_shadowed_text_and_draw(assets: Assets) -> None:
    text = TextCache(assets)
    plain = text.render("+12", "bold", 28, theme.GOLD)
    soft = text.render_shadowed("+12", "bold", 28, theme.GOLD)
    ringed = text.render_shadowed("+12", "bold", 28, theme.GOLD, outline=2)
    pad = TextCache.shadow_pad()
    assert soft.get_size() == (plain.get_width() + 2 * pad, plain.get_height() + 2 * pad)
    assert pixels(ringed) != pixels(soft)
    target = Canvas.new((300, 100))
    rect = text.draw(target, "+12", (150, 50), role="bold", size=28, colour=theme.GOLD, anchor="center",
                     shadow=True)
    assert rect.center == (150, 50) and rect.size == plain.get_size()
    rect = text.draw(target, "A very long caption indeed", (0, 0), max_width=90, min_size=12)
    assert rect.width <= 90


def test_suit_runs_colour_the_suits() -> None:
    colours = theme.SUIT_COLOURS[True]
    assert suit_runs("8♣ and K♥", theme.INK, colours) == [
        ("8", theme.INK), ("♣", colours[3]), (" and K", theme.INK), ("♥", colours[1])]


# --- card art ----------------------------------------------------------------------------------

@pytest.mark.parametrize("width", [48, 64, 80, 110])
def test_every_face_is_distinct_and_card_sized(artwork: Artwork, width: int) -> None:
    deck = artwork.deck(width)
    faces = [deck.face(card) for card in DECK]
    assert all(face.get_size() == card_size(width) for face in faces)
    assert len({pixels(face) for face in faces}) == 52
    assert deck.back().get_size() == card_size(width)
    assert pixels(deck.back()) not in {pixels(face) for face in faces}


def test_four_colour_deck_recolours_diamonds_and_clubs_only(artwork: Artwork) -> None:
    two, four = artwork.deck(80), artwork.deck(80, four_colour=True)
    for card in DECK:
        same = pixels(two.face(card)) == pixels(four.face(card))
        assert same == (card.suit in (Suit.SPADES, Suit.HEARTS)), str(card)


def test_variants_differ_and_keep_the_card_size(artwork: Artwork) -> None:
    deck = artwork.deck(96)
    for card in (Card.parse("AS"), Card.parse("10H"), Card.parse("QC")):
        looks = [deck.face(card), deck.highlighted(card), deck.dimmed(card), deck.boodle(card)]
        assert all(look.get_size() == deck.size for look in looks)
        assert len({pixels(look) for look in looks}) == 4
        assert deck.highlighted(card) is deck.highlighted(card)
    assert deck.shadow().get_width() == deck.width + 2 * deck.shadow_pad


def test_card_corners_are_transparent_and_faces_opaque(artwork: Artwork) -> None:
    face = artwork.deck(96).face(Card.parse("7D"))
    assert face.get_at((0, 0)).a < 40
    assert face.get_at((48, 67)).a == 255


def test_chips_and_dealer_button(artwork: Artwork) -> None:
    chips = [artwork.chip(colour, 14) for colour in range(len(theme.CHIP_COLOURS))]
    assert all(chip.get_size() == (28, 28) for chip in chips)
    assert len({pixels(chip) for chip in chips}) == len(chips)
    assert artwork.chip(1, 14) is chips[1]
    tilted = artwork.chip(1, 14, tilted=True)
    assert tilted.get_width() == 28 and tilted.get_height() < 28
    target = Canvas.new((100, 100))
    area = artwork.draw_stack(target, 2, 14, 5, (50, 90))
    assert area.bottom == 90 and area.height == tilted.get_height() + 4 * Artwork.chip_step(14)
    assert artwork.dealer_button(16).get_size() == (32, 32)


def test_start_up_draws_each_sprite_once_and_leaves_the_variants_for_later(monkeypatch: pytest.MonkeyPatch) -> None:
    # what keeps start-up quick, counted rather than timed (`python main.py bench` times it): every face, back,
    # chip and glyph is drawn once, each font is loaded once, the highlighted, dimmed and boodle variants wait
    # for their first use, and asking again draws nothing
    drawn: Counter[str] = Counter()
    glyphs: Counter[tuple[int, str, tuple[int, int, int]]] = Counter()
    fonts: Counter[tuple[str, int]] = Counter()

    def counting(cls: type, name: str) -> None:
        original = getattr(cls, name)

        def counted(*args: Any, **kwargs: Any) -> Any:
            drawn[name] += 1
            return original(*args, **kwargs)
        monkeypatch.setattr(cls, name, counted)

    for name in ("_draw_face", "_draw_back", "_draw_variant"):
        counting(Deck, name)
    for name in ("_draw_chip", "_tilt_chip"):
        counting(Artwork, name)
    real_glyph, real_load_font = card_art.glyph, Assets._load_font

    def counted_glyph(font: pygame.font.Font, text: str, colour: tuple[int, int, int]) -> Canvas:
        glyphs[(id(font), text, colour)] += 1
        return real_glyph(font, text, colour)

    def counted_load_font(self: Assets, role: str, size: int) -> pygame.font.Font:
        fonts[(role, size)] += 1
        return real_load_font(self, role, size)
    monkeypatch.setattr(card_art, "glyph", counted_glyph)
    monkeypatch.setattr(artwork_module, "glyph", counted_glyph)  # the dealer button's letter
    monkeypatch.setattr(Assets, "_load_font", counted_load_font)

    fresh = Artwork(Assets(audio=False))
    fresh.prepare([64, 104], [10, 16])
    colours = len(theme.CHIP_COLOURS)
    assert drawn == Counter({"_draw_face": 2 * 52, "_draw_back": 2, "_draw_chip": 2 * colours,
                             "_tilt_chip": 2 * colours})
    assert glyphs and max(glyphs.values()) == 1, "a glyph was rendered twice"
    assert fonts and max(fonts.values()) == 1, "a font was loaded twice"

    before = (drawn.copy(), glyphs.copy(), fonts.copy())
    fresh.prepare([64, 104], [10, 16])
    fresh.dealer_button(16)
    deck = fresh.deck(64)
    assert isinstance(deck, Deck)
    deck.face(Card.parse("7D"))
    deck.back()
    assert (drawn, glyphs, fonts) == before, "the second start-up drew again"
    deck.highlighted(Card.parse("7D"))
    deck.highlighted(Card.parse("7D"))
    assert drawn["_draw_variant"] == 1
