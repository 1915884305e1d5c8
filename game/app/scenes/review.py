"""The review of a deal: the player's decisions one at a time, each with its options' chips as the expert's search
found them from what the player could see, the choice and the best marked, the cost of the choice and one reason.

The search takes tens of milliseconds a decision, so the deal is reviewed on a worker thread, decision by decision,
while the scene says how far it has got; leaving mid-review only tells the worker to stop after the decision in
hand (it is a daemon thread, and what it finds afterwards is dropped).
"""

from __future__ import annotations

import json
import threading
from typing import TYPE_CHECKING

import pygame

from ...ai.worker import OnWorker
from ...engine.events import SessionStart, event_from_data
from ...locale import tr, trn
from ...locale.cards import card_label
from ...review.judge import Judged, costliest, judge
from ...review.walk import SessionLog, WalkedDeal, player_seat, walk_deal
from .. import paint, theme
from ..canvas import Canvas
from ..replay_words import logged_names
from ..review_words import cost_text, costliest_words, figure_text, kind_text, marks, option_text, reason_text
from ..scene import Scene
from ..text import suit_runs
from ..widgets import button_row, draw_panel
from .common import felt_backdrop, heading, hint_bar

if TYPE_CHECKING:
    from ..app import App

PANEL = pygame.Rect(64, 128, 1152, 496)
LABEL_X = PANEL.x + 32
OPTION_X = PANEL.x + 32
BAR_X = PANEL.x + 300
BAR_W = 290
FIGURE_X = BAR_X + BAR_W + 16
MARK_X = PANEL.right - 40
OPTIONS_TOP = PANEL.y + 160
OPTIONS_ROOM = 200
ROW_MAX = 40


class ReviewScene(Scene):
    """A deal's decisions for one seat, reviewed on a worker thread: ←/→ or PgUp/PgDn step, Home/End, Esc back."""

    music = None  # whatever was playing (the table's loop, or the title's over Replays) plays on

    def __init__(self, app: App, log: str, seat: int | None = None, title: str = "", *, threaded: bool = True) -> None:
        super().__init__(app)
        self.log = log
        self.seat = seat if seat is not None else logged_player(log)
        self.names = logged_names(logged_start(log))  # each seat's one name, worded again when the language changes
        self.title = title
        self.threaded = threaded
        self.walked: WalkedDeal | None = None
        self.judged: list[Judged] = []  # filled by the worker, in order
        self.problem: str | None = None
        self.index = 0  # the decision shown
        self.stop = threading.Event()
        self.worker: OnWorker[None] | None = None
        self.hover: int | None = None
        self._build_menu()

    # --- the work ---------------------------------------------------------------------------------------------

    def enter(self) -> None:
        """Start reviewing on the worker thread."""
        self.worker = OnWorker(self._review, name="newmarket-review", threaded=self.threaded)

    def exit(self) -> None:
        """Tell the worker to stop after the decision in hand."""
        self.stop.set()

    def _review(self) -> None:
        """Walk the deal, then judge its decisions one by one until done or told to stop (on the worker)."""
        try:
            log = SessionLog.from_text(self.log, "the deal")
            walked = walk_deal(log.deals[-1], self.seat)
        except ValueError as error:  # LogError and ReviewError: a deal that cannot be reviewed says why
            self.problem = str(error)
            return
        self.walked = walked
        for point in walked.points:
            if self.stop.is_set():
                return
            self.judged.append(judge(point, walked.seed, walked.deal))

    @property
    def total(self) -> int | None:
        """How many decisions the deal has for the seat (None until the deal is walked)."""
        return None if self.walked is None else len(self.walked.points)

    @property
    def done(self) -> bool:
        """Whether every decision is reviewed (or the deal cannot be)."""
        return self.problem is not None or (self.total is not None and len(self.judged) >= self.total)

    def costliest(self) -> int | None:
        """The costliest decision's number, once every decision is reviewed."""
        return costliest(self.judged) if self.done else None

    def corner(self) -> str:
        """The words at the panel's top right: how far the review has got, else which decision cost the most (on
        every page but that decision's own, which wears the badge instead)."""
        if self.problem is not None or self.total == 0:
            return ""
        if not self.done:
            total = self.total
            return tr("review.progress", done=len(self.judged), total="…" if total is None else total)
        found = self.costliest()
        shown = self.judged[self.index].number if self.index < len(self.judged) else None
        return "" if found is not None and found == shown else costliest_words(found, self.total or 0)

    # --- moving -----------------------------------------------------------------------------------------------

    def step(self, count: int) -> None:
        """Show the decision `count` on (back when negative), within those the deal has."""
        total = self.total or 0
        self.index = max(0, min(total - 1, self.index + count)) if total else 0
        self._build_menu()

    def relabel(self) -> None:
        """The language changed: the names and the buttons again (the rest is worded as it draws)."""
        self.names = logged_names(logged_start(self.log))
        self._build_menu()

    def _build_menu(self) -> None:
        total = self.total or 0
        self.buttons = button_row(self.app.text, [
            (tr("review.previous"), lambda: self.step(-1), None, "←", self.index > 0),
            (tr("review.next"), lambda: self.step(1), None, "→", self.index < total - 1),
            (tr("review.back"), self.back, None, "Esc", True)])

    def handle_event(self, event: pygame.event.Event) -> None:
        """Arrows and PgUp/PgDn step, Home/End go to the first and last, Esc or Backspace leave; buttons click."""
        if event.type == pygame.KEYDOWN:
            total = self.total or 0
            moves = {pygame.K_RIGHT: 1, pygame.K_DOWN: 1, pygame.K_PAGEDOWN: 1, pygame.K_LEFT: -1, pygame.K_UP: -1,
                     pygame.K_PAGEUP: -1, pygame.K_HOME: -total, pygame.K_END: total}
            if event.key in (pygame.K_ESCAPE, pygame.K_BACKSPACE):
                self.back()
            elif event.key in moves:
                self.step(moves[event.key])
        elif event.type == pygame.MOUSEMOTION:
            self.hover = next((i for i, b in enumerate(self.buttons) if b.rect.collidepoint(event.pos)), None)
        elif event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            for button in self.buttons:
                if button.enabled and button.rect.collidepoint(event.pos):
                    button.activate()
                    return
        elif event.type == pygame.MOUSEWHEEL:
            self.step(-event.y)

    def update(self, dt: float) -> None:
        """The buttons follow the decisions as the worker finds them."""
        total = self.total or 0
        if self.buttons[1].enabled != (self.index < total - 1):
            self._build_menu()

    # --- drawing ----------------------------------------------------------------------------------------------

    def draw(self, surface: Canvas) -> None:
        """The felt, the heading, the decision shown (or the progress), the buttons and the keys."""
        text = self.app.text
        felt_backdrop(surface)
        walked = self.walked
        deal = walked.deal if walked is not None else "?"
        players = self.names
        name = players[self.seat] if 0 <= self.seat < len(players) else ""
        mine = logged_player(self.log) == self.seat
        subtitle = tr("review.subtitle") if mine else tr("review.subtitle_of", name=name)
        heading(surface, text, self.title or tr("review.title", deal=deal), subtitle, y=22)
        draw_panel(surface, PANEL, alpha=225)
        if self.problem is not None:
            self._say(surface, tr("review.cannot", why=self.problem), theme.LOSS)
        elif self.total == 0:
            self._say(surface, tr("review.none"), theme.INK_DIM)
        elif self.index < len(self.judged):
            self._draw_decision(surface, self.judged[self.index], players)
        corner = self.corner()
        if corner and self.index >= len(self.judged) and self.problem is None and self.total != 0:
            self._say(surface, corner, theme.INK_DIM)  # nothing reviewed to show yet: the progress in the middle
        elif corner:
            text.draw(surface, corner, (PANEL.right - 24, PANEL.y + 22), size=16, colour=theme.INK_DIM,
                      anchor="topright", max_width=520, min_size=11)
        for index, button in enumerate(self.buttons):
            button.draw(surface, text, False, index == self.hover)
        hint_bar(surface, text, tr("review.keys"))

    def _say(self, surface: Canvas, words: str, colour: tuple[int, int, int]) -> None:
        """One sentence in the middle of the panel."""
        self.app.text.draw(surface, words, PANEL.center, size=20, colour=colour, anchor="center",
                           max_width=PANEL.width - 80, min_size=13)

    def _cards(self, surface: Canvas, words: str, pos: tuple[int, int], size: int = 18,
               room: int | None = None) -> None:
        """A line with its suits in their colours, squeezed into `room` (else the panel) if it must be."""
        light = theme.suits_on_dark(self.app.settings.four_colour_deck)
        line = self.app.text.render_runs(suit_runs(words, theme.INK, light), "body", size)
        room = PANEL.right - 32 - pos[0] if room is None else room
        if line.get_width() > room:
            line = line.scaled((room, line.get_height()))
        surface.blit(line, pos)

    def _draw_decision(self, surface: Canvas, judged: Judged, players: tuple[str, ...]) -> None:
        """One decision: its number and title, the position, the options as bars, the cost and the reason."""
        text = self.app.text
        total = self.total or len(self.judged)
        top = PANEL.y + 18
        number = text.draw(surface, tr("review.decision", number=judged.number, total=total), (LABEL_X, top),
                           role="bold", size=16, colour=theme.INK_DIM, max_width=300, min_size=12)
        text.draw(surface, kind_text(judged), (LABEL_X, number.bottom + 4), role="title", size=28,
                  colour=theme.GOLD, max_width=620, min_size=18)
        if judged.number == self.costliest():
            badge = pygame.Rect(0, 0, 300, 34)
            badge.topright = (PANEL.right - 24, top + 30)
            paint.rect(surface, (90, 40, 30), badge, border_radius=10)
            paint.rect(surface, theme.LOSS, badge, 2, border_radius=10)
            text.draw(surface, tr("review.costliest"), badge.center, role="bold", size=17, colour=theme.INK,
                      anchor="center", max_width=badge.width - 20, min_size=11)
        position = judged.position
        y = top + 80
        if position is not None and position.hand:  # a stake goes down before the cards are seen
            label = text.draw(surface, tr("review.hand"), (LABEL_X, y), role="bold", size=16, colour=theme.INK_DIM,
                              max_width=220, min_size=11)
            self._cards(surface, " ".join(map(card_label, position.hand)), (LABEL_X + 240, y - 2))
            y = label.bottom + 12
            run_key = "review.run_none" if not position.run else \
                "review.run_stopped" if position.stopped else "review.run"
            text.draw(surface, tr(run_key), (LABEL_X, y), role="bold", size=16, colour=theme.INK_DIM,
                      max_width=220, min_size=11)
            if position.run:
                leader = position.leader
                led = "" if leader is None else "   " + (tr("review.led_by_you") if leader == self.seat else
                                                          tr("review.led_by", name=players[leader]))
                self._cards(surface, " ".join(map(card_label, position.run)) + led, (LABEL_X + 240, y - 2))
        cost = cost_text(judged)
        reasons = text.wrap(reason_text(judged, players), "body", 18, PANEL.width - 64)[:3]
        foot = (text.grown_step(30, "bold", 18) if cost else 0) + text.grown_step(25, "body", 18) * (len(reasons) - 1)
        foot += text.line_height("body", 18) if reasons else 0
        # larger words: the options start under the position's lines and end over the cost and the reason
        top = OPTIONS_TOP + (2 * text.grown_step(0, "bold", 16) if position is not None and position.hand else 0)
        y = min(OPTIONS_TOP + OPTIONS_ROOM + 14, PANEL.bottom - 21 - foot)
        self._draw_options(surface, judged, top, y - 14 - top)
        if cost:
            costly = judged.cost is not None and judged.chosen != judged.best and not judged.about_equal
            text.draw(surface, cost, (LABEL_X, y), role="bold", size=18, colour=theme.LOSS if costly else theme.INK,
                      max_width=PANEL.width - 64, min_size=12)
            y += text.grown_step(30, "bold", 18)
        for line in reasons:
            self._cards(surface, line, (LABEL_X, y))
            y += text.grown_step(25, "body", 18)

    def _draw_options(self, surface: Canvas, judged: Judged, top: int = OPTIONS_TOP, room: int = OPTIONS_ROOM) -> None:
        """Each option a row of the `room` from `top`: what it is, a bar of its chips (± its margin) or of how often
        its card is played, the figure, and the choice and the best marked; the words as large as the rows hold."""
        text = self.app.text
        shown = shown_options(len(judged.options), [i for i in range(len(judged.options)) if any(marks(judged, i))],
                              max(1, room // 18))
        options = [judged.options[i] for i in shown]
        more = len(judged.options) - len(shown)  # a charm's uses can outnumber the rows: the rest are counted
        row = max(18, min(ROW_MAX, room // max(1, len(options) + (1 if more else 0))))
        size = 18 if row >= text.grown_step(30, "body", 18) else 14
        while size > 10 and size < 18 and text.line_height("body", size) > max(row - 2, 17):
            size -= 1
        reach = max([abs(o.chips) + 2 * (o.error or 0.0) for o in options if o.chips is not None] or [1.0]) or 1.0
        zero = BAR_X + BAR_W // 2 if any(o.chips is not None and o.chips < 0 for o in options) else BAR_X
        scale = (BAR_X + BAR_W - zero) / reach
        if more:
            text.draw(surface, trn("charm_tray.review_more", more), (OPTION_X, top + len(options) * row + row // 2),
                      size=size - 2, colour=theme.INK_DIM, anchor="midleft")
        for i, (option, index) in enumerate(zip(options, shown)):
            y = top + i * row
            centre = y + row // 2
            chosen, best = marks(judged, index)
            if chosen or best:
                mark = pygame.Rect(OPTION_X - 12, y + 1, PANEL.width - 40, row - 2)
                paint.rect(surface, (30, 70, 50) if chosen else (22, 50, 38), mark, border_radius=8)
            grew = text.grown_step(0, "body", size) // 2  # the words centred on the row as they grew
            self._cards(surface, option_text(judged, option), (OPTION_X, centre - size // 2 - 2 - grew), size,
                        BAR_X - OPTION_X - 16)
            if option.chips is not None:
                end = zero + round(option.chips * scale)
                bar = pygame.Rect(min(zero, end), centre - row // 5, max(2, abs(end - zero)), max(4, 2 * (row // 5)))
                paint.rect(surface, theme.GAIN if option.chips >= 0 else theme.LOSS, bar, border_radius=3)
                spread = round(2 * (option.error or 0.0) * scale)
                paint.line(surface, theme.INK, (end - spread, centre), (end + spread, centre), 2)
                paint.line(surface, theme.INK_DIM, (zero, y + 3), (zero, y + row - 3), 1)
            elif option.rate is not None:
                bar = pygame.Rect(BAR_X, centre - row // 5, round(BAR_W * option.rate), max(4, 2 * (row // 5)))
                paint.rect(surface, theme.GOLD, bar, border_radius=3)
            words = " · ".join(word for word, on in ((tr("review.chosen"), chosen), (tr("review.best"), best)) if on)
            room = MARK_X - FIGURE_X - 16  # the figure takes all the row up to its marks
            if words:
                drawn = text.draw(surface, words, (MARK_X, centre), role="bold", size=size - 2,
                                  colour=theme.GOLD if best else theme.INK, anchor="midright", max_width=200,
                                  min_size=10)
                room = drawn.left - FIGURE_X - 16
            text.draw(surface, figure_text(option), (FIGURE_X, centre), size=size - 2, colour=theme.INK,
                      anchor="midleft", max_width=room, min_size=10)

def shown_options(count: int, kept: list[int], rows: int) -> list[int]:
    """Which of `count` options fit `rows` rows, in their order: all when they fit, else those `kept` (the chosen,
    the best) and the first of the others, a row left for the count of the rest."""
    if count <= rows:
        return list(range(count))
    room = max(len(kept), rows - 1)
    others = [i for i in range(count) if i not in kept][:max(0, room - len(kept))]
    return sorted(set(kept) | set(others))


def logged_start(log: str) -> SessionStart | None:
    """A deal's log's session_start, if its first line is one."""
    try:
        start = event_from_data(json.loads(log.split("\n", 1)[0]))
    except ValueError:
        return None
    return start if isinstance(start, SessionStart) else None


def logged_player(log: str) -> int:
    """The seat a deal's log says is the player's (the first seat when it names none)."""
    start = logged_start(log)
    found = player_seat(start) if start is not None else None
    return 0 if found is None else found
