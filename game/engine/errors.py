"""Specific errors for actions the rules refuse, each saying why."""


class IllegalActionError(ValueError):
    """An action the rules do not allow at this moment."""


class NotYourDecisionError(IllegalActionError):
    """The action is for another player, or for a decision that is not pending."""


class IllegalStakeError(IllegalActionError):
    """A stake that does not put the right chips on the right boodle cards (R8)."""


class IllegalLeadError(IllegalActionError):
    """A lead that is not the lowest card of a suit this player may lead (R13, R16)."""


class IllegalBuyError(IllegalActionError):
    """Buying the dead hand when the rules or the chips forbid it (R11)."""


class IllegalBidError(IllegalActionError):
    """A bid for the dead hand outside the legal range, and not a pass (R26)."""


class SessionOverError(IllegalActionError):
    """No more decisions: the session has ended."""
