"""The campaign, daily deal and replays in five languages: the shipped road's words come from the locale files
(`texts: road`), a player's own campaign keeps its own words, a broken campaign file's problems are worded
in the player's language, and no scene of these cuts or spills a word in any language."""

from __future__ import annotations

import datetime as dt
import json
import string
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from app_helpers import make_app

from game.app.app import App
from game.app.replay_words import logged_names, session_start, told
from game.app.scenes.campaign_map import CampaignMapScene
from game.app.scenes.campaign_slots import CampaignSlotsScene
from game.app.scenes.daily import DailyScene
from game.app.scenes.high_scores import HighScoresScene
from game.app.scenes.replay import ReplayScene
from game.app.scenes.replays import ReplaysScene
from game.campaign.campaign_file import CAMPAIGN_FILE, load_campaign, load_campaign_text
from game.campaign.high_scores_file import save_high_scores
from game.campaign.model import CampaignProgress, SessionResult
from game.campaign.roads import describe_result
from game.campaign.scores import HighScores
from game.config import ConfigError
from game.locale import LANGUAGES, catalog, set_language, tr
from game.replay import Replay, split_deals
from game.shots.extra import GOLDEN_LOG, sample_session
from game.storage.saves import SaveData, save_slot, slot_path

OWN = """\
name: The Two Pubs
description: A short road of my own.
bankroll: 50
ante_note: Mind the ante.
venues:
  - id: the_crown
    name: The Crown
    intro: A quiet pub. Pip and Maud play for pennies. Finish first.
    rules: classic
    opponents: [pip, maud]
    deals: 4
    goal: {finish: first}
  - id: the_swan
    name: The Swan
    intro: A busy pub. Bert deals fast. Keep 30 chips.
    rules: saratoga
    opponents: [bert, hetty, vera]
    deals: 6
    goal: {chips_at_least: 30}
"""


@pytest.fixture
def app(tmp_path: Path) -> Iterator[App]:
    """A headless app in a scratch folder, back in English afterwards."""
    made = make_app(tmp_path)
    yield made
    made.set_language("en")


def drawn_words(app: App, monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """Every text the app's TextCache draws, wraps or fits from now on (the list fills as scenes draw)."""
    seen: list[str] = []
    cache = app.text
    for name in ("draw", "render_wrapped", "wrap", "fit"):
        original = getattr(cache, name)

        def spy(*args: Any, _original: Any = original, **kwargs: Any) -> Any:
            seen.extend(a for a in args if isinstance(a, str))
            return _original(*args, **kwargs)
        monkeypatch.setattr(cache, name, spy)
    return seen


# --- the shipped road's words -----------------------------------------------------------------------

def test_every_venue_of_the_shipped_road_has_its_words_in_every_language() -> None:
    campaign = load_campaign()
    assert campaign.texts == "road"
    english = catalog("en").entries
    for code in LANGUAGES:
        entries = catalog(code).entries
        for key in ("road.name", "road.description", "road.ante_note"):
            entry = entries.get(key)
            assert isinstance(entry, str) and entry.strip(), (code, key)
        for venue in campaign.venues:
            name, intro = entries.get(f"road.venues.{venue.id}.name"), entries.get(f"road.venues.{venue.id}.intro")
            assert isinstance(name, str) and name.strip(), (code, venue.id)
            assert isinstance(intro, str) and intro.count(".") >= 2, (code, venue.id)
            if code != "en":  # written anew, not copied
                assert intro != english[f"road.venues.{venue.id}.intro"], (code, venue.id)


def test_the_road_area_holds_only_words_the_loader_reads() -> None:
    campaign = load_campaign()
    wanted = {"road.name", "road.description", "road.ante_note"} | {
        f"road.venues.{v.id}.{part}" for v in campaign.venues for part in ("name", "intro")}
    for code in LANGUAGES:
        assert {k for k in catalog(code).entries if k.startswith("road.")} == wanted, code


def test_the_shipped_file_keeps_no_english_of_its_own() -> None:
    text = CAMPAIGN_FILE.read_text(encoding="utf-8")
    body = [line for line in text.splitlines() if not line.lstrip().startswith("#")]
    assert "texts: road" in body
    assert not any(line.lstrip().startswith(("name:", "intro:", "description:", "ante_note:")) for line in body)
    assert "The King's Head" not in "\n".join(body)


def test_saves_are_keyed_by_the_english_name_in_any_language() -> None:
    english = load_campaign()
    set_language("fr")
    french = load_campaign()
    assert french.name == english.name == "The Newmarket Road"
    assert french.title() == english.title() == "La route de Newmarket"  # shown in the language of the moment
    assert CampaignProgress.from_json(CampaignProgress.start(english).to_json(), french).bankroll == french.bankroll
    set_language("en")
    assert french.title() == "The Newmarket Road"


def test_the_map_reads_the_road_in_french(app: App, monkeypatch: pytest.MonkeyPatch) -> None:
    app.set_language("fr")
    campaign = load_campaign()
    progress = CampaignProgress.start(campaign)
    scene = CampaignMapScene(app, progress=progress)
    app.scenes.clear_to(scene)
    seen = drawn_words(app, monkeypatch)
    app.draw(app.screen)
    first = catalog("fr").entries
    assert first["road.name"] in seen and first["road.description"] in seen
    assert first["road.venues.kings_head.intro"] in seen  # the venue shown is the first
    cup = first["road.venues.county_cup.name"]
    assert isinstance(cup, str) and any(cup.startswith(line) for line in seen if line)
    assert [b.label for b in scene.menu.buttons] == ["Jouer cette étape", "Meilleurs scores", "Retour"]
    assert not any("King's Head:" in line or "Play this venue" in line for line in seen)


def test_a_players_own_campaign_keeps_its_words_in_any_language(app: App, tmp_path: Path,
                                                                 monkeypatch: pytest.MonkeyPatch) -> None:
    path = tmp_path / "two-pubs.yaml"
    path.write_text(OWN, encoding="utf-8")
    for code in ("fr", "nl"):
        app.set_language(code)
        campaign = load_campaign(path)
        assert campaign.texts == "" and campaign.title() == "The Two Pubs"
        assert campaign.venues[0].title() == "The Crown" and campaign.venues[0].story().startswith("A quiet pub.")
        scene = CampaignMapScene(app, slot="campaign-2", path=path)
        app.scenes.clear_to(scene)
        seen = drawn_words(app, monkeypatch)
        app.draw(app.screen)
        assert "The Two Pubs" in seen and "A short road of my own." in seen and "Mind the ante." in seen
        assert "A quiet pub. Pip and Maud play for pennies. Finish first." in seen
        monkeypatch.undo()


# --- texts: AREA in a campaign file -----------------------------------------------------------------

def texts_problems(text: str) -> list[str]:
    """The problem lines of a campaign text (empty when it loads)."""
    try:
        load_campaign_text(text, "c.yaml", CAMPAIGN_FILE.parent)  # the road's own rules files sit in config/road/
    except ConfigError as error:
        return error.problems
    return []


SHIPPED = CAMPAIGN_FILE.read_text(encoding="utf-8")


def test_a_venue_the_locale_area_does_not_know_is_a_problem() -> None:
    broken = SHIPPED.replace("- id: county_cup", "- id: village_green", 1)
    found = texts_problems(broken)
    assert found and all("village_green" in line for line in found)
    assert any(line.endswith("venues[7].id: road.venues.village_green.name has no English words in "
                             "config/locales/en/road.yaml") for line in found)


def test_words_written_beside_texts_or_an_unknown_area_are_problems() -> None:
    twice = SHIPPED.replace("  - id: kings_head\n", "  - id: kings_head\n    name: The Kings Head\n", 1)
    assert any("venues[1].name: comes from the locale area road (texts)" in line for line in texts_problems(twice))
    nowhere = SHIPPED.replace("\ntexts: road\n", "\ntexts: nowhere\n", 1)
    found = texts_problems(nowhere)
    assert any("texts: must name a locale area holding a campaign's words (road, charm_road)" in line for line in found)
    assert any("name: missing" in line for line in found)  # without the area, the file must say its own name


def test_a_broken_campaign_files_problems_read_in_french(app: App, tmp_path: Path,
                                                         monkeypatch: pytest.MonkeyPatch) -> None:
    broken = (OWN.replace("rules: classic", "rules: clasic").replace("[pip, maud]", "[pip, mawd]")
              .replace("deals: 4", "deals: 0").replace("{finish: first}", "{finish: first, finish_top: 1}"))
    path = tmp_path / "mine.yaml"
    path.write_text(broken, encoding="utf-8")
    english = texts_problems(broken)
    set_language("fr")
    french = texts_problems(broken)
    assert len(french) == len(english) == 4
    assert all(f.split(": ", 2)[:2] == e.split(": ", 2)[:2] for f, e in zip(french, english))  # same place, same key
    joined = "\n".join(french)
    for words in ("aucune règle nommée 'clasic' ; vouliez-vous dire classic ?", "aucun personnage 'mawd'",
                  "doit aller de 1 à 100, reçu 0", "indiquez finish ou finish_top, pas les deux"):
        assert words in joined
    scene = CampaignMapScene(app, slot="campaign-3", path=path)
    app.set_language("fr")
    app.scenes.clear_to(scene)
    seen = drawn_words(app, monkeypatch)
    app.draw(app.screen)
    assert "Le fichier de campagne a des problèmes" in seen
    assert any("vouliez-vous dire classic ?" in line for line in seen)


# --- words in the scenes ----------------------------------------------------------------------------

def test_the_replay_tells_your_moves_in_your_language() -> None:
    events = sample_session(7, players=3, deals=1)
    replay = Replay.from_lines([json.dumps(e) for e in events], "s")
    at = next(at for at, s in enumerate(replay.steps) if s.event.type == "play" and s.event.player == 0)
    set_language("fr")
    said, = told(replay, at, logged_names(session_start(replay)))
    assert said.startswith(("Vous jouez ", "Vous entamez ")) and said[-1] in "♠♥♦♣"
    set_language("nl")
    assert told(replay, at, logged_names(session_start(replay)))[0].startswith(("Je speelt ", "Je komt uit met "))


def test_a_goal_and_a_result_in_french() -> None:
    set_language("fr")
    campaign = load_campaign()
    assert campaign.venues[4].goal.describe() == "finir parmi les 2 premiers et finir avec au moins 50 jetons"
    progress = CampaignProgress.start(campaign)
    stack = campaign.venues[0].stack(progress.bankroll)
    result = progress.record_session(SessionResult((stack + 5, 1, 1), 0))
    assert describe_result(progress, result) == (
        f"The King's Head : premier avec {stack + 5} jetons. Objectif atteint : en route pour Le Dairy Social Club.")


def test_switching_language_relabels_the_scenes_on_the_stack(app: App) -> None:
    slots, road_map = CampaignSlotsScene(app), CampaignMapScene(app, progress=CampaignProgress.start(load_campaign()))
    scores = HighScoresScene(app)
    app.scenes.clear_to(slots)
    app.scenes.push(road_map)
    app.scenes.push(scores)
    app.set_language("pt")
    assert list(app.scenes) == [slots, road_map, scores]
    labels = [[b.label for b in menu.buttons] for menu in (slots.menu, road_map.menu, scores.menu)]
    assert labels[0][0] == "Nova estrada" and labels[0][-1] == "Voltar"
    assert labels[1] == ["Jogar esta etapa", "Recordes", "Voltar"]
    assert labels[2] == ["Voltar"]


def _road_save(app: App) -> None:
    """Road 1 under way, road 3 damaged."""
    campaign = load_campaign()
    progress = CampaignProgress.start(campaign)
    first = campaign.venues[0]
    progress.record_session(SessionResult((first.stack(progress.bankroll) + 9,) + (1,) * len(first.opponents), 0))
    save_slot(app.data_dir, "campaign", SaveData(campaign=progress.to_json(), slot="campaign"))
    slot_path(app.data_dir, "campaign-3").write_text('{"format": "newmarket-save", "vers', encoding="utf-8")


def _show(app: App, scene: Any) -> None:
    app.scenes.clear_to(scene)
    app.step(1 / 60)
    app.draw(app.screen)


def _every_screen(app: App, tmp_path: Path) -> None:
    """Each of the campaign's, the daily deal's and the replays' screens, in their telling states."""
    _show(app, CampaignSlotsScene(app))
    roads = CampaignSlotsScene(app)
    roads.delete("campaign-2")
    roads.message = tr("roads.set_aside", road=tr("roads.road", number=2), file="campaign-2.replaced-20261129.json")
    _show(app, roads)
    campaign = load_campaign()
    progress = CampaignProgress.start(campaign)
    scene = CampaignMapScene(app, progress=progress)
    _show(app, scene)
    for index in range(len(campaign.venues)):
        scene.shown = index
        app.draw(app.screen)
    while not progress.over:  # win every venue, with every sentence a session's end can say
        venue = progress.venue
        assert venue is not None
        chips = max(venue.stack(progress.bankroll) + 40, venue.goal.chips_at_least or 0)  # the Cup asks 200
        result = progress.record_session(SessionResult((chips,) + (1,) * len(venue.opponents), 0))
        _show(app, CampaignMapScene(app, describe_result(progress, result), progress=progress))
    broke = CampaignProgress.start(campaign)
    stack = campaign.venues[0].stack(broke.bankroll)
    result = broke.record_session(SessionResult((0,) + (stack * 2,) * len(campaign.venues[0].opponents), 0))
    _show(app, CampaignMapScene(app, describe_result(broke, result), progress=broke))
    bad = tmp_path / "bad.yaml"
    bad.write_text(OWN.replace("rules: classic", "rules: clasic").replace("deals: 4", "deals: 0")
                   .replace("[bert, hetty, vera]", "[bert, nobody]"), encoding="utf-8")
    _show(app, CampaignMapScene(app, slot="campaign-3", path=bad))
    _show(app, CampaignMapScene(app, slot="campaign-3"))  # the damaged save
    table = HighScores()
    for number, name in enumerate(("Ann", "Bartholomew Quin", "Cy", "Dora", "Eve", "Fitz", "Gus", "Hal", "Ivy")):
        table.add(name, 900 - 70 * number, dt.date(2026, 9, 20 + number))
    save_high_scores(app.data_dir, table)
    scores = HighScoresScene(app, 300)
    scores.name = "Wwwwwwwwwwwwwwww"
    _show(app, scores)
    scores.name = ""
    scores.confirm()
    app.draw(app.screen)
    scores.name = "Maud"
    scores.confirm()
    app.draw(app.screen)
    for offset in range(0, 60, 3):
        day = dt.date(2026, 1, 1) + dt.timedelta(days=offset)
        _show(app, DailyScene(app, day, tr("daily.finished_best", finished=tr("daily.finished.other", count=57),
                                              best=88), new_best=offset % 2 == 0))
    folder = tmp_path / "replays"
    for slot, seed, players in (("autosave", 515, 4), ("campaign", 516, 8), ("daily", 517, 3)):
        logs = split_deals([json.dumps(event) for event in sample_session(seed, players=players)])
        save_slot(folder, slot, SaveData(logs=tuple(logs), slot=slot))
    listing = ReplaysScene(app, folder)
    _show(app, listing)
    listing.message = tr("replays.cannot_replay", why="line 3: play is missing player")
    for _ in range(len(listing.rows)):
        listing.select(1)
        app.draw(app.screen)
    _show(app, ReplaysScene(app, tmp_path / "nothing"))
    for replay in (Replay.from_file(GOLDEN_LOG),
                   Replay.from_lines([json.dumps(e) for e in sample_session(518, players=8)], "eight")):
        shown = ReplayScene(app, replay, title=tr("replays.open_title", slot=tr("replays.slots.campaign", number=3),
                                                   which=tr("replays.which", session=12, deal=10)))
        _show(app, shown)
        for position in range(0, len(replay.steps), 3):
            shown.seek(position)
            app.draw(app.screen)
        shown.toggle_play()
        app.draw(app.screen)


@pytest.mark.slow
@pytest.mark.parametrize("code", list(LANGUAGES))
def test_no_word_is_cut_or_spilt_in_any_language(app: App, tmp_path: Path, code: str) -> None:
    _road_save(app)
    app.set_language(code)
    app.text.overflows.clear()
    _every_screen(app, tmp_path)
    assert app.text.overflows == set()


def test_placeholders_of_these_areas_match_english() -> None:
    def fields(value: Any) -> set[str]:
        return set() if isinstance(value, tuple) else {f for _, f, _, _ in string.Formatter().parse(value) if f}
    areas = ("campaign.", "roads.", "high_scores.", "daily.", "replays.", "replay.", "road.", "campaign_file.")
    english = {k: v for k, v in catalog("en").entries.items() if k.startswith(areas)}
    for code in LANGUAGES:
        entries = catalog(code).entries
        assert {k for k in entries if k.startswith(areas)} == set(english), code
        for key, value in english.items():
            assert fields(entries[key]) == fields(value), (code, key)

