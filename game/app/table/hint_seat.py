"""The hint at the player's seat: asked (H, the controller's X, or the Hint button), searched on a worker thread,
shown in a player's words with its figures one press further (the details), and hidden at the next; and what it
costs where the score counts it (the daily deal, the road: `HintPrice`)."""

from __future__ import annotations

from collections.abc import Callable

from ...ai.hint import BidHint, BuyHint, CharmHint, FollowHint, Hint, LeadHint, StakeHint, hint_search
from ...ai.worker import OnWorker
from ...campaign.origin import CampaignRoad, DailyDeal
from ...campaign.scores import HINT_COST
from ...engine.cards import Card
from ...engine.decisions import Decision, StakeDecision
from ...engine.view import PlayerView
from ...locale import tr, trn
from ...locale.words import Words
from ..pad_words import keyed
from .bidding import PASS
from .charms.choice import CharmChoice
from .controller import TableController
from .hint_words import hint_detail, hint_words
from .stage import Stage


class HintPrice:
    """What a hint costs at a table whose score counts it: each decision's first hint is counted in the session
    (kept at once, so a crash and Continue cannot wash it out) and costs `HINT_COST` points of the score."""

    def __init__(self, table: TableController, keep: Callable[[], None]) -> None:
        self.table = table
        self.keep = keep  # keeps the session as it now stands

    @property
    def area(self) -> str:
        """Whose score a hint costs: "daily", "road", or "" (free play: nothing)."""
        match self.table.origin:
            case DailyDeal():
                return "daily"
            case CampaignRoad():
                return "road"
        return ""

    @property
    def due(self) -> bool:
        """Whether a hint asked now would cost points (the first at this decision, where the score counts it)."""
        return bool(self.area) and self.table.hinted != len(self.table.actions)

    def asked(self) -> None:
        """The hint was asked at the decision in hand: counted (once a decision), and the session kept."""
        if self.table.count_hint():
            self.keep()

    def label(self) -> str:
        """The Hint button's words: with its price while a hint would cost points."""
        return trn("score.hint_button", HINT_COST) if self.due else tr("table.button.hint")

    def tip(self) -> str:
        """The Hint button's note: what a hint costs, and whose score."""
        match self.area:
            case "daily":
                return trn("score.hint_tip_daily", HINT_COST)
            case "road":
                return trn("score.hint_tip_road", HINT_COST)
        return tr("table.tip.hint")


class HintAsking:
    """The hint's part of the player's seat (`HumanSeat`): asked, searched, shown, its details, hidden."""

    stage: Stage
    decision: Decision | None
    view: PlayerView | None
    focus: int
    stake: list[int]
    hint_words: Words | None
    hint_detail: Words | None  # the figures behind the hint's words, when it has any
    details_shown: bool
    hint_card: Card | None
    hint_price: HintPrice | None
    charm: CharmChoice | None  # R31: a charm decision in progress
    _hint_seed: Callable[[], int]
    _hint_search: OnWorker[Hint] | None

    @property
    def placed(self) -> int:
        """Chips placed so far (the seat's)."""
        raise NotImplementedError

    def options(self) -> tuple[Card, ...]:
        """The lawful leads in hand order (the seat's)."""
        raise NotImplementedError

    def _build_buttons(self) -> None:
        raise NotImplementedError

    def forget_hint(self) -> None:
        """No hint shown or searched."""
        self.hint_words = self.hint_detail = None
        self.details_shown = False
        self.hint_card = None
        self._hint_search = None

    @property
    def hint(self) -> str | None:
        """The expert's hint in the current language while it is shown, with its figures once asked for."""
        if self.hint_words is None:
            return None
        if self.details_shown and self.hint_detail is not None:
            return tr("hint.detail.shown", hint=self.hint_words, detail=self.hint_detail)
        return str(self.hint_words)

    @property
    def hint_key(self) -> str:
        """What the hint's key does next, as the hint's box says it (the controller's button while it is in use):
        show the details, or hide the hint."""
        return keyed(tr("table.hint.details") if self.hint_detail is not None and not self.details_shown
                     else tr("table.hint.hides"))

    def ask_hint(self) -> None:
        """Ask the expert what it would do, searched on a worker thread; asked again, show its figures (when it
        has any), and again, hide it."""
        if self.decision is None or self.view is None:
            return
        if self._hint_search is not None or self.hint_words is not None:
            if self.hint_words is not None and self.hint_detail is not None and not self.details_shown:
                self.details_shown = True
                return
            self.forget_hint()
            self._build_buttons()
            return
        self._hint_search = hint_search(self.view, self.decision, self._hint_seed())
        if self.hint_price is not None:
            self.hint_price.asked()
            self._build_buttons()  # the button's price is paid for this decision

    @property
    def hint_pending(self) -> bool:
        """True while the hint asked for is still being searched."""
        return self._hint_search is not None

    def update(self) -> None:
        """Show the hint as soon as its search is done."""
        search = self._hint_search
        if search is not None and search.ready:
            self._hint_search = None
            self._show_hint(search.result())

    def _show_hint(self, hint: Hint) -> None:
        """Word the hint and select what it recommends, so that Enter takes it: the card, the button, the stake."""
        self.hint_words = hint_words(hint, self.stage.model.namer)
        self.hint_detail = hint_detail(hint, self.stage.model.namer)
        self.details_shown = False
        self.hint_card = None
        decision = self.decision
        if isinstance(hint, LeadHint) and hint.card in self.options():
            self.hint_card = hint.card
            self.focus = self.options().index(hint.card)
        elif isinstance(hint, FollowHint):
            self.focus = 0 if hint.play >= hint.decline else 1
            self.hint_card = hint.card if self.focus == 0 else None
        elif isinstance(hint, BuyHint | BidHint):
            self.focus = 0 if hint.buy > hint.keep else (PASS if isinstance(hint, BidHint) else 1)
        elif isinstance(hint, StakeHint) and isinstance(decision, StakeDecision) and hint.card in decision.cards:
            self.focus = decision.cards.index(hint.card)
            if self.placed == 0:  # chips the player placed are theirs: the hint points, Enter adds one there
                self.stake[self.focus] = decision.boodle_total
        elif isinstance(hint, CharmHint) and self.charm is not None:
            self.charm.point_to(hint.use)
        self._build_buttons()

    def finish_hint(self) -> None:
        """Wait for the hint asked for and show it (screenshots and tests want it in this frame)."""
        if self._hint_search is not None:
            self._hint_search.wait()
            self.update()
