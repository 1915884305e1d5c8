"""The campaign's roads: each save slot holds one road (the player's progress on a campaign file), read,
saved and played on here, without a window.

A slot's `SaveData.campaign` holds `CampaignProgress.to_json()`, plus `high_score_entered` once the finished
road's score has gone on the table, and `campaign_file`, the file the road was started from, so a player's
own campaign reopens with its slot. What a road unlocks is also written to the player's unlocks file, which
outlives any one slot. Nothing a slot holds is lost: an unusable save is reported, never overwritten until the
player chooses a fresh start, and then it is moved aside first.
"""

from __future__ import annotations

import random
import time
import zlib
from dataclasses import dataclass, field
from pathlib import Path

from ..atomic import backup_path
from ..config.charm_file import charms_by_id
from ..config.errors import ConfigError
from ..engine.charms import CharmSpec
from ..locale import tr, trn
from ..locale.dates import saved_date
from ..locale.words import Words
from ..regular_file import present
from ..storage.door import keep_aside
from ..storage.folders import closed_to, folder_closed
from ..storage.resume import resume_path, retire_resume, road_mode
from ..storage.saves import SaveData, load_slot, read_save_file, restore_backup, save_slot, slot_path
from ..storage.unlocks_file import add_unlocks
from . import campaign_file
from .model import BROKE, WON, CampaignProgress, SessionResult, VenueResult
from .scores import hint_cost
from .spec import Campaign, Venue

SLOT = "campaign"  # the first road's slot (the only one before several slots existed)


SLOTS = (SLOT, "campaign-2", "campaign-3")


CAMPAIGN_PATH: Path | None = None  # None: config/campaign.yaml (tests and a player's own file may set it)


CHARMS_PATH = campaign_file.CAMPAIGN_FILE.with_name("campaign_charms.yaml")  # the shipped road with charms


ENTERED = "high_score_entered"


FILE_KEY = "campaign_file"


RECORDED_KEY = "recorded_session"  # the session whose end the road last recorded: never recorded twice


def campaign_path() -> Path:
    """The campaign file a road plays unless its save or the player names another."""
    return Path(CAMPAIGN_PATH) if CAMPAIGN_PATH is not None else campaign_file.CAMPAIGN_FILE


def saved_campaign_path(save: SaveData | None) -> Path | None:
    """The campaign file a slot's road was started from, when its save names one."""
    data = save.campaign if save is not None else None
    named = data.get(FILE_KEY) if isinstance(data, dict) else None
    return Path(named) if isinstance(named, str) and named else None


def session_seed(progress: CampaignProgress) -> int:
    """The seed of the next session: the campaign, the venue and how often it has been tried, so a retry deals anew."""
    venue = progress.venue
    attempts = sum(1 for r in progress.results if venue is not None and r.venue_id == venue.id)
    if progress.charm_road is not None:  # each road with charms deals its own sessions, as it draws its own shops
        return zlib.crc32(f"{progress.campaign.name}:{progress.seed}:{progress.venue_index}:{attempts}".encode())
    return zlib.crc32(f"{progress.campaign.name}:{progress.venue_index}:{attempts}".encode())


def road_seed() -> int:
    """A new road's seed: its shops, choices and sessions are drawn from it."""
    return random.SystemRandom().randrange(1 << 62)


def table_charms(progress: CampaignProgress) -> tuple[tuple[CharmSpec, ...], ...] | None:
    """Each seat's charms at the current venue (the player's first, then each host's), or None on a road without
    charms; ConfigError when a charm file cannot be loaded."""
    venue = progress.venue
    if progress.charm_road is None or venue is None:
        return None
    return (charms_by_id(progress.charms), *(charms_by_id(venue.charms_of(host)) for host in venue.opponents))


PLAYERS_FOLDER = "campaigns"  # inside the data folder: the player's own campaign files


@dataclass(frozen=True)
class CampaignChoice:
    """A campaign file that can start a new road: its path, its name and campaign, or what is wrong with it."""

    path: Path
    name: str
    problem: str = ""
    road: Campaign | None = None  # the campaign read (None when it has a problem): what the chooser describes

    @property
    def shipped(self) -> bool:
        """True for a road the game comes with (the chooser names it alone; a player's own file shows its file's
        name too, so they can tell theirs apart)."""
        return self.path.resolve() in {campaign_file.CAMPAIGN_FILE.resolve(), CHARMS_PATH.resolve()}


@dataclass(frozen=True)
class RoadCard:
    """What one slot holds: the numbers and names, worded as the card is drawn (so a language switch needs no
    second reading of the slots)."""

    slot: str
    empty: bool = True
    trouble: Words | None = None  # what is wrong with the slot
    closed: bool = False  # its folder is closed to the game: what the slot holds cannot be looked at
    road: Campaign | None = None  # the campaign the slot's road plays
    outcome: str = ""  # the progress's status: PLAYING, WON or BROKE
    venue_index: int = 0
    venue: Venue | None = None  # the venue the road is at (None when it is over)
    cleared: int = 0
    bankroll: int | None = None
    change: int = 0
    score: int | None = None
    saved_at: float = 0.0  # when the save was written (0: the save does not say)
    in_play: bool = False  # a venue of this road was left mid-session

    @property
    def problem(self) -> str:
        """What is wrong with the slot, in the current language ("" when nothing is)."""
        return "" if self.trouble is None else str(self.trouble)

    @property
    def campaign(self) -> str:
        """The road's name in the current language."""
        return self.road.title() if self.road is not None else ""

    @property
    def where(self) -> str:
        """Where the road stands ("Venue 2 of 6: The Dairy Social Club")."""
        total = len(self.road.venues) if self.road is not None else 0
        if self.outcome == WON:
            return trn("roads.all_cleared", total)
        if self.outcome == BROKE:
            return tr("roads.stopped_at", number=self.venue_index + 1, total=total)
        words = tr("roads.at_venue", number=self.venue_index + 1, total=total,
                   venue=self.venue.title() if self.venue else "")
        return tr("roads.in_play", where=words) if self.in_play else words

    @property
    def status(self) -> str:
        """How the road went: won, broke, or the venues cleared so far."""
        if self.outcome == WON:
            return tr("roads.won")
        return tr("roads.broke") if self.outcome == BROKE else trn("roads.cleared_so_far", self.cleared)

    @property
    def saved(self) -> str:
        """When the slot was saved, as the card says it ("" when the save does not say)."""
        return saved_words(self.saved_at) if self.saved_at else ""


def campaign_choices(data_dir: Path, named: Path | None = None) -> list[CampaignChoice]:
    """The campaign files a new road can play: the shipped one, `named` and the player's folder, each once."""
    paths = [campaign_path(), CHARMS_PATH]
    if named is not None:
        paths.append(Path(named))
    folder = Path(data_dir) / PLAYERS_FOLDER
    closed = folder_closed(folder)
    if folder.is_dir() and closed is None:
        paths += sorted(folder.glob("*.yaml")) + sorted(folder.glob("*.yml"))
    seen: set[Path] = set()
    out: list[CampaignChoice] = []
    for path in paths:
        key = path.resolve()
        if key in seen:
            continue
        seen.add(key)
        campaign, problem = _read_campaign(path)
        out.append(CampaignChoice(path, campaign.title() if campaign else path.name, problem, campaign))
    if closed is not None:  # the player's own files cannot be looked at: the folder is one choice that cannot start
        out.append(CampaignChoice(folder, folder.name, closed))
    return out


def _read_campaign(path: Path) -> tuple[Campaign | None, str]:
    """The campaign in `path`, or None and the first of its problems."""
    try:
        return campaign_file.load_campaign(path), ""
    except ConfigError as error:
        return None, error.problems[0] if error.problems else str(error)
    except (OSError, ValueError) as error:
        return None, f"{path}: {error}"


def read_road(data_dir: Path, slot: str) -> RoadCard:
    """One slot's card, read without changing anything on disk."""
    path = slot_path(data_dir, slot)
    if not present(path):  # a saves/ folder without permission reads on, and is said as a save that cannot be read
        if present(backup_path(path)):
            return RoadCard(slot, empty=False, trouble=Words.of("roads.missing_save"))
        return RoadCard(slot)
    save, _, why = read_save_file(path)
    closed = closed_to(path) if save is None else None
    if closed is not None:  # nothing is known of it: no save damaged, none to delete
        return RoadCard(slot, empty=False, trouble=Words.of("roads.folder_closed", error=closed.strerror or closed),
                        closed=True)
    if save is None:
        return RoadCard(slot, empty=False, trouble=Words.of("roads.unusable_save", why=why))
    if save.campaign is None:
        return RoadCard(slot)
    saved_at = save.saved_at or 0.0
    file = saved_campaign_path(save) or campaign_path()
    campaign, problem = _read_campaign(file)
    if campaign is None:
        return RoadCard(slot, empty=False, trouble=Words.of("roads.file_unreadable", problem=problem),
                        saved_at=saved_at)
    try:
        progress = CampaignProgress.from_json(save.campaign, campaign)
    except (ValueError, TypeError, KeyError) as error:
        return RoadCard(slot, empty=False, road=campaign, trouble=Words.of("roads.not_fitting", why=error),
                        saved_at=saved_at)
    return RoadCard(slot, empty=False, road=campaign, outcome=progress.status, venue_index=progress.venue_index,
                    venue=progress.venue, cleared=progress.cleared, bankroll=progress.bankroll,
                    change=progress.bankroll - campaign.bankroll, score=progress.score, saved_at=saved_at,
                    in_play=present(resume_path(data_dir, road_mode(slot))))


def unlocked_on_roads(data_dir: Path) -> list[str]:
    """Everything the saved roads have unlocked, read without changing anything on disk: what wins back a lost
    unlocks file before the player opens the campaign."""
    names: list[str] = []
    for slot in SLOTS:
        save, _, _ = read_save_file(slot_path(data_dir, slot))
        campaign = _read_campaign(saved_campaign_path(save) or campaign_path())[0] if save is not None else None
        if save is None or save.campaign is None or campaign is None:
            continue
        try:
            names += [str(unlock) for unlock in CampaignProgress.from_json(save.campaign, campaign).unlocked]
        except (ValueError, TypeError, KeyError):
            continue  # a road that does not fit is the map's to explain
    return names


def saved_words(when: float) -> str:
    """When a save was written, as the card says it: '29 November 2026, 20:15' in the current language."""
    return tr("roads.saved_at", date=saved_date(when), time=time.strftime("%H:%M", time.localtime(when)))


def describe_result(progress: CampaignProgress, result: VenueResult) -> str:
    """One sentence on the session just recorded, in the current language."""
    venue = progress.campaign.venue(result.venue_id)
    places = {1: "campaign.result.first", 2: "campaign.result.second", 3: "campaign.result.third"}
    place = tr(places[result.standing]) if result.standing in places \
        else tr("campaign.result.nth", standing=result.standing)
    head = trn("campaign.result.head", result.final_chips, venue=venue.title(), place=place)
    if progress.status == "won":
        said = tr("campaign.result.won", head=head)
    elif progress.status == "broke":
        said = tr("campaign.result.broke", head=head, bankroll=progress.bankroll)
    elif result.goal_met:
        nxt = progress.venue
        said = tr("campaign.result.met_next", head=head, venue=nxt.title()) if nxt is not None \
            else tr("campaign.result.met", head=head)
    else:
        said = tr("campaign.result.missed", head=head)
    return f"{said} {hints_said(result.hints)}".strip()


def hints_said(hints: int) -> str:
    """What the hints asked at a venue cost the road's score ("" when none were asked)."""
    return trn("score.road_hints", hint_cost(hints), hints=trn("score.hints", hints)) if hints else ""


@dataclass
class Road:
    """One slot's road as the map works it: the campaign file it plays, the progress on it, or why either
    cannot be used; loaded, saved, played on and started afresh here."""

    data_dir: Path
    slot: str = SLOT
    path: Path | None = None  # the campaign file (None until loaded: the save's, else the shipped one)
    campaign: Campaign | None = None
    problems: list[str] = field(default_factory=list)  # the campaign file's problem lines
    load_problem: str = ""  # why the save could not be used
    backup_available: bool = False
    progress: CampaignProgress | None = None
    score_entered: bool = False
    notice: str = ""  # something the player should read on opening (an unlock that could not be kept)
    recorded_session: str = ""  # the id of the session whose end the road last recorded
    set_aside: list[str] = field(default_factory=list)  # what saving kept aside on the way (a bad backup), to tell

    @classmethod
    def load(cls, data_dir: Path, slot: str = SLOT, path: Path | None = None) -> Road:
        """The road in `slot`: the save, then the campaign file it plays (`path` for a new road), then the
        progress on it."""
        road = cls(data_dir, slot, path)
        found = load_slot(data_dir, slot)
        if road.path is None:
            road.path = saved_campaign_path(found.save) or campaign_path()
        try:
            road.campaign = campaign_file.load_campaign(road.path)
        except ConfigError as error:
            road.problems = list(error.problems)
            return road
        except (OSError, ValueError) as error:  # whatever the file holds, the game carries on
            road.problems = [f"{road.path}: {error}"]  # the system's own words (a missing file, a bad byte)
            return road
        if found.save is None:
            if found.problem:
                road.load_problem, road.backup_available = found.problem, found.backup_available
            else:
                road.progress = CampaignProgress.start(road.campaign, road_seed())
            return road
        road.take(found.save)
        return road

    @classmethod
    def of(cls, data_dir: Path, progress: CampaignProgress, slot: str = SLOT, path: Path | None = None) -> Road:
        """A road showing `progress` (the slot is not read)."""
        return cls(data_dir, slot, path, campaign=progress.campaign, progress=progress)

    def take(self, save: SaveData) -> None:
        """The progress in `save`, or the reason it does not fit this campaign."""
        assert self.campaign is not None
        data = save.campaign
        if data is None:  # a slot holding only deal logs: the road has not begun
            self.progress = CampaignProgress.start(self.campaign, road_seed())
            return
        try:
            self.progress = CampaignProgress.from_json(data, self.campaign)
        except (ValueError, TypeError, KeyError) as error:
            self.progress = None
            self.load_problem = tr("campaign.save_does_not_fit", campaign=self.campaign.title(), why=error)
            self.backup_available = False
            return
        self.load_problem = ""
        self.score_entered = isinstance(data, dict) and data.get(ENTERED) is True
        recorded = data.get(RECORDED_KEY) if isinstance(data, dict) else None
        self.recorded_session = recorded if isinstance(recorded, str) else ""
        self.notice = self.remember_unlocks() or self.notice

    def remember_unlocks(self) -> str | None:
        """Put what this road has unlocked into the player's unlocks file (it outlives the slot); a problem."""
        if self.progress is None or not self.progress.unlocked:
            return None
        return add_unlocks(self.data_dir, [str(u) for u in self.progress.unlocked])

    def save(self) -> str | None:
        """Write the progress to the slot, keeping the slot's deal logs; None when written, else a sentence."""
        if self.progress is None:
            return None
        data = self.progress.to_json()
        data[ENTERED] = self.score_entered
        data[FILE_KEY] = str(self.path or campaign_path())
        if self.recorded_session:
            data[RECORDED_KEY] = self.recorded_session
        venue = self.progress.venue
        try:
            logs = load_slot(self.data_dir, self.slot).save
            save_slot(self.data_dir, self.slot, SaveData(campaign=data, venue=venue.name if venue else None,
                                                         chips=self.progress.bankroll, slot=self.slot,
                                                         logs=logs.logs if logs is not None else (),
                                                         unknown=logs.unknown if logs is not None else {}),
                      self.set_aside)
        except (OSError, ValueError, TypeError) as error:
            return tr("campaign.not_saved", why=getattr(error, "strerror", None) or error)
        return None

    def record(self, chips: list[int], session_id: str = "", hints: int = 0) -> tuple[VenueResult, str | None]:
        """The venue's session (named `session_id`, played with `hints` hints) is over with these final chips
        (the player's first): the result recorded, the unlocks remembered and the slot saved; the result, and a
        problem if it could not all be kept."""
        assert self.progress is not None and self.progress.venue is not None
        result = self.progress.record_session(SessionResult(tuple(chips), 0), hints)
        self.recorded_session = session_id
        return result, self.remember_unlocks() or self.save()

    def restore(self) -> bool:
        """Put the save before the last one back; True when there was one (its progress may still not fit)."""
        found = restore_backup(self.data_dir, self.slot)
        if found.save is None:
            self.load_problem = found.problem or tr("campaign.backup_unusable")
            self.backup_available = False
            return False
        self.take(found.save)
        return True

    def start_afresh(self) -> str:
        """A new run of the campaign (an unusable save is kept aside first, never overwritten); what to say. When
        the new run cannot be saved, the road stays as it was and the sentence says why."""
        assert self.campaign is not None
        path = slot_path(self.data_dir, self.slot)
        if self.load_problem and present(path):
            moved, error = keep_aside(path, "replaced")
            if moved is None:
                return tr("campaign.not_afresh", error=error)
        before = (self.load_problem, self.progress, self.score_entered)
        self.load_problem = ""
        self.progress = CampaignProgress.start(self.campaign, road_seed())
        self.score_entered = False
        failed = self.save()
        if failed:
            self.load_problem, self.progress, self.score_entered = before
            return failed
        retire_resume(self.data_dir, road_mode(self.slot))  # a venue of the old run cannot be played on the new
        return tr("campaign.new_run", campaign=self.campaign.title())
