"""The table scene: the session in play, drawn, animated and answered.

The scene asks the engine for the pending decision. Seat 0 is the human (when its character is
None): the decision goes to the `HumanSeat` UI. Other seats are characters: the scene asks their
agent at once, then waits their think time before applying the answer, so play can be followed.
The engine's events go to the `Director`, which presents them one by one; while it is busy the
engine waits. `draw` only reads: the model, the layout and the running animations.
"""

from __future__ import annotations

import dataclasses
import functools
import math
import random
import threading
from collections.abc import Callable, Sequence
from typing import Any

import pygame

from ...ai.character import Character, CharacterAgent
from ...ai.simple import LowestAgent
from ...engine.decisions import Action, FollowAction, action_from_data, action_to_data
from ...engine.errors import IllegalActionError
from ...engine.events import Dealt, Event
from ...engine.rules import RuleSet
from ...engine.session import SeatInfo, Session
from ...locale import language, tr, trn
from ...storage.resume import discard_resume
from ...storage.saves import AUTOSAVE, append_deal_log, deal_log
from ...storage.statistics_file import record_finished_session
from .. import theme
from ..assets import warn
from ..card_art import mix
from ..scene import Scene
from ..text import suit_runs
from .director import SPEEDS, Director
from .human import HumanSeat
from .layout import FAN_STEP, TableLayout, table_layout
from .model import HUMAN, DealRecord, TableModel
from .sprites import HUMAN_LOOK, BoundedCache, TableDecks, draw_background, draw_portrait

SNAPSHOT_VERSION = 1
STAKE_THINK = 0.35  # staking is quick: a character takes this share of their think time for it
WATCH_SUMMARY_S = 4.0  # with no human at the table, a deal summary closes by itself after this long

SeatSpec = tuple[str, Character | None]


def seats_against(character_ids: Sequence[str]) -> list[SeatSpec]:
    """The human in seat 0, then these characters in order (KeyError or ValueError for one that cannot play)."""
    from ...ai.registry import load_character_by_id
    characters = [load_character_by_id(character_id) for character_id in character_ids]
    return [("You", None)] + [(character.name, character) for character in characters]  # "You": worded when shown


def your_turn(kind: str) -> str:
    """The status band's words when the human must decide `kind` ("stake", "buy_dead", "lead", "follow")."""
    return tr(f"table.turn.you.{kind}")


def their_turn(kind: str, name: str) -> str:
    """The status band's words while `name` decides `kind`."""
    return tr(f"table.turn.them.{kind}", name=name)


# actions and rules as plain data for snapshots: the engine's own forms, under the names the shell uses
action_data = action_to_data
rules_from_settings = RuleSet.from_settings


class TableScene(Scene):
    """A session of Newmarket at the table; seat 0 is the human unless it has a character (a watched table)."""

    def __init__(self, app: Any, rules: RuleSet, seats: Sequence[SeatSpec], seed: int, *,
                 time_limit_s: float | None = None, _replay: Sequence[Action] = (), _elapsed: float = 0.0,
                 _agent_states: Sequence[Any] | None = None,
                 on_finished: Callable[[list[int]], None] | None = None, campaign_slot: str | None = None) -> None:
        super().__init__(app)
        # a campaign venue's table names its save slot in the snapshot, so a kept session resumed from the
        # title still records its result into the campaign
        self.campaign_slot = campaign_slot
        # called with every seat's final chips when the player leaves a finished session (the campaign's hook);
        # without it, leaving goes back to the title as always
        self.on_finished = on_finished
        if not 3 <= len(seats) <= 8:
            raise ValueError(f"a table seats 3 to 8 players, not {len(seats)}")
        if any(character is None for _, character in seats[1:]):
            raise ValueError("only seat 0 may be the human (character None)")
        self.rules = rules
        self.seats: list[SeatSpec] = list(seats)
        self.seed = seed
        self.time_limit_s = time_limit_s
        self.elapsed = _elapsed
        self.human_seat: int | None = HUMAN if seats[0][1] is None else None
        infos = [SeatInfo(name, "human" if character is None else "ai", None if character is None else character.id)
                 for name, character in seats]
        self.session = Session(rules, infos, seed)
        # A resumed session's characters take up their decision streams where the save left them, so the
        # rest plays out as it would have; a save without them gives fresh streams rather than replayed ones.
        salt = f":{len(_replay)}" if _replay and _agent_states is None else ""
        self.agents: list[CharacterAgent | None] = [
            None if character is None else CharacterAgent(character, f"{seed}:{seat}{salt}")
            for seat, (_, character) in enumerate(seats)]
        if _agent_states is not None:
            if len(_agent_states) != len(self.agents):
                raise ValueError("the saved characters do not match the seats")
            for agent, state in zip(self.agents, _agent_states):
                if agent is not None:
                    agent.restore_rng(state)
        self._agent_states = [None if agent is None else agent.rng_state() for agent in self.agents]
        self.model = TableModel(rules, seats)
        self.layout: TableLayout = table_layout(len(seats), len(rules.boodle_cards))
        self.director = Director(self)
        self.human = HumanSeat(self, self.submit)
        self.actions: list[Action] = []
        self.rng = random.Random(f"{seed}:table")
        self.end_requested = False
        self.turn: tuple[str, int] | None = None  # the decision waited for (its kind) and whose it is
        self.clock = 0.0
        self.art_cache = BoundedCache(48)
        self.decks = TableDecks(app.art, self.layout.boodle_card_w, app.settings.four_colour_deck)
        self.portraits: list[pygame.Surface] = []
        self._background: pygame.Surface | None = None
        self._built_for: tuple[Any, ...] | None = None
        self._thinking: tuple[Thought, float] | None = None
        self._hurry = False
        self._summary: Scene | None = None
        self._results: Scene | None = None
        self._out_veil: pygame.Surface | None = None
        self._suit_light: list[tuple[int, int, int]] = []
        events = self.session.start()
        self.log: list[Event] = list(events)  # the whole session, for the player's statistics at its end
        if _replay:
            for action in _replay:
                self.log += self.session.apply(action)
                self.actions.append(action)
            self._sync_from_engine()
        else:
            self.director.push(events)
        if time_limit_s is not None and self.elapsed >= time_limit_s:
            self._time_up()

    # --- the public surface for the shell -------------------------------------------------------

    @classmethod
    def resume(cls, app: Any, snapshot: dict[str, Any]) -> TableScene:
        """The table of a `snapshot()`, with the session replayed to exactly where it was."""
        from ...ai.registry import load_character_by_id
        if snapshot.get("version") != SNAPSHOT_VERSION:
            raise ValueError(f"unknown table snapshot version {snapshot.get('version')!r}")
        rules = rules_from_settings(snapshot["rules"])
        seats: list[SeatSpec] = []
        for seat in snapshot["seats"]:
            character_id = seat.get("character")
            seats.append((str(seat["name"]), None if character_id is None else load_character_by_id(character_id)))
        actions = [action_from_data(a) for a in snapshot["actions"]]
        limit = snapshot.get("time_limit_s")
        slot = snapshot.get("campaign_slot")
        on_finished: Callable[[list[int]], None] | None = None
        if isinstance(slot, str):
            from ..scenes.campaign_map import finish_kept_session
            on_finished = functools.partial(finish_kept_session, app, slot)
        return cls(app, rules, seats, int(snapshot["seed"]), time_limit_s=None if limit is None else float(limit),
                   _replay=actions, _elapsed=float(snapshot.get("elapsed_s", 0.0)),
                   _agent_states=snapshot.get("agents"), on_finished=on_finished,
                   campaign_slot=slot if isinstance(slot, str) else None)

    def snapshot(self) -> dict[str, Any]:
        """What is needed to resume: rules, seats, seed and every action applied (the engine is deterministic)."""
        kept: dict[str, Any] = {} if self.campaign_slot is None else {"campaign_slot": self.campaign_slot}
        return {**kept, "version": SNAPSHOT_VERSION, "rules": self.rules.settings(),
                "seats": [{"name": name, "character": None if character is None else character.id}
                          for name, character in self.seats],
                "seed": self.seed, "actions": [action_data(a) for a in self.actions],
                "agents": self._agent_states,
                "time_limit_s": self.time_limit_s, "elapsed_s": round(self.elapsed, 3),
                "deal": self.session.deal_number}

    @property
    def summary(self) -> Scene | None:
        """The deal summary open over the table, if any (close it with `close_summary()`)."""
        return self._summary

    @property
    def results(self) -> Scene | None:
        """The session results, once shown."""
        return self._results

    def unsaved(self) -> bool:
        """A session in progress would be lost by leaving."""
        return not self.session.over

    def fast_forward_until(self, predicate: Callable[[TableScene], bool], max_steps: int = 20_000, *,
                           play_for_human: bool = True, dt: float = 1 / 30) -> bool:
        """Run the table at instant speed until `predicate(self)` holds; True if it did within `max_steps`.

        Deal summaries are closed as they come unless the predicate is waiting for one; with
        `play_for_human` the human's decisions are answered by a plain agent (lowest card, even
        stake), otherwise the run stops at the human's first decision.
        """
        stand_in = LowestAgent()
        self._hurry = True
        try:
            for _ in range(max_steps):
                if predicate(self):
                    return True
                if self._summary is not None:
                    self.close_summary()
                    continue
                if self._results is not None:
                    return False
                if self.human.decision is not None:
                    if not play_for_human:
                        return False
                    decision = self.human.decision
                    self.human.clear()
                    self.submit(stand_in.decide(self.session.view(HUMAN), decision))
                    continue
                self.update(dt)
            return predicate(self)
        finally:
            self._hurry = False

    # --- the loop -------------------------------------------------------------------------------

    @property
    def hurrying(self) -> bool:
        """True while `fast_forward_until` runs."""
        return self._hurry

    @property
    def speed(self) -> float:
        """The animation speed multiplier (inf at "instant" and while fast-forwarding headlessly)."""
        return math.inf if self._hurry else SPEEDS.get(self.app.settings.animation_speed, 1.0)

    def enter(self) -> None:
        """Build what the table draws from (again if the deck colours or the screen changed)."""
        if self._summary is not None and self._summary not in self.app.scenes:
            self.close_summary()  # it left the stack some other way: play on all the same
        self._build()

    def _build(self) -> None:
        from .looks import look_in_play
        four = self.app.settings.four_colour_deck
        size = self.app.screen.get_size()
        # a look named in the settings but not (or no longer) unlocked is drawn as the club's felt
        table_look = look_in_play(self.app.settings.table_look, self.app.unlocked())
        key = (four, size, table_look.name, language())  # the plates and labels carry words
        if self._built_for == key and self._background is not None:
            return
        if size != self.layout.size:
            self.layout = table_layout(len(self.seats), len(self.rules.boodle_cards), size)
        self.decks = TableDecks(self.app.art, self.layout.boodle_card_w, four)
        self.portraits = []
        for seat, (_name, character) in enumerate(self.seats):
            # the human's tag says "you" in the player's language ("MOI")
            look = dataclasses.replace(HUMAN_LOOK, initials=tr("table.you_tag")) if character is None else \
                character.look
            key_id = "human" if character is None else character.id
            # seeded by the character alone: the same face at every seat and in the new-game picker
            self.portraits.append(draw_portrait(look, self.layout.seats[seat].portrait_radius, self.app.text, key_id))
        names = [self._plate_name(seat) for seat in range(len(self.seats))]
        self._background = draw_background(self.layout, names, self.portraits, self.rules.boodle_cards, self.decks,
                                           self.app.text, look=table_look)
        self.table_look = table_look
        veil = pygame.Surface(self.layout.seats[0].plate.size, pygame.SRCALPHA)
        pygame.draw.rect(veil, (0, 0, 0, 150), veil.get_rect(), border_radius=14)
        self._out_veil = veil
        # suit symbols light enough to read on the dark status band
        self._suit_light = list(theme.suits_on_dark(four))
        self._built_for = key

    def relabel(self) -> None:
        """The language changed: the background, the buttons and the cached banners are worded again."""
        self._built_for = None
        self.art_cache = BoundedCache(48)
        if self._background is not None:
            self._build()
        if self.human.decision is not None:
            self.human.relabel()
        for scene in (self._summary, self._results):
            relabel = getattr(scene, "relabel", None)
            if relabel is not None and scene is not None and scene not in self.app.scenes:
                relabel()  # on the stack, the App relabels it itself

    def _plate_name(self, seat: int) -> str:
        """The name as a plate has room for: in full when it fits, else shortened ("Prof. Quist")."""
        name, character = self.seats[seat]
        name = self.model.name(seat)
        if character is None:
            return name
        if self.app.text.width(name, "bold", 17) <= self.layout.seats[seat].plate.right - \
                self.layout.seats[seat].name_left - 10:
            return name
        try:
            from ..scenes.common import short_name
        except ImportError:
            return name.split()[0]
        return short_name(name)

    @property
    def turn_words(self) -> str:
        """Whose decision the table waits for, in the current language ("" when nobody's)."""
        if self.turn is None:
            return ""
        kind, seat = self.turn
        return your_turn(kind) if seat == self.human_seat else their_turn(kind, self.model.name(seat))

    def update(self, dt: float) -> None:
        """Advance the animations, then the session when nothing is being presented."""
        if self._background is None:
            self._build()
        self.clock += dt
        self.director.speed = self.speed
        if self.time_limit_s is not None and not self.end_requested and self._results is None:
            self.elapsed += dt
            if self.elapsed >= self.time_limit_s:
                self._time_up()
        self.director.update(dt)
        if not self.director.idle:
            return
        self._drive(dt)

    def _nobody_watching_closely(self) -> bool:
        """True when no human plays at this table (any more): summaries then close by themselves."""
        return self.human_seat is None or not self.model.seats[self.human_seat].in_session

    def _drive(self, dt: float) -> None:
        """Ask for the next decision: offer it to the human, or let a character think and answer."""
        decision = self.session.pending()
        model = self.model
        if decision is None:
            self.turn = None
            if self.session.over and self._results is None and self._summary is None:
                self._show_results()
            return
        seat = decision.player
        model.active = seat
        if seat == self.human_seat:
            self.turn = (decision.kind, seat)
            if self.human.decision is None:
                self.director.clear_stop_banner()  # the prompt takes the banner's place
                self.human.offer(decision, self.session.view(seat))
            return
        self.turn = (decision.kind, seat)
        if self._thinking is None:
            agent = self.agents[seat]
            assert agent is not None
            think = agent.think_time() * (STAKE_THINK if decision.kind == "stake" else 1.0)
            instant = math.isinf(self.speed)
            self._thinking = (Thought(agent, self.session.view(seat), decision, threaded=not instant), think)
            return
        thought, left = self._thinking
        left = 0.0 if math.isinf(self.speed) else left - dt * self.speed
        if math.isinf(self.speed):
            thought.wait()
        if left > 0 or not thought.ready:
            self._thinking = (thought, max(0.0, left))
            return
        self._thinking = None
        self._apply(thought.result())

    def submit(self, action: Action) -> None:
        """The human's answer to the pending decision."""
        if isinstance(action, FollowAction) and not action.play:
            self.model.human_declined = True
        self._apply(action)

    def _apply(self, action: Action) -> None:
        try:
            events = self.session.apply(action)
        except IllegalActionError as error:  # the UI offers only lawful choices; say so rather than crash
            # the engine's words are for programmers: the player reads which rule refused, from the error's class
            from .model import Words
            self.model.set_status(Words.of(f"table.not_allowed.{illegal_kind(error)}"))
            self.model.touch()
            return
        self.actions.append(action)
        self.log += events
        agent = self.agents[action.player]
        if agent is not None:  # its stream has moved on by exactly this decision
            self._agent_states[action.player] = agent.rng_state()
        self.model.active = None
        self.turn = None
        self.director.push(events)

    def _time_up(self) -> None:
        self.end_requested = True
        self.session.request_end()
        self.director.banner(tr("table.banner.time_up"), tr("table.banner.time_up_last_deal"), theme.GOLD, 1.8)

    def _sync_from_engine(self) -> None:
        """Show the engine's state at once (after a resume)."""
        seat = self.human_seat if self.human_seat is not None else 0
        self.model.sync_from_view(self.session.view(seat), len(self.session.dead_hand()))
        # the director learns the deal from its deal event; a resumed table has not seen it (buying needs it)
        self.director.dealt = Dealt(tuple(self.session.hand(s) for s in range(len(self.seats))),
                                    self.session.dead_hand())
        if self.session.over:
            self.model.winners = tuple(s for s in range(len(self.seats))
                                       if self.session.chips[s] == max(self.session.chips))

    # --- the director's calls -------------------------------------------------------------------

    def on_presented(self, event: Event) -> None:
        """Hook after each event is presented (nothing by default; tests may wrap it)."""

    def on_deal_end(self, record: DealRecord | None) -> None:
        """A deal is settled: show its summary over the table."""
        from ..scenes.deal_summary import DealSummaryScene
        if record is None:
            self.director.waiting = False
            return
        self._autosave()
        self._keep_deal_log()
        self.director.hush()  # the deal's talk is over; the summary's backdrop is taken without it
        # with nobody (left) at the table to read it, the summary plays on by itself: only the top scene
        # updates, so the summary keeps its own time
        close_after = WATCH_SUMMARY_S if self._nobody_watching_closely() else None
        self._summary = DealSummaryScene(self.app, self.model, record, self.close_summary,
                                         last=self.session.over, on_pause=self.open_pause, under=self,
                                         close_after=close_after)
        self.app.scenes.push(self._summary)

    def _autosave(self) -> None:
        """After every deal the session is kept on disk, so even a crash loses at most the deal in play."""
        if self.session.over:
            discard_resume(self.app.data_dir)
            return
        problem = self.app.keep_session()
        if problem:
            warn(problem)

    # index in `log` of the last deal_start whose deal was kept, so a deal is never kept twice
    _kept_deal_start: int = -1

    def _finished_deal_log(self) -> tuple[int, str] | None:
        """The deal just settled as a save keeps it (cut as `replay.split_deals` cuts), and its deal_start index."""
        # the log ends with the batch that settled the deal (the engine waits on the director), so its last
        # deal_end is this deal's; a resumed table rebuilt `log` in full, so no index needs carrying over
        log = self.log
        end = next((i for i in range(len(log) - 1, -1, -1) if log[i].type == "deal_end"), None)
        start = None if end is None else next((i for i in range(end, -1, -1) if log[i].type == "deal_start"), None)
        if end is None or start is None or start <= self._kept_deal_start:
            return None
        context = next((i for i in range(start - 1, -1, -1) if log[i].type in ("deal_end", "cut")), None)
        after = next((i for i in range(end + 1, len(log)) if log[i].type == "deal_start"), len(log))
        events = [log[0]] + ([log[context]] if context is not None else []) + log[start:after]
        return start, deal_log([event.to_json() for event in events])

    def _keep_deal_log(self) -> None:
        """Keep the finished deal's log for the replays: in the campaign's slot, "daily", or the autosave."""
        # a watched table is a show: its deals would push the player's own past the keep limit
        if self.human_seat is None:
            return
        found = self._finished_deal_log()
        if found is None:
            return
        self._kept_deal_start, log = found
        slot = self.campaign_slot or AUTOSAVE
        daily = slot.startswith("daily:")
        try:
            # a campaign slot is started by the map (a slot with logs and no progress would not load there)
            problem = append_deal_log(self.app.data_dir, "daily" if daily else slot, log,
                                      create=daily or slot == AUTOSAVE)
        except Exception as error:  # noqa: BLE001 - a deal that cannot be kept must never stop the game
            problem = f"the deal's log could not be kept: {error!r}"
        if problem:
            warn(problem)

    def close_summary(self) -> None:
        """The deal summary is dismissed: play on."""
        summary, self._summary = self._summary, None
        if summary is not None and self.app.scenes.top is summary:
            self.app.scenes.pop()
        self.director.waiting = False

    def _show_results(self) -> None:
        from ..scenes.results import ResultsScene
        if self.human_seat is not None:
            problem = record_finished_session(self.app.data_dir, self.log, self.human_seat)
            if problem:
                warn(problem)
        label = "results.back_title"
        if self.on_finished is not None:
            daily = (self.campaign_slot or "").startswith("daily:")
            label = "results.back_daily" if daily else "results.back_map"
        self._results = ResultsScene(self.app, self.model, self.leave_table, self.portraits, under=self,
                                     label_key=label)
        self.app.scenes.push(self._results)

    def leave_table(self) -> None:
        """Back to the title (the session is over or kept), or to `on_finished` with the final chips when over."""
        if self.on_finished is not None and self.session.over:
            finished, self.on_finished = self.on_finished, None  # once only, however often the button is pressed
            finished(list(self.session.chips))
            return
        try:
            from ..scenes.title import TitleScene
        except ImportError:
            TitleScene = None  # type: ignore[assignment,misc]
        if TitleScene is not None:
            self.app.scenes.clear_to(TitleScene(self.app))
        else:
            while self in self.app.scenes:
                self.app.scenes.pop()
            if not len(self.app.scenes):
                self.app.quit()

    def line_for(self, seat: int, moment: str) -> str | None:
        """What a character says at a moment, if anything (the chattiness setting scales their own)."""
        level = self.app.settings.chattiness
        agent = self.agents[seat] if 0 <= seat < len(self.agents) else None
        if agent is None or level <= 0:
            return None
        words = agent.line(moment)
        if words is None or self.rng.random() >= level:
            return None
        return words  # the agent draws from the current language's lines (locale.texts.character_lines)

    def open_pause(self) -> None:
        """The pause menu over the table."""
        try:
            from ..scenes.pause import PauseScene
        except ImportError:
            self.app.scenes.push(_FallbackPause(self.app, self))
            return
        self.app.scenes.push(PauseScene(self.app, self))
        self.app.assets.play("click", 0.5)

    # --- input ----------------------------------------------------------------------------------

    def handle_event(self, event: pygame.event.Event) -> None:
        """Esc pauses; the human's decision takes its input; otherwise a click or Space hurries the table."""
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.open_pause()
            return
        if self.human.handle_event(event):
            return
        hurry = (event.type == pygame.KEYDOWN and event.key == pygame.K_SPACE) or \
                (event.type == pygame.MOUSEBUTTONDOWN and event.button == 1)
        if hurry and (self.director.busy or self._thinking is not None):
            self.director.fast_forward()
            if self._thinking is not None:
                self._thinking = (self._thinking[0], 0.0)

    # --- drawing --------------------------------------------------------------------------------

    def draw(self, surface: pygame.Surface) -> None:
        """The table as the model shows it, the moving things over it, and the human's controls on top."""
        if self._background is None:
            surface.fill(theme.FELT)
            return
        surface.blit(self._background, (0, 0))
        self._draw_board(surface)
        self._draw_boodle(surface)
        self._draw_pot_and_dead(surface)
        self._draw_seats(surface)
        self._draw_hand(surface)
        self.director.motion.draw(surface)
        self._draw_status(surface)
        self.human.draw(surface)
        if not self.covered:  # banners, pop-ups and bubbles never show under (or through) an overlay
            self.director.decor.draw(surface)

    @property
    def covered(self) -> bool:
        """True while another scene (a summary, the results, the pause menu) is over the table."""
        return self.app.scenes.top is not self

    def _draw_board(self, surface: pygame.Surface) -> None:
        model, layout, deck = self.model, self.layout, self.decks.board
        run = model.run_number
        live = bool(model.current_run)
        for card, mark in model.board.items():
            slot = layout.board_slot(card)
            current = live and mark.run == run
            surface.blit(deck.highlighted(card) if current else deck.face(card), slot)
        back = deck.back()
        for card in model.known_dead:
            if card not in model.board:
                slot = layout.board_slot(card)
                surface.blit(back, slot)
        for card in model.stop_marks:
            slot = layout.board_slot(card)
            bar = pygame.Rect(slot.right, slot.y - 4, 3, slot.height + 8)
            if card.rank == 13:
                bar.x = slot.right + 2
            surface.fill((220, 60, 52), bar)

    def _draw_boodle(self, surface: pygame.Surface) -> None:
        model, layout, art, text = self.model, self.layout, self.app.art, self.app.text
        for slot, chips in enumerate(model.boodle):
            x, y = layout.boodle_stacks[slot]
            if chips:
                art.draw_stack(surface, 1 + slot % 4, layout.boodle_chip_radius, chips, (x, y), max_shown=12)
            lx, ly = layout.boodle_labels[slot]
            colour = theme.GOLD if chips else theme.INK_DIM
            text.draw(surface, str(chips), (lx, ly), role="bold", size=15, colour=colour, anchor="midtop",
                      shadow=True)

    def _draw_pot_and_dead(self, surface: pygame.Surface) -> None:
        model, layout, art, text = self.model, self.layout, self.app.art, self.app.text
        if model.pot:
            columns = (model.pot + 9) // 10
            shown = min(columns, 3)
            for i in range(shown):
                count = min(10, model.pot - i * 10) if i < shown - 1 else model.pot - (shown - 1) * 10
                cx = layout.pot_stack[0] + (i - (shown - 1) / 2) * 32
                art.draw_stack(surface, (0, 3, 2)[i], 14, count, (round(cx), layout.pot_stack[1]), max_shown=10)
        text.draw(surface, f"{model.pot}", (layout.pot.centerx, layout.pot.y + 112), role="title", size=24,
                  colour=theme.GOLD if model.pot else theme.INK_DIM, anchor="midtop", shadow=True)
        back = self.decks.flight.back()
        x, y = layout.dead_pile
        shown = min(model.dead_count, 6)
        for i in range(shown):
            surface.blit(back, back.get_rect(center=(x + i * 2, y - i * 2)))
        words = trn("table.cards", model.dead_count) if model.dead_count else "—"
        text.draw(surface, words, (layout.dead.centerx, layout.dead.y + 112), role="bold", size=16,
                  colour=theme.INK if model.dead_count else theme.INK_DIM, anchor="midtop", shadow=True,
                  max_width=layout.dead.width, min_size=12)

    def _draw_seats(self, surface: pygame.Surface) -> None:
        model, layout, text, art = self.model, self.layout, self.app.text, self.app.art
        back = self.decks.fan.back()
        chip = art.chip(1, 8)
        pulse = 0.5 + 0.5 * math.sin(self.clock * 5)
        for seat, (place, state) in enumerate(zip(layout.seats, model.seats)):
            plate = place.plate
            if seat == model.active and state.in_session:
                glow = mix(theme.GOLD, (255, 255, 255), pulse * 0.4)
                pygame.draw.rect(surface, glow, plate.inflate(6, 6), 3, border_radius=16)
            y = plate.y + 36
            surface.blit(chip, (place.name_left, y + 2))
            text.draw(surface, str(state.chips), (place.name_left + 22, y), role="bold", size=18, colour=theme.GOLD)
            if seat == model.active and self._thinking is not None and seat != self.human_seat:
                dots = "•" * (1 + int(self.clock * 3) % 3)
                text.draw(surface, dots, (plate.right - 14, y + 2), role="bold", size=16, colour=theme.INK_DIM,
                          anchor="topright")
            if not state.in_session and self._out_veil is not None:
                surface.blit(self._out_veil, plate)
                text.draw(surface, tr("table.out"), (plate.right - 12, plate.y + 8), role="bold", size=14,
                          colour=theme.RED_TEXT, anchor="topright")
            if seat != HUMAN and state.cards:
                count = state.cards
                width = back.get_width() + FAN_STEP * (count - 1)
                left = place.fan.centerx - width // 2
                for i in range(count):
                    surface.blit(back, (left + i * FAN_STEP, place.fan.y))
                text.draw(surface, str(count), (place.fan.right + 8, place.fan.centery), role="bold", size=14,
                          colour=theme.INK, anchor="midleft", shadow=True)
            cut = model.cut_cards.get(seat)
            if cut is not None:
                face = self.decks.flight.face(cut)
                surface.blit(face, face.get_rect(center=place.card_origin))
        flying = self.director.button_flight
        if model.dealer is not None and (flying is None or flying.done):
            button = art.dealer_button(12)
            surface.blit(button, button.get_rect(center=layout.seats[model.dealer].button_spot))

    def _draw_hand(self, surface: pygame.Surface) -> None:
        human, deck = self.human, self.decks.hand
        deciding = human.kind in ("lead", "follow")
        options = human.options()
        focused = options[min(human.focus, len(options) - 1)] if options else None
        shadow = deck.shadow()
        pad = deck.shadow_pad
        for card, rect in human.hand_rects():
            surface.blit(shadow, (rect.x - pad, rect.y - pad + 3))
            if card in human.lawful:
                image = deck.highlighted(card)
            elif deciding:
                image = deck.dimmed(card)
            else:
                image = deck.face(card)
            surface.blit(image, rect)
            if card is focused or (human.kind == "follow" and card in human.lawful):
                pygame.draw.rect(surface, theme.INK, rect.inflate(4, 4), 2, border_radius=8)
            if card is human.hint_card:
                pygame.draw.rect(surface, (120, 220, 150), rect.inflate(8, 8), 3, border_radius=10)

    def _draw_status(self, surface: pygame.Surface) -> None:
        model, layout, text = self.model, self.layout, self.app.text
        parts = [p for p in (model.status, self.turn_words) if p]
        if not parts or (self.director.stop_banner_showing() and not self.covered):
            return  # the stop's banner stands on this line while it shows
        words = "   ·   ".join(parts)
        light = self._suit_light
        colour = (255, 214, 200) if model.status_is_stop else theme.INK
        room = layout.status.width - 24
        size = text.fit_size(words, "bold", 17, room, 12)
        if text.width(words, "bold", size) > room:
            text.overflows.add(words)
        line = text.render_runs(suit_runs(words, colour, light), "bold", size)
        rect = line.get_rect(center=layout.status.center)
        back = rect.inflate(24, 6)
        pygame.draw.rect(surface, (8, 30, 20), back, border_radius=back.height // 2)
        surface.blit(line, rect)



def illegal_kind(error: IllegalActionError) -> str:
    """Which rule refused an action, from the engine error's class (its text is for programmers)."""
    from ...engine import errors
    for kind, cls in (("turn", errors.NotYourDecisionError), ("stake", errors.IllegalStakeError),
                      ("lead", errors.IllegalLeadError), ("buy", errors.IllegalBuyError),
                      ("over", errors.SessionOverError)):
        if isinstance(error, cls):
            return kind
    return "other"


class Thought:
    """A character's decision, worked out on a worker thread while the table shows them thinking.

    The expert's search takes tens of milliseconds; on the main thread that would stall a frame.
    Decisions are still made one at a time and from the agent's own random stream, so a session
    plays exactly as it would headless.
    """

    def __init__(self, agent: CharacterAgent, view: Any, decision: Any, *, threaded: bool) -> None:
        self._action: Action | None = None
        self._error: BaseException | None = None
        self._thread: threading.Thread | None = None
        if threaded:
            self._thread = threading.Thread(target=self._run, args=(agent, view, decision), daemon=True,
                                            name="newmarket-thinking")
            self._thread.start()
        else:
            self._run(agent, view, decision)

    def _run(self, agent: CharacterAgent, view: Any, decision: Any) -> None:
        try:
            self._action = agent.decide(view, decision)
        except BaseException as error:  # noqa: BLE001 - handed to the main thread, which raises it
            self._error = error

    @property
    def ready(self) -> bool:
        """True once the decision is made (or failed)."""
        return self._action is not None or self._error is not None

    def wait(self) -> None:
        """Block until the decision is made."""
        if self._thread is not None:
            self._thread.join()

    def result(self) -> Action:
        """The action decided; re-raises what went wrong in the worker."""
        self.wait()
        if self._error is not None:
            raise self._error
        assert self._action is not None
        return self._action


class _FallbackPause(Scene):
    """A minimal pause menu, used only if the shell's pause scene cannot be imported."""

    overlay = True

    def __init__(self, app: Any, table: TableScene) -> None:
        super().__init__(app)
        self.table = table

    def handle_event(self, event: pygame.event.Event) -> None:
        """Esc or Enter resumes; Q leaves the table."""
        if event.type == pygame.KEYDOWN:
            if event.key in (pygame.K_ESCAPE, pygame.K_RETURN, pygame.K_SPACE):
                self.app.scenes.pop()
            elif event.key == pygame.K_q:
                self.table.leave_table()

    def draw(self, surface: pygame.Surface) -> None:
        """A dark band with the choices."""
        rect = pygame.Rect(0, 0, 520, 120)
        rect.center = surface.get_rect().center
        pygame.draw.rect(surface, theme.PANEL, rect, border_radius=14)
        pygame.draw.rect(surface, theme.GOLD, rect, 2, border_radius=14)
        self.app.text.draw(surface, tr("table.paused"), (rect.centerx, rect.y + 34), role="title", size=32,
                           colour=theme.GOLD, anchor="center", max_width=rect.width - 40, min_size=20)
        self.app.text.draw(surface, tr("table.paused_keys"), (rect.centerx, rect.y + 84), role="body",
                           size=18, colour=theme.INK, anchor="center", max_width=rect.width - 40, min_size=13)


