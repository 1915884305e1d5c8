"""The table scene: the wiring between the session in play (`TableController`), what it keeps on disk
(`TableRecorder`), how its events are shown (`Director` on a `Stage`), the player's controls (`HumanSeat`)
and the picture (`TablePainter`).

Each frame the director presents what happened; while it is busy the session waits, and when it is idle the
controller is asked for the next decision: the human's goes to the controls, a character's is thought over
and applied. `draw` only reads.
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any

import pygame

from ...ai.seats import SeatSpec
from ...campaign.origin import FreePlay, TableOrigin, results_label
from ...engine.charms import CharmSpec
from ...engine.decisions import Action, FollowAction
from ...engine.events import Dealt, Event
from ...engine.rules import RuleSet
from ...engine.session import Session
from ...locale import tr
from ...locale.words import Words
from .. import theme
from ..canvas import Canvas
from ..scene import Scene
from ..scenes.new_game.table_choices import LaidTable, fresh_seed
from .autoplay import fast_forward
from .boodle_end import final_shares
from .captions import chosen_card
from .charms.tray import charm_tray_clear, draw_charm_note, draw_charm_tray
from .controller import HumanTurn, Played, Refused, TableController
from .controls import draw_controls
from .director import Director
from .effects import character_line
from .ending import go_on_from
from .guide import GuideMaker, TableGuide
from .hint_seat import HintPrice
from .human import HumanSeat
from .layout import TableLayout
from .log_panel import LogPanel
from .looks import in_contrast, look_in_play, look_named
from .model import DealRecord, TableModel
from .moments import asks_for_summary
from .narration import TableNarrator
from .pacing import SPEEDS, pace_of
from .painter import TablePainter
from .recorder import TableRecorder
from .skip_to_end import SkipToEnd
from .sprites import TableDecks
from .stage import Stage, laid_table
from .stop_pause import draw_stop_pause, releases
from .take_back import no_take_back_words, taken_back_words, undone_words
from .take_back_offer import TakeBackOffer, is_take_back_key
from .venue_card import VenueCard, keep_clear_of_bubbles, venue_in_play
from .words import their_turn, your_turn

if TYPE_CHECKING:
    from ..app import App

WATCH_SUMMARY_S = 4.0  # with no human at the table, a deal summary closes by itself after this long


class TableScene(Scene):
    """A session of Newmarket at the table; seat 0 is the human unless it has a character (a watched table)."""

    music = "table"
    plays = True

    def __init__(self, app: App, table: TableController, guide: GuideMaker | None = None) -> None:
        super().__init__(app)
        self.table = table
        # a guided table is a lesson: kept nowhere, counted nowhere
        self.recorder = TableRecorder(app.data_dir, table, keeps=guide is None, tell=app.notices.tell)
        self.model = TableModel(table.rules, table.seats)
        self.model.charms.sync(table.session.charms_held())
        layout = laid_table(len(table.seats), len(table.rules.piles), table.rules.aces == "high")
        self.stage = Stage(self.model, layout, TableDecks(app.art, layout, app.settings.four_colour_deck),
                           app.text, app.art, app.assets.play, random.Random(f"{table.seed}:table"),
                           table.human_seat, self.line_for, self.on_deal_end, self.on_presented)
        self.stage.records = self.recorder.records_watch()
        self.stage.trophies = self.recorder.trophies_watch(lambda words: app.speech.say(words, keep=True))
        self.director = Director(self.stage)
        self.human = HumanSeat(self.stage, self.submit, lambda: table.seed * 1009 + len(table.actions),
                               self.take_back_offer, HintPrice(table, self.recorder.decision_made))
        self.painter = TablePainter(self.stage, table.seats, table.rules.piles)
        self.log_panel = LogPanel(self.stage, lambda: self.director.deal_log)
        panel_clear = self.stage.kept_clear  # the bubbles leave the player's charm tray clear too
        self.stage.kept_clear = lambda: panel_clear() + charm_tray_clear(self.stage)
        self.skip = SkipToEnd(self.stage)  # once the player is out: the rest at once rather than watched
        self.narrator = TableNarrator(self)  # spoken play
        self.clock = 0.0
        self.guide: TableGuide | None = None if guide is None else guide(self)
        venue = venue_in_play(table.origin, app.data_dir)
        self.venue_card = VenueCard(venue) if venue is not None else None  # a campaign table says where it is
        if self.venue_card is not None:
            keep_clear_of_bubbles(self.stage)
        self._summary: Scene | None = None
        self._results: Scene | None = None
        self.kept_opening = not table.opening  # a new table is kept as it is laid, once entered (see enter)
        if table.opening:
            self.director.push(table.opening)
        else:
            self._sync_from_engine()
        if table.time_is_up():
            self._time_up()

    @classmethod
    def seated(cls, app: App, rules: RuleSet, seats: Sequence[SeatSpec], seed: int, *,
               time_limit_s: float | None = None, origin: TableOrigin | None = None,
               charms: Sequence[Sequence[CharmSpec]] | None = None) -> TableScene:
        """A new session at a table of these seats (the human in seat 0 unless it has a character), each seat
        holding `charms` (R31; none by default)."""
        return cls(app, TableController(rules, seats, seed, time_limit_s=time_limit_s, origin=origin,
                                        charms=charms))

    @classmethod
    def guided(cls, app: App, table: Callable[[], TableController], guide: GuideMaker) -> TableScene:
        """A new table of `table()` with a guide over it, kept nowhere and counted nowhere."""
        return cls(app, table(), guide)

    @classmethod
    def from_snapshot(cls, app: App, snapshot: dict[str, Any]) -> TableScene:
        """The table of a `snapshot()`, with the session replayed to exactly where it was."""
        return cls(app, TableController.from_snapshot(snapshot))

    # --- what the rest of the game asks of a table ------------------------------------------------

    @property
    def session(self) -> Session:
        """The engine's session in play."""
        return self.table.session

    @property
    def seed(self) -> int:
        """The session's seed."""
        return self.table.seed

    @property
    def rules(self) -> RuleSet:
        """The rules in play."""
        return self.table.rules

    @property
    def seats(self) -> list[SeatSpec]:
        """Who sits where."""
        return self.table.seats

    @property
    def actions(self) -> list[Action]:
        """Every decision applied so far."""
        return self.table.actions

    @property
    def layout(self) -> TableLayout:
        """Where everything is drawn."""
        return self.stage.layout

    @property
    def summary(self) -> Scene | None:
        """The deal summary open over the table, if any (close it with `close_summary()`)."""
        return self._summary

    @property
    def results(self) -> Scene | None:
        """The session results, once shown."""
        return self._results

    def snapshot(self) -> dict[str, Any]:
        """What is needed to pick the session up again at the next start."""
        return self.table.snapshot()

    def unsaved(self) -> bool:
        """A session of the player's in progress would be lost by leaving (a watched table is only a show)."""
        return not self.table.over and self.recorder.keeps_session

    def keep(self) -> str | None:
        """Keep the session on disk now (the window is closing, or the player leaves for the title)."""
        return self.recorder.keep_now()

    def exit(self) -> None:
        """Leaving the table: whatever is still being written is on disk before the next scene looks for it."""
        self.recorder.keeper.flush()
        self.recorder.say_problems()

    @property
    def covered(self) -> bool:
        """True while another scene (a summary, the results, the pause menu) is over the table."""
        return self.app.scenes.top is not self

    @property
    def speed(self) -> float:
        """The animation speed multiplier (inf at "instant" and while fast-forwarding headlessly)."""
        return math.inf if self.stage.hurrying else SPEEDS.get(self.app.settings.animation_speed, 1.0)

    @property
    def turn_words(self) -> str:
        """Whose decision the table waits for, in the current language ("" when nobody's)."""
        if self.table.turn is None:
            return ""
        kind, seat = self.table.turn
        return your_turn(kind) if seat == self.table.human_seat else their_turn(kind, self.model.name(seat))

    def fast_forward_until(self, predicate: Callable[[TableScene], bool], max_steps: int = 20_000, *,
                           play_for_human: bool = True, dt: float = 1 / 30) -> bool:
        """Play the table through at instant speed until `predicate(self)` holds (see `autoplay.fast_forward`)."""
        return fast_forward(self, predicate, max_steps, play_for_human=play_for_human, dt=dt)

    # --- the stack ------------------------------------------------------------------------------

    def enter(self) -> None:
        """Build what the table draws from; a new table replaces its mode's kept session at once (nothing
        half-kept), now that the table it replaced has left and its files are written (Play again)."""
        self._build()
        if not self.kept_opening:
            self.kept_opening = True
            self.recorder.decision_made()
            # wait (briefly) for it: a crash in the first moments, while characters search, must find it kept
            self.recorder.keeper.flush(timeout=1.0)

    def resume(self) -> None:
        """Back on top: build again what the deck colours, the look or the screen changed meanwhile."""
        if self._summary is not None and self._summary not in self.app.scenes:
            self.close_summary()  # it left the stack some other way: play on all the same
        self._build()

    def _build(self) -> None:
        stage, app = self.stage, self.app
        four = app.settings.four_colour_deck
        size = app.screen.get_size()
        # a look named in the settings but not (or no longer) unlocked is drawn as the club's felt; one the rules
        # file names is part of the game it describes (the Pope Joan board's), drawn whatever is unlocked
        named = self.rules.look
        look = in_contrast(look_in_play(app.settings.table_look, app.unlocked()) if named == "player"
                           else look_named(named))
        if not self.painter.stale(four, size, look):
            return
        stage.layout = laid_table(len(self.seats), len(self.rules.piles), self.rules.aces == "high", size)
        stage.decks = TableDecks(app.art, stage.layout, four)  # rank letters are the language's
        self.painter.build(look)

    def relabel(self) -> None:
        """The language changed: the background, the buttons and the cached banners are worded again."""
        self.painter.forget()
        self.stage.forget_pictures()
        if self.painter.background is not None:
            self._build()
        if self.human.decision is not None:
            self.human.relabel()
        for scene in (self._summary, self._results):
            if scene is not None and scene not in self.app.scenes:
                scene.relabel()  # on the stack, the App relabels it itself

    # --- the loop -------------------------------------------------------------------------------

    def update(self, dt: float) -> None:
        """Advance the animations, then the session when nothing is being presented."""
        if self.painter.background is None:
            self._build()
        self.clock += dt
        self.model.charms.tick(dt)
        self.director.speed = self.speed
        self.director.pace = pace_of(self.app.settings.animation_speed, self.stage.hurrying)
        self._pause_after_stop()
        if self.table.count_time(dt):
            self._time_up()
        self.stage.ending = self.table.end_requested
        self.human.update()
        self.recorder.say_problems()
        if self.guide is not None:
            self.guide.update(dt)
        self.director.update(dt)
        if self.director.idle and self.director.pause.due:  # a stop shown, and nothing queued: whose lead is next?
            decision = self.table.session.pending()
            self.director.pause.next_decision(decision is not None and decision.kind == "lead"
                                              and decision.player != self.table.human_seat)
        if not self.director.idle:
            return
        self._drive(dt)

    def _pause_after_stop(self) -> None:
        """The Pause after each stop setting, while someone sits at the table and it is not fast-forwarded."""
        human = self.table.human_seat
        pause = self.director.pause
        pause.on = self.app.settings.pause_after_stop and not self.stage.hurrying and human is not None and \
            self.model.seats[human].in_session
        if not pause.on:
            pause.release()

    def _drive(self, dt: float) -> None:
        """Ask for the next decision: offer it to the human, or let a character think and answer."""
        step = self.table.advance(dt, self.speed, self.director.think_share)
        match step:
            case HumanTurn(decision=decision, view=view):
                self.model.active = decision.player
                if self.human.decision is None:
                    self.director.clear_stop_banner()  # the prompt takes the banner's place
                    self.director.own.clear()  # and the caption's
                    self.human.offer(decision, view)
            case Played() | Refused():
                self._played(step)
            case None if self.table.turn is not None:  # a character is thinking
                self.model.active = self.table.turn[1]
            case None if self.table.over and self._results is None and self._summary is None and self.guide is None:
                self._show_results()
        self.narrator.update()

    def submit(self, action: Action) -> None:
        """The human's answer to the pending decision."""
        if isinstance(action, FollowAction) and not action.play:
            self.model.human_declined = True
        step = self.table.submit(action)
        if isinstance(step, Played):
            self.recorder.decision_made()
            self.director.chosen = chosen_card(action, step.events)
        self._played(step)

    def _played(self, step: Played | Refused) -> None:
        match step:
            case Refused(kind=kind):  # the controls offer only lawful choices: say so rather than crash
                self.model.set_status(Words.of(f"table.not_allowed.{kind}"))
                self.model.touch()
            case Played(events=events):
                self.model.active = None
                self.director.push(events)

    def take_back_offer(self) -> TakeBackOffer | None:
        """The take back the player may make now (free play, an earlier decision of theirs in this deal; never in a
        lesson, whose guide speaks to each decision as it was made)."""
        found = self.table.to_take_back() if self.guide is None else None
        return None if found is None else TakeBackOffer(undone_words(*found), self.take_back)

    def take_back(self) -> None:
        """Take back the player's last decision: the table laid again where it was asked, shown at once, and what
        was undone said on the status line."""
        found = self.table.to_take_back() if self.guide is None else None
        if found is None and (why := no_take_back_words(self.table.origin)) is not None:
            self.model.set_status(why)  # Ctrl+Z where nothing is ever taken back: say so rather than nothing
            self.model.touch()
        elif found is None and self.table.peek_kept():
            self.model.set_status(Words.of("charm_tray.no_take_back"))  # R32, R33: what was seen stays seen
            self.model.touch()
        if found is None or not self.table.take_back():
            return
        self.human.clear()
        self.stage.trophies = None  # a session with take backs earns no trophy
        self.model = self.stage.model = TableModel(self.table.rules, self.table.seats)
        self.model.charms.sync(self.table.session.charms_held())
        self.director = Director(self.stage)  # what was still moving or being said belongs to the undone play
        self._sync_from_engine()
        self.model.set_status(taken_back_words(*found))
        self.recorder.decision_made()  # the kept session is the one taken back to
        self.app.assets.play("card_play", 0.5)

    def _time_up(self) -> None:
        self.stage.ending = True
        self.director.banner(tr("table.banner.time_up"), tr("table.banner.time_up_last_deal"), theme.GOLD, 1.8)

    def _sync_from_engine(self) -> None:
        """Show the engine's state at once (after a resume)."""
        session = self.table.session
        self.model.sync_from_view(self.table.human_view(), len(session.dead_hand()), self.table.log)
        self.director.deal_log.extend(self.table.log)  # the deal's log complete, as if it had been shown
        self.director.auction.replay(self.table.log)
        self.director.attention.replay(self.table.log)  # the player's cards and runs, for the pace
        # the director learns the deal from its deal event; a resumed table has not seen it (buying needs it)
        self.director.dealt = Dealt(tuple(session.hand(s) for s in range(len(self.seats))), session.dead_hand())
        if session.over:
            self.model.winners = tuple(s for s in range(len(self.seats)) if session.chips[s] == max(session.chips))

    # --- what the director tells the table ------------------------------------------------------

    def on_presented(self, event: Event) -> None:
        """Hook after each event is presented (the guide and spoken play hear it; tests may wrap it)."""
        self.narrator.presented(event)
        if self.guide is not None:
            self.guide.presented(event)

    def on_deal_end(self, record: DealRecord | None) -> None:
        """A deal is settled: keep it, and show its summary over the table."""
        if record is None:
            self.director.waiting = False
            return
        if self.guide is not None and self.guide.deal_settled(record):
            return
        found = self.recorder.finished_deal_log()  # before it is kept: the log of the deal just settled
        self.recorder.deal_settled()
        self.director.hush()  # the deal's talk is over; the summary's backdrop is taken without it
        # with nobody (left) at the table to read it, the summary plays on by itself: only the top scene
        # updates, so the summary keeps its own time
        human = self.table.human_seat
        alone = human is None or not self.model.seats[human].in_session
        self._summary = self.app.scenes.push("deal_summary", model=self.model, record=record,
                                             on_continue=self.close_summary, last=self.table.over,
                                             shares=final_shares(self.table.log) if self.table.over else (),
                                             on_pause=self.open_pause, under=self,
                                             close_after=0.0 if self.skip.on else WATCH_SUMMARY_S if alone else None,
                                             review_log=None if alone or found is None else found[1],
                                             review_seat=human)

    def close_summary(self) -> None:
        """The deal summary is dismissed: play on."""
        summary, self._summary = self._summary, None
        if summary is not None and self.app.scenes.top is summary:
            self.app.scenes.pop()
        self.director.waiting = False

    def _show_results(self) -> None:
        self.log_panel.open = False  # the results take the table: the log would peek out beside them
        self.recorder.session_over()
        self.recorder.say_problems()
        free = isinstance(self.table.origin, FreePlay) and self.table.human_seat is not None
        self._results = self.app.scenes.push("results", model=self.model, on_continue=self.leave_table,
                                             portraits=self.painter.portraits, under=self,
                                             label_key=results_label(self.table.origin),
                                             taken_back=self.table.taken_back, trophies=self.recorder.trophies,
                                             again=self.play_again if free else None,
                                             change=self.change_table if free else None)

    def play_again(self) -> None:
        """A new session at the same table, under the same rules and with the same charms, from a new seed (free
        play)."""
        self.recorder.session_over()
        self.app.scenes.clear_to("table", rules=self.rules, seats=self.seats, seed=fresh_seed(self.seed),
                                 time_limit_s=self.table.time_limit_s, charms=self.table.charms)

    def change_table(self) -> None:
        """New game, with this table chosen to change (free play)."""
        self.recorder.session_over()
        self.app.scenes.clear_to("new_game", laid=LaidTable(self.rules, tuple(self.seats), self.table.time_limit_s))

    def leave_table(self) -> None:
        """Leave for the title, or, once the session is over, wherever its origin says it leads."""
        if not self.table.over:
            self.app.scenes.clear_to("title")
            return
        go_on_from(self.app, self.recorder.session_over())

    def line_for(self, seat: int, moment: str) -> str | None:
        """What a character says at a moment, if anything (the chattiness setting scales their own)."""
        return character_line(self.table.agents, seat, moment, self.app.settings.chattiness, self.stage.rng)

    def open_pause(self) -> None:
        """The pause menu over the table."""
        self.app.scenes.push("pause", table=self)
        self.app.assets.play("click", 0.5)

    # --- input and drawing ----------------------------------------------------------------------

    def handle_event(self, event: pygame.event.Event) -> None:
        """The guide first; Esc pauses; Ctrl+Z takes back; the deal log takes its keys (a guided table keeps none);
        after going out, Enter, Space or a click opens the summary; a click or a key ends the wait after a stop; the
        human's decision takes its input; otherwise a click or Space hurries the table."""
        if self.guide is not None and self.guide.handle_event(event):
            return
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.open_pause()
            return
        if self.skip.handle_event(event):
            return
        if is_take_back_key(event):
            self.take_back()
            return
        if self.narrator.handle_event(event):
            return
        if self.guide is None and self.log_panel.handle_event(event, self.human.decision is not None):
            return
        if self.director.moments.holding and asks_for_summary(event):  # the going-out moment: the summary now
            self.director.fast_forward()
            self.director.moments.skip()
            return
        if self.director.pause.waiting and releases(event):
            self.director.pause.release()
            return
        if self.human.handle_event(event):
            return
        hurry = (event.type == pygame.KEYDOWN and event.key == pygame.K_SPACE) or \
                (event.type == pygame.MOUSEBUTTONDOWN and event.button == 1)
        if hurry and (self.director.busy or self.table.thinking):
            self.director.fast_forward()
            self.table.hurry()

    def notice_tab(self) -> pygame.Rect | None:
        """Under the deal log's button, clear of every seat; nowhere while the log is open there."""
        button = self.log_panel.button.rect
        return None if self.log_panel.open else pygame.Rect(button.x, button.bottom + 10, button.width, 34)

    def pad_shoulders(self) -> tuple[int, int]:
        """A controller's shoulders: the open deal log's pages, else less and more while a stake or a bid is chosen."""
        deciding = self.human.kind in ("stake", "bid") and not self.log_panel.open
        if self.human.kind == "charm" and not self.log_panel.open:  # LB lets the charm's moment pass, RB the next
            return pygame.K_n, pygame.K_TAB
        return (pygame.K_MINUS, pygame.K_PLUS) if deciding else super().pad_shoulders()

    def draw(self, surface: Canvas) -> None:
        """The table as the model shows it, the moving things over it, and the human's controls on top."""
        self.painter.draw(surface, self.human, self.director, clock=self.clock, thinking=self.table.thinking,
                          turn_words=self.turn_words, covered=self.covered)
        if self.painter.background is None:
            return
        if self.venue_card is not None:
            self.venue_card.draw(surface, self.app.text)
        draw_charm_tray(surface, self.human, self.stage)
        draw_controls(surface, self.human, self.stage)
        draw_charm_note(surface, self.human, self.stage)
        self.skip.draw(surface)
        if self.director.pause.waiting and not self.director.stop_banner_showing():  # the band covers its line
            draw_stop_pause(surface, self.stage)
        if self.guide is None and not self.covered:  # under the moments; a lesson keeps no log; an overlay's heading
            self.log_panel.draw(surface, True)  # sits where its button is, which would read through the dim
        if not self.covered:
            self.app.notices.draw_tab(surface, self.app.text, self)
        if not self.covered:  # banners, pop-ups and bubbles never show under (or through) an overlay
            self.director.draw_decorations(surface, self.guide.draw if self.guide is not None else lambda _: None)
