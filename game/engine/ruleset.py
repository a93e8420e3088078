"""The rules of one game: the base game plus its modules' hooks, compiled once.

``Ruleset.of(players, chosen)`` picks the modules that play (Dirk by the player count, the others
by name) and gathers, for each hook, only the modules that override it into a tuple.  The state
keeps a reference to its ruleset (clones share it) and loops over those tuples: for the base
game they are empty, so it pays nothing for modules it does not use.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import cache
from typing import TYPE_CHECKING, Any

from .errors import IllegalAction
from .modules import MODULES, Module
from .modules.base import Handler, overrides

if TYPE_CHECKING:
    from .play import Play  # the hooks' argument


class _Refusal:
    """The check of an action whose module does not play: refused with the module's rule.

    A class rather than a closure, so that a state (which holds its handler table) pickles: bots
    receive the state in another process.
    """

    __slots__ = ("reason",)

    def __init__(self, reason: str) -> None:
        self.reason = reason

    def __call__(self, state: Play, action: Any) -> None:
        raise IllegalAction(action.rule, self.reason)


def _absent(reason: str) -> Handler:
    refuse = _Refusal(reason)
    return refuse, refuse


class Ruleset:
    """Which modules play, and their hooks gathered per hook (only modules that override it)."""

    __slots__ = (
        "after_place",
        "after_redesign",
        "after_scoring",
        "after_turn",
        "aside",
        "asking",
        "bag_tiles",
        "before_scoring",
        "before_windows",
        "buy_out_of_turn",
        "card_taken",
        "cards_aside",
        "check_card_payment",
        "check_out_of_turn",
        "chosen",
        "collectors",
        "conceal",
        "count_extra",
        "deal_into_piles",
        "dealers",
        "drawn_events",
        "handlers",
        "modules",
        "money_cards",
        "names",
        "optional_actions",
        "optional_events",
        "out_of_turn_purchases",
        "overpaid",
        "payment_cards",
        "phases",
        "placement_moves",
        "placing",
        "players",
        "redeal",
        "result_fields",
        "score_fields",
        "score_items",
        "setup_draws",
        "spend_card",
        "spots_for",
        "starts",
        "take_back",
        "turn_actions",
        "turn_ending",
        "unrecorded",
    )

    def __init__(self, players: int, chosen: tuple[str, ...], modules: tuple[Module, ...]) -> None:
        self.players = players
        self.chosen = chosen
        self.modules = modules
        self.names = tuple(module.name for module in modules)

        def hooks(name: str) -> tuple[Any, ...]:
            return tuple(getattr(module, name) for module in modules if overrides(module, name))

        self.starts: tuple[tuple[str, Callable], ...] = tuple(
            (module.name, module.start) for module in modules if overrides(module, "start")
        )
        self.money_cards = hooks("money_cards")
        self.placement_moves = hooks("placement_moves")
        self.spots_for = hooks("spots_for")
        self.collectors: tuple[Module, ...] = tuple(module for module in modules if overrides(module, "collectors"))
        self.after_scoring = hooks("after_scoring")
        self.bag_tiles: tuple[int, ...] = tuple(tile for module in modules for tile in module.bag_tiles())
        # [M-BAZAAR-2] tile -> the module that sets it aside when drawn (empty: every drawn tile stays)
        self.aside: dict[int, Module] = {tile: module for module in modules for tile in module.aside_tiles()}
        # [M-GATE-3] [M-WALL-3] card -> the module that lays it beside the market when drawn (empty: every card stays)
        self.cards_aside: dict[int, Module] = {card: module for module in modules for card in module.aside_cards()}
        # what the modules offer one another (``play.Cooperation``)
        self.payment_cards = hooks("payment_cards")
        self.check_card_payment = hooks("check_card_payment")
        self.spend_card = hooks("spend_card")
        self.out_of_turn_purchases = hooks("out_of_turn_purchases")
        self.check_out_of_turn = hooks("check_out_of_turn")
        self.buy_out_of_turn = hooks("buy_out_of_turn")
        self.optional_events: tuple[str, ...] = tuple(event for module in modules for event in module.optional_events)
        self.deal_into_piles = hooks("deal_into_piles")
        self.dealers: tuple[Module, ...] = tuple(module for module in modules if overrides(module, "deal"))
        self.setup_draws: tuple[Module, ...] = tuple(module for module in modules if overrides(module, "setup_draw"))
        self.conceal = hooks("conceal")
        self.redeal = hooks("redeal")
        self.turn_actions = hooks("turn_actions")
        self.optional_actions = hooks("optional_actions")
        self.card_taken = hooks("card_taken")
        self.overpaid = hooks("overpaid")
        self.take_back = hooks("take_back")
        self.drawn_events: tuple[str, ...] = tuple(event for module in modules for event in module.drawn_events)
        self.after_place = hooks("after_place")
        self.after_redesign = hooks("after_redesign")
        self.turn_ending = hooks("turn_ending")
        self.before_windows = hooks("before_windows")
        self.after_turn = hooks("after_turn")
        self.unrecorded = hooks("unrecorded")
        self.before_scoring = hooks("before_scoring")
        self.count_extra = hooks("count_extra")
        self.score_items = hooks("score_items")
        self.phases: dict[str, Callable] = {}
        self.placing: dict[str, Callable] = {}
        self.asking: dict[str, tuple[str, str]] = {}
        for module in modules:
            self.phases.update(module.phases)
            self.placing.update(module.placing)
            self.asking.update(module.asking)
        self.score_fields = hooks("score_fields")
        self.result_fields = hooks("result_fields")
        handlers: dict[type, Handler] = {}  # the modules' actions; the state adds the base game's
        for kind, module in MODULES.items():
            if kind not in self.names:
                for action_type in module.handlers:
                    handlers[action_type] = _absent(module.absent_reason)
        for module in modules:
            handlers.update(module.handlers)
        self.handlers = handlers

    @staticmethod
    @cache
    def of(players: int, chosen: tuple[str, ...] = ()) -> Ruleset:
        """The ruleset of a game of ``players`` with the modules ``chosen`` at setup (one per combination)."""
        unknown = [name for name in chosen if name not in MODULES]
        if unknown:
            raise ValueError(f"unknown modules {unknown}; known: {', '.join(MODULES)}")
        modules = tuple(module() for module in MODULES.values() if module.applies(players, chosen))
        return Ruleset(players, chosen, modules)

    def __reduce__(self) -> tuple:
        """Pickled as the combination it was built for: unpickling finds the one shared instance again."""
        return Ruleset.of, (self.players, self.chosen)

    def has(self, name: str) -> bool:
        return name in self.names

    def cards_for_money(self, cards: tuple[int, ...]) -> tuple[int, ...]:
        for hook in self.money_cards:
            cards = hook(cards)
        return cards
