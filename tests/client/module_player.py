"""A player of the rule modules of expansion 1 through the interface (a ``UiPlayer`` that knows them).

It makes each module's moves with clicks and keys at real positions, as a person would: takes a hut
from its stack's panel ([M-HUT-2]), wakes its vizier with the button ([M-VIZIER-4]), buys or passes
in a vizier window ([M-VIZIER-2]), pays with an exchange card ([M-EXCH-3]), takes one from the offer
([M-EXCH-2]) and reveals a bonus card by clicking it ([M-BONUS-2]).  Nothing calls ``game.apply``.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TypeVar

import pygame
from driver import Driver, MakeApp, UiPlayer

from ai import make_agent
from game.client.scenes.turn import TurnScene
from game.client.table import Table
from game.engine import Game, GameConfig, GameState, Seat, Take
from game.engine.components import is_exchange_card
from game.engine.modules.bonus import RevealBonus
from game.engine.modules.exchange import ExchangeBuy
from game.engine.modules.huts import TakeHut
from game.engine.modules.vizier import PLACING, WINDOW, VizierBuy, VizierPass, WakeVizier

MODULES = ("vizier", "exchange", "huts", "bonus")

PanelT = TypeVar("PanelT")


def position(
    wanted: Callable[[GameState], bool],
    modules: tuple[str, ...] = MODULES,
    players: int = 3,
    seeds=range(1, 60),
    limit: int = 400,
) -> Game:
    """A game with ``modules``, played by random agents until the human (seat 0) faces ``wanted``.

    Test setup, not play: the position is reached with the engine; from then on the tests click.
    """
    for seed in seeds:
        seats = (Seat("You", "human"), *tuple(Seat(f"Bot {i}", "random") for i in range(1, players)))
        game = Game.new(GameConfig(seed=seed, seats=seats, modules=modules))
        agent = make_agent("random", seed)
        for _ in range(limit):
            state = game.state
            if state.is_over:
                break
            if state.decider == 0 and wanted(state):
                return game
            game.apply(agent.choose(state.knowledge(state.decider), state.legal_actions()))
    raise AssertionError("no such position in the seeds tried")


def sit_down(make_app: MakeApp, game: Game, size: tuple[int, int] | None = None) -> tuple[Driver, TurnScene]:
    """The human's seat at ``game``'s table, the table scene ready for input."""
    driver = make_app(speed=0.0, **({"size": size} if size else {}))
    driver.app.play(Table(game, (0,)))
    driver.wait_for_human()
    scene = driver.scene
    assert isinstance(scene, TurnScene)
    driver.step(2)
    return driver, scene


def module_panel(scene: TurnScene, name: str, kind: type[PanelT]) -> PanelT:
    """Module ``name``'s panel at the table, checked to be a ``kind`` (so a player may use what only it has)."""
    panel = scene.module_panels[name]
    assert isinstance(panel, kind)
    return panel


def confirm(driver: Driver, scene: TurnScene) -> None:
    """Confirm what is staged (Enter) and wait until the table has played it out."""
    if scene.table.staged is not None:
        driver.key(pygame.K_RETURN)
    driver.wait(lambda: not scene.director.busy)


class ModulePlayer(UiPlayer):
    """Plays the human seat, trying every module move at least once when it is possible."""

    def choose(self, scene: TurnScene):
        state = scene.state
        legal = state.legal_actions()
        first = lambda kind: kind not in self.done or self.rng.random() < 0.25  # noqa: E731
        reveal = [a for a in state.optional_actions() if isinstance(a, RevealBonus)]
        if reveal and first("bonus"):
            return reveal[0]
        if scene.table.choosing and state.phase == WINDOW:  # another module's phase is its player's
            buys = [a for a in legal if isinstance(a, VizierBuy)]
            if buys and (first("vizier buy") or self.rng.random() < 0.5):
                with_card = [a for a in buys if a.exchange]
                return self.rng.choice(with_card or buys)
            return VizierPass()
        if scene.table.acting:
            for kind, move in (
                ("hut", next((a for a in legal if isinstance(a, TakeHut)), None)),
                ("wake", next((a for a in legal if isinstance(a, WakeVizier)), None)),
                ("exchange buy", next((a for a in legal if isinstance(a, ExchangeBuy)), None)),
                (
                    "exchange take",
                    next((a for a in legal if isinstance(a, Take) and is_exchange_card(a.cards[0])), None),
                ),
            ):
                if move is not None and first(kind):
                    return move
        return super().choose(scene)

    undo_exact = False

    def perform(self, scene: TurnScene, action) -> None:
        if isinstance(action, RevealBonus):
            self.reveal(scene, action)
        elif isinstance(action, VizierPass):
            assert scene.widget("vizier_pass").visible, "the window offers Pass"
            self.d.click_widget("vizier_pass")
            self.done.append("vizier pass")
        elif isinstance(action, VizierBuy):
            self.pay(scene, action.slot, action.paid, action.exchange[0] if action.exchange else None)
            assert scene.state.phase == PLACING, "the vizier's tile is placed next"
            self.done.append("vizier buy")
        elif isinstance(action, ExchangeBuy):
            self.pay(scene, action.slot, action.paid, action.card)
            self.done.append("exchange buy")
        elif isinstance(action, TakeHut):
            self.take_hut(scene, action)
        elif isinstance(action, WakeVizier):
            self.d.click_widget("wake_vizier")
            self.done.append("wake")
        elif isinstance(action, Take) and is_exchange_card(action.cards[0]):
            self.take(scene, action)
            self.done[-1] = "exchange take"
        else:
            super().perform(scene, action)

    # ---------------------------------------------------------------- the module moves
    def pay(self, scene: TurnScene, slot: int, paid: tuple[int, ...], card: int | None) -> None:
        """Pick the slot, then the payment: a suggested one (its chip) or card by card, then Buy."""
        self.d.click(scene.market.slot_rects(scene.snapshot())[slot - 1].center)
        sel = scene.sel
        assert sel.slot == slot, "the slot is chosen"
        wanted = (sorted(paid), card)
        chips = [
            i
            for i, (suggested, extra) in enumerate(zip(sel.suggestions, sel.suggested_cards, strict=True))
            if (sorted(suggested), extra) == wanted
        ]
        if chips:
            scene.controls.refresh()
            self.d.click(scene.controls.chips[chips[0]].rect.center)
        else:
            if sel.card != card:
                for c in (sel.card, card):
                    if c is not None:
                        self.d.click(self.hand_pos(scene, c))
            for money in set(sel.pay) ^ set(paid):
                self.d.click(self.hand_pos(scene, money))
        assert (sorted(sel.pay), sel.card) == wanted, (sel.pay, sel.card, wanted)
        self.d.click_widget("primary")

    def take_hut(self, scene: TurnScene, action: TakeHut) -> None:
        panel = scene.module_panels["huts"]
        rect = panel.top_rects(scene.state)[action.tile]  # type: ignore[attr-defined]
        self.d.click(rect.center)
        assert action.tile in scene.state.held, "the hut waits to be placed"
        self.done.append("hut")

    def reveal(self, scene: TurnScene, action: RevealBonus) -> None:
        rect = next(r for piece, r in scene.shelf.piece_rects(scene.snapshot()) if piece.item == action.card)
        self.d.click(rect.center)
        self.done.append("bonus")
