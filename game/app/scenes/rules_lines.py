"""The rules in play worded a line a setting, for How to play's page of these rules, and the lines in which a
table's rules differ from the classic game, for every summary of a table (a helper module: it holds no scene)."""

from __future__ import annotations

from collections.abc import Callable

from ...config import default_rules
from ...engine.cards import Card
from ...engine.rules import FIRST_LEAD_DEFAULT, RuleSet
from ...engine.rules_keys import RULES_KEYS
from ...locale import tr, trn
from ...locale.cards import card_label, pile_label
from ...locale.texts import rules_description, rules_name

BULLET = "•  "
TABLE_LINES = ("name", "deals")  # the table's own: said beside the summary, never as a difference


def chips(count: int) -> str:
    """'1 chip', '4 chips' in the current language."""
    return trn("how_to_play.chips", count)


def cards_words(rules: RuleSet) -> str:
    """The boodle cards, as the language writes them."""
    return ", ".join(card_label(card) for card in rules.boodle_cards)


def removed_words(rules: RuleSet) -> str:
    """R24: the cards taken out of the deck, as the language writes them."""
    return ", ".join(card_label(card) for card in rules.removed_cards)


def _named(rules: RuleSet) -> str:
    """The rules' name, and what they are when the file says."""
    name, about = rules_name(rules), rules_description(rules)
    return tr("how_to_play.rules.named", name=name, description=about) if about else name


def _after_stop_line(rules: RuleSet) -> str:
    """R16: what the new leader may lead after a stop."""
    if not rules.switch_suit:
        return tr("how_to_play.rules.after_any")
    if rules.switch_to == "other_colour":
        if rules.when_unable == "step_down":
            return tr("leading_rules.rules.after_colour_step")
        return tr("how_to_play.rules.after_colour_pass" if rules.when_unable == "pass_left" else
                  "how_to_play.rules.after_colour_same")
    return tr("how_to_play.rules.after_suit_pass" if rules.when_unable == "pass_left" else
              "how_to_play.rules.after_suit_same")


def auction_words(rules: RuleSet) -> str:
    """R26: the auction of the dead hand in a sentence, or nothing when there is none."""
    buy = rules.buy_dead_hand
    return tr(f"auction.rules.{buy.paid_to}", fee=chips(buy.fee)) if buy.auction else ""


ANTE_LINES = {(True, True): "how_to_play.rules.ante_free", (False, True): "how_to_play.rules.ante_even",
              (True, False): "how_to_play.rules.ante_free_no_pot",  # no "0 to the pot" (American Michigan)
              (False, False): "how_to_play.rules.ante_even_no_pot"}

# The lines of the page of the rules in play, in the order it shows them; every key the rules declare
# (game/engine/rules_keys.py) names the line that tells it (`told`), and only lines some key names are shown.
TOLD: dict[str, Callable[[RuleSet], str]] = {
    "name": _named,
    "boodle_cards": lambda rules: tr("how_to_play.rules.boodle", cards=cards_words(rules)),
    "starting_chips": lambda rules: tr("how_to_play.rules.chips", chips=rules.starting_chips),
    "ante": lambda rules: tr(ANTE_LINES[rules.staking == "free", rules.ante_pot > 0], pot=rules.ante_pot,
                             boodle=rules.ante_boodle),
    "dealer_ante_multiplier": lambda rules: (tr("how_to_play.rules.dealer", times=rules.dealer_ante_multiplier)
                                             if rules.dealer_ante_multiplier > 1 else ""),
    "follow": lambda rules: tr("how_to_play.rules.optional" if rules.follow == "optional" else
                               "how_to_play.rules.compulsory"),
    "after_stop": _after_stop_line,
    "first_lead": lambda rules: (tr("how_to_play.rules.first_left") if rules.first_lead == FIRST_LEAD_DEFAULT else
                                 tr("how_to_play.rules.first_card", card=card_label(Card.parse(rules.first_lead)))),
    "buy_dead_hand": lambda rules: (tr("how_to_play.rules.buy", fee=chips(rules.buy_dead_hand.fee))
                                    if rules.buy_dead_hand.enabled else tr("how_to_play.rules.no_buy")),
    "auction": lambda rules: auction_words(rules),
    "per_card_payment": lambda rules: (tr("how_to_play.rules.per_card", chips=chips(rules.per_card_payment))
                                       if rules.per_card_payment else tr("how_to_play.rules.no_per_card")),
    "deals": lambda rules: (trn("how_to_play.rules.deals", rules.deals) if rules.deals else
                            tr("how_to_play.rules.no_deals")),
    "boodle_at_end": lambda rules: tr("boodle_end.rules_split" if rules.boodle_at_end == "split" else
                                      "boodle_end.rules_stay"),
    "aces": lambda rules: tr("ranks.told_aces_high") if rules.aces == "high" else "",
    "removed_cards": lambda rules: (tr("ranks.told_removed", cards=removed_words(rules)) if rules.removed_cards
                                    else ""),
    "cut_deals": lambda rules: tr("ranks.told_cut_lowest") if rules.cut_deals == "lowest" else "",
    "pass_penalty": lambda rules: (tr("leading_rules.rules.penalty", chips=chips(rules.pass_penalty))
                                   if rules.pass_penalty else ""),
    "short_ante": lambda rules: tr("leading_rules.rules.all_in") if rules.short_ante == "all_in" else "",
    "combinations": lambda rules: (tr("combinations.told", piles=", ".join(map(pile_label, rules.combinations)))
                                   if rules.combinations else ""),
}
_UNTOLD = {key.told for key in RULES_KEYS if key.told is not None} - set(TOLD)
if _UNTOLD:
    raise TypeError(f"How to play has no line for the rules keys told in {sorted(_UNTOLD)}")


def rules_summary(rules: RuleSet) -> tuple[str, ...]:
    """Every setting of `rules` in the current language's words: the name, then a bullet for each line the
    declared rules keys are told in."""
    told = {key.told for key in RULES_KEYS}
    said = [(line, sentence(rules)) for line, sentence in TOLD.items() if line in told]
    return tuple(words if line == "name" else BULLET + words for line, words in said if words)




def rule_changes(rules: RuleSet, said: tuple[str, ...] = ()) -> tuple[str, ...]:
    """Every line of `rules` that differs from the classic game's (the name, the length and the lines `said`
    elsewhere aside): what a summary of a table must say, optional following and a dealer's double stake
    included."""
    classic = default_rules()
    told = {key.told for key in RULES_KEYS}
    return tuple(words for line, sentence in TOLD.items()
                 if line in told and line not in TABLE_LINES + said and (words := sentence(rules)) != sentence(classic)
                 and words)


def differences(rules: RuleSet, base: RuleSet) -> tuple[str, ...]:
    """Every line of `rules` that `base` words otherwise, the length included (the name and description aside), in
    How to play's order: what the rules editor's own description of a changed file says."""
    told = {key.told for key in RULES_KEYS}
    return tuple(words for line, sentence in TOLD.items()
                 if line in told and line != "name" and (words := sentence(rules)) != sentence(base) and words)


def changes_line(rules: RuleSet, said: tuple[str, ...] = ()) -> str:
    """"Unlike the classic game: …" with every change (but the lines `said` elsewhere), or "" for none."""
    changes = rule_changes(rules, said)
    return tr("table_notes.changes", changes=" ".join(changes)) if changes else ""


def rules_detail(rules: RuleSet) -> str:
    """A rules file as the list's note says it: its description, then every change from the classic game (the
    classic game: its boodle, chips and ante)."""
    about = rules_description(rules) or tr("new_game.classic_game")
    changes = changes_line(rules)
    if changes and all(change in about for change in rule_changes(rules)):
        return about  # a description the rules editor wrote already names every change
    if changes:
        return f"{about}\n{changes}"
    boodle = " ".join(card_label(card) for card in rules.boodle_cards)
    extra = tr("new_game.rules_detail", cards=boodle, chips=rules.starting_chips, pot=rules.ante_pot,
               boodle=rules.ante_boodle)
    return f"{about}\n{extra}"
