"""What the table says and offers with every module on, checked against the rules it states.

The suggested payment is exact whenever an exact payment exists, an exchange card's included ([B-TURN-4],
[M-EXCH-3]); nothing shown in a vizier window, while placing a vizier's tile or while buying falcons promises an
extra action ([M-VIZIER-3], [M-FALCON-2]); the log says each card's currency when an exchange card mixes two
([M-EXCH-3]); buying falcons when none fits says why ([M-FALCON-2], [M-FALCON-3]); the buttons say what they do
out of turn ([M-VIZIER-2], [B-DIRK-5]) and offer no second action beside the falcons ([M-FALCON-2]); the prompts
list what the player can do now ([M-BAZAAR-3], [M-HUT-2], [M-VIZIER-4], [B-TURN-4]).

Positions are reached with the engine (test setup, not play): random players for every seat of a two-player game
(Dirk plays) with every module (the seven of expansion 1 and the 2024 edition where a test means a position of
theirs alone); from there on the tests select, click and press keys at the table.
"""

from __future__ import annotations

import inspect
import re
from collections.abc import Callable

import module_player
import pygame
import pytest
from driver import Driver, MakeApp
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from ai import make_agent
from ai.base import Decision
from ai.greedy import GreedyAgent
from game.client.modules.bazaars import BazaarsWares
from game.client.modules.falcons import FalconsPlacements
from game.client.narrate import narrate
from game.client.scenes.parts.drawing import PROMPT_LINES
from game.client.scenes.parts.prompt import Prompt
from game.client.scenes.turn import TurnScene
from game.client.table import Table
from game.client.widgets import shown
from game.engine import Buy, Game, GameConfig, GameState, Seat
from game.engine.components import (
    CARD_CURRENCY,
    CARD_VALUE,
    EMPTY,
    EXCHANGE_CARDS,
    FALCON_TYPES,
    MARKET_SLOTS,
    TILE_COST,
    is_money_card,
)
from game.engine.modules import CHOOSABLE, exchange, falcons, vizier
from game.engine.modules.exchange import ExchangeBuy
from game.engine.modules.falcons import FLIGHT
from game.engine.modules.vizier import VizierBuy, WakeVizier
from game.engine.phases import ACTION, PLACE
from game.i18n import words
from tests.engine.golden_records import ALL_SEVEN

ALL = tuple(CHOOSABLE)
FALCONS = FalconsPlacements()
BAZAARS = BazaarsWares()


# ---------------------------------------------------------------------- positions (test setup, not play)
def new_game(seed: int) -> Game:
    """A two-player game (Dirk plays) with every module, the human in seat 0."""
    return Game.new(GameConfig(seed=seed, seats=(Seat("You", "human"), Seat("Bot", "random")), modules=ALL))


def play_to(seed: int, steps: int) -> Game:
    """``new_game(seed)`` after ``steps`` moves of random players (fewer if it ends)."""
    game = new_game(seed)
    agent = make_agent("random", seed)
    for _ in range(steps):
        state = game.state
        if state.is_over:
            break
        game.apply(agent.choose(state.knowledge(state.decider), state.legal_actions()))
    return game


def position(
    wanted: Callable[[GameState], bool], seeds=range(1, 120), limit: int = 500, modules: tuple[str, ...] = ALL
) -> Game:
    """The first position of the seeds tried where the human (seat 0) of a two-player game with ``modules`` (every
    module unless told) decides and ``wanted`` holds."""
    return module_player.position(wanted, modules, players=2, seeds=seeds, limit=limit)


def human_actions(seed: int):
    """Every position of a whole game of random players where the human decides in the action phase."""
    game = new_game(seed)
    agent = make_agent("random", seed)
    while not game.state.is_over:
        state = game.state
        if state.decider == 0 and state.phase == ACTION:
            yield game
        game.apply(agent.choose(state.knowledge(state.decider), state.legal_actions()))


def hand_over_an_exchange_card(state: GameState, card: int) -> None:
    """Test setup: exchange ``card`` from the discard pile or the deck goes to the human (seat 0), a money card of
    the discard pile taking its place in the deck (the deck keeps its length, every card stays in the game)."""
    part = exchange.of(state)
    assert part is not None
    if card in state.discard:
        state.discard.remove(card)
    elif card in state.deck:
        money = next((c for c in state.discard if is_money_card(c)), None)
        if money is None:
            return
        state.discard.remove(money)
        state.deck[state.deck.index(card)] = money
    else:
        return
    part.held[0].append(card)


def sit(driver: Driver, game: Game) -> TurnScene:
    """The human's seat at ``game``'s table, ready for input."""
    driver.app.play(Table(game, (0,)))
    driver.wait_for_human()
    scene = driver.scene
    assert isinstance(scene, TurnScene)
    driver.step(2)
    return scene


def paid_total(paid: tuple[int, ...]) -> int:
    return sum(CARD_VALUE[c] for c in paid)  # type: ignore[misc]


def exact_purchases(state: GameState, slot: int) -> list:
    """The engine's legal purchases of market ``slot`` now that pay exactly (with or without an exchange card)."""
    cost = TILE_COST[state.in_slot(slot)]
    return [
        a
        for a in state.legal_actions()
        if isinstance(a, Buy | ExchangeBuy | VizierBuy) and a.slot == slot and paid_total(a.paid) == cost
    ]


def payable_bazaars(state: GameState) -> list[int]:
    """The waiting bazaars the human can pay exactly now ([M-BAZAAR-3])."""
    return [tile for tile in BAZAARS.for_sale(state) if BAZAARS.item_payments(state, 0, tile)]


def exact_only_with_a_card(state: GameState) -> int | None:
    """A slot the human can pay exactly only with an exchange card, while their money alone overpays it."""
    if state.phase != ACTION:
        return None
    for slot in MARKET_SLOTS:
        if state.in_slot(slot) == EMPTY:
            continue
        exact = exact_purchases(state, slot)
        plain = [a for a in state.legal_actions() if isinstance(a, Buy) and a.slot == slot]
        if plain and exact and all(isinstance(a, ExchangeBuy) for a in exact):
            return slot
    return None


# ---------------------------------------------------------------------- 2: the first suggestion is exact
def first_suggestion_problems(scene: TurnScene) -> list[str]:
    """For every market slot: choose it as a player does (a click, or Q W E R) and compare the first suggested
    payment, which Enter makes, with the engine's exact purchases of it."""
    state = scene.state
    problems = []
    for slot in MARKET_SLOTS:
        tile = state.in_slot(slot)
        if tile == EMPTY:
            continue
        exact = exact_purchases(state, slot)
        scene.picker.cancel()
        scene.buying.choose_slot(slot)
        if scene.sel.slot != slot:  # nothing to pay with: refused with a word
            assert not exact, f"slot {slot}: an exact payment exists but the slot cannot be chosen"
            continue
        first = scene.sel.suggestions[0]
        if exact and paid_total(first) != TILE_COST[tile]:
            card = scene.sel.suggested_cards[0]
            problems.append(f"slot {slot}: first suggestion {first} (+card {card}) is not exact; exact: {exact}")
        if exact and scene.buying.purchase() not in exact:
            problems.append(f"slot {slot}: the purchase Enter makes, {scene.buying.purchase()}, is none of {exact}")
    scene.picker.cancel()
    return problems


def test_the_first_suggested_payment_is_exact_whenever_an_exact_payment_exists(make_app: MakeApp) -> None:
    """[B-TURN-4] [M-EXCH-3] random positions with every module, the human given some exchange cards: whenever a
    market tile can be paid exactly (in its currency, or with an exchange card), the payment chosen at once, which
    Enter makes, is exact; in a vizier window ([M-VIZIER-2]) every suggestion is."""
    driver = make_app(speed=0.0)

    @settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
    @given(seed=st.integers(1, 10_000), steps=st.integers(0, 260), cards=st.lists(st.sampled_from(EXCHANGE_CARDS)))
    def check(seed: int, steps: int, cards: list[int]) -> None:
        game = play_to(seed, steps)
        state = game.state
        if state.is_over or state.decider != 0 or state.phase not in (ACTION, vizier.WINDOW):
            return
        for card in dict.fromkeys(cards):
            hand_over_an_exchange_card(state, card)
        scene = sit(driver, game)
        assert first_suggestion_problems(scene) == []
        if state.phase == vizier.WINDOW:
            for slot in MARKET_SLOTS:
                scene.picker.cancel()
                scene.buying.choose_slot(slot)
                tile = state.in_slot(slot)
                assert all(paid_total(paid) == TILE_COST[tile] for paid in scene.sel.suggestions), slot

    check()


def test_seeded_games_suggest_an_exact_payment_first(make_app: MakeApp) -> None:
    """[B-TURN-4] [M-EXCH-3] seeded games with every module, every action of the human: the same check as the
    random positions', over whole games, among them positions where only an exchange card pays exactly."""
    driver = make_app(speed=0.0)
    checked = with_a_card = 0
    for seed in (2, 5):  # seeds with positions where only an exchange card pays exactly
        for game in human_actions(seed):
            scene = sit(driver, game.copy())
            assert first_suggestion_problems(scene) == [], (seed, len(game.events))
            checked += 1
            with_a_card += exact_only_with_a_card(game.state) is not None
    assert checked > 40 and with_a_card > 0, (checked, with_a_card)


def test_enter_buys_exactly_with_the_exchange_card_when_money_alone_overpays(make_app: MakeApp) -> None:
    """[B-TURN-4] [M-EXCH-3] the issue's case: the slot's money overpays, money with an exchange card pays
    exactly.  The exact payment is the first suggestion, so choosing the slot and pressing Enter buys with the
    card and leaves the extra action open."""
    game = position(lambda s: exact_only_with_a_card(s) is not None)
    slot = exact_only_with_a_card(game.state)
    assert slot is not None
    driver = make_app(speed=0.0)
    scene = sit(driver, game)
    driver.key(getattr(pygame, f"K_{'qwer'[slot - 1]}"))
    assert scene.sel.slot == slot and scene.sel.card is not None, "the exchange card is in the first suggestion"
    chip = scene.controls.chips[0]
    assert chip.visible and shown(chip.label).startswith("= "), shown(chip.label)
    assert "you act again" in scene.prompt.said(), scene.prompt.said()
    driver.key(pygame.K_RETURN)
    driver.wait(lambda: not scene.director.busy)
    state = scene.state
    assert state.phase == ACTION and state.held and state.decider == 0, "an exact payment: the extra action is open"


# ---------------------------------------------------------------------- 1: no promise of an extra action
PROMISE = re.compile(r"act again|another action|(?<!no )extra action")


def panel_rects(scene: TurnScene, spots: Callable | None) -> list[pygame.Rect]:
    """The places a panel's ``spots`` method gives, whether it asks for the state or the interface (its scale) and
    whether it answers by piece or in order."""
    if spots is None:
        return []
    asks = next(iter(inspect.signature(spots).parameters))
    found = spots(scene.ui if asks == "ui" else scene.state)
    return list(found.values() if isinstance(found, dict) else found)


def hover_points(scene: TurnScene, size: tuple[int, int], step: int) -> list[tuple[int, int]]:
    """Where the mouse goes to ask for every tooltip: a grid over the window, and the middle and a corner of each
    small thing that has one (a button, a market slot, a card of the hand, a piece, a falcon, a hut, a bazaar)."""
    snap = scene.snapshot()
    state = scene.state
    rects = [widget.rect for widget in scene.widgets if widget.visible]
    rects += scene.market.slot_rects(snap)
    rects += [rect for _piece, rect in scene.shelf.piece_rects(snap)]
    rects += [rect for card in state.hands[scene.me] if (rect := scene.hand.card_rect(snap, card)) is not None]
    for panel in scene.module_panels.values():  # the modules' panels: their falcons, huts, bazaars, citizens
        for spots in ("supply_rects", "top_rects", "rects", "disc_rects"):
            rects += panel_rects(scene, getattr(panel, spots, None))
    points = [(x, y) for x in range(2, size[0], step) for y in range(2, size[1], step)]
    return points + [rect.center for rect in rects] + [(rect.x + 4, rect.y + 4) for rect in rects]


def texts_at_the_table(driver: Driver, scene: TurnScene, step: int = 32) -> dict[str, str]:
    """Every text the table shows the human now, by where it came from: the prompt; the tooltips of everything
    under a mouse moved over the whole window; the prompt, chips and toast of each market slot and each waiting
    bazaar chosen; F's toast; the hint for the legal moves (greedy's reason) and their log lines, up to four moves
    of each kind."""
    found: dict[str, str] = {"prompt": scene.prompt.text()}
    asked: list[str] = []
    ui = scene.ui
    original = ui.tooltip

    def recording(text: str, rect: pygame.Rect, hotkey: str = "") -> None:
        asked.append(text)
        original(text, rect, hotkey)

    ui.tooltip = recording  # type: ignore[method-assign]
    surface = pygame.display.get_surface()
    try:
        for point in hover_points(scene, surface.get_size(), step):
            ui.mouse = point
            scene.draw(surface)
    finally:
        ui.tooltip = original  # type: ignore[method-assign]
    for i, text in enumerate(dict.fromkeys(asked)):
        found[f"tooltip {i}"] = text
    state = scene.state
    choices = [("slot", slot) for slot in MARKET_SLOTS if state.in_slot(slot) != EMPTY]
    choices += [("bazaar", tile) for tile in BAZAARS.for_sale(state)]
    for kind, what in choices:
        scene.picker.cancel()
        scene.toast.until = 0.0
        (scene.buying.choose_slot if kind == "slot" else scene.buying.choose_item)(what)
        driver.step(1)
        found[f"{kind} {what}: prompt"] = scene.prompt.text()
        found[f"{kind} {what}: toast"] = scene.toast_text if ui.time < scene.toast.until else ""
        for i, chip in enumerate(c for c in scene.controls.chips if c.visible):
            found[f"{kind} {what}: chip {i}"] = f"{shown(chip.label)} | {shown(chip.tooltip)}"
    scene.picker.cancel()
    scene.toast.until = 0.0
    driver.key(pygame.K_f)
    found["F: toast"] = scene.toast_text if ui.time < scene.toast.until else ""
    scene.picker.cancel()
    greedy = GreedyAgent(1)
    kinds: dict[type, int] = {}
    legal = []
    for action in state.legal_actions():  # up to four moves of each kind
        kinds[type(action)] = kinds.get(type(action), 0) + 1
        if kinds[type(action)] <= 4:
            legal.append(action)
    for i, action in enumerate(legal):
        scene.hints.decision = Decision(action, greedy.reason(state, action, state.decider, 0.0))
        scene.hints.key = scene._hint_key()
        found[f"hint {i}"] = scene.prompt.text()
        after = scene.table.game.copy()
        events = after.apply(action)
        for j, line in enumerate(narrate(events, scene.table.names, 0)):
            found[f"log {i}.{j}"] = line.text
    scene.hints.decision = None
    return found


def promises(found: dict[str, str]) -> dict[str, str]:
    return {where: text for where, text in found.items() if PROMISE.search(text)}


@pytest.mark.parametrize(
    "phase",
    ["vizier window", "vizier window with an exchange card", "placing the vizier's tile", "buying falcons"],
)
def test_nothing_shown_in_a_vizier_window_or_the_falcon_phase_promises_an_extra_action(
    make_app: MakeApp, phase: str
) -> None:
    """[M-VIZIER-3] a vizier purchase never grants an extra action; [M-FALCON-2] buying falcons is the turn's
    only action.  Every tooltip, prompt, chip, toast, hint and log line the table produces in those phases is
    walked: none says "you may act again", "another action" or an extra action (but "no extra action")."""
    wanted: Callable[[GameState], bool] = {
        "vizier window": lambda s: s.phase == vizier.WINDOW and bool(payable_bazaars(s)),
        "vizier window with an exchange card": lambda s: (
            s.phase == vizier.WINDOW and any(isinstance(a, VizierBuy) and a.exchange for a in s.legal_actions())
        ),
        "placing the vizier's tile": lambda s: s.phase == vizier.PLACING,
        "buying falcons": lambda s: s.phase == FLIGHT,
    }[phase]
    game = position(wanted, seeds=range(1, 300))
    driver = make_app(speed=0.0)
    scene = sit(driver, game)
    found = texts_at_the_table(driver, scene)
    assert len(found) > 10
    assert promises(found) == {}


def test_the_extra_action_is_still_promised_on_the_turn(make_app: MakeApp) -> None:
    """[B-TURN-4] [M-BAZAAR-3] the walk finds the promise where the rules make it: a bazaar's tooltip and the
    chips of an exact payment on the human's own turn say the extra action (so the check above can see one)."""
    game = position(lambda s: s.phase == ACTION and not s.held and bool(payable_bazaars(s)))
    driver = make_app(speed=0.0)
    scene = sit(driver, game)
    found = promises(texts_at_the_table(driver, scene))
    assert any(where.startswith("bazaar") for where in found), found
    assert any(where.startswith("tooltip") for where in found), found


def test_no_move_allowed_as_the_extra_action_is_called_the_whole_action(make_app: MakeApp) -> None:
    """[M-HUT-2] [M-VIZIER-4] [B-TURN-4] after an exact payment a hut may be taken and the vizier woken as the
    extra action: their tooltips do not call them the turn's whole action."""
    game = position(
        lambda s: (
            s.phase == ACTION
            and bool(s.held)
            and WakeVizier() in s.legal_actions()
            and any(type(a).__name__ == "TakeHut" for a in s.legal_actions())
        ),
        seeds=range(1, 300),
    )
    driver = make_app(speed=0.0)
    scene = sit(driver, game)
    found = texts_at_the_table(driver, scene)
    whole = {where: text for where, text in found.items() if re.search(r"your whole action|whole action this", text)}
    assert whole == {}
    assert any("no extra action follows" in text for text in found.values()), "the hut stack's tooltip says it"


# ---------------------------------------------------------------------- 3: each card's currency in the log
def test_the_log_says_each_cards_currency_when_an_exchange_card_mixes_them() -> None:
    """[M-EXCH-3] a payment with an exchange card mixes two currencies: the log names each card's currency
    ("paying florin 5 and ducat 3+1"), on a turn and with the vizier ([M-VIZIER-2])."""
    checked = 0
    for wanted in (
        lambda a: isinstance(a, ExchangeBuy),
        lambda a: isinstance(a, VizierBuy) and bool(a.exchange),
    ):

        def mixing(state: GameState, wanted=wanted) -> bool:
            return any(wanted(a) and len({CARD_CURRENCY[c] for c in a.paid}) > 1 for a in state.legal_actions())

        game = position(mixing, seeds=range(1, 300))
        action = next(
            a for a in game.state.legal_actions() if wanted(a) and len({CARD_CURRENCY[c] for c in a.paid}) > 1
        )
        events = game.apply(action)
        line = next(line.text for line in narrate(events, ["You", "Bot"], 0) if line.text.startswith("You buy"))
        said = line.split("paying ", 1)[1]
        for currency in {CARD_CURRENCY[c] for c in action.paid}:
            values = "+".join(str(CARD_VALUE[c]) for c in action.paid if CARD_CURRENCY[c] == currency)
            assert f"{words.currency(currency)} {values}" in said, (line, action)  # type: ignore[arg-type]
        assert " and " in said, line
        checked += 1
    assert checked == 2


# ---------------------------------------------------------------------- 4: buying falcons when none fits
def toast_after(driver: Driver, scene: TurnScene, act: Callable[[], None]) -> str:
    """The warning the table shows after ``act`` ("" for none)."""
    scene.toast.until = 0.0
    act()
    driver.step(1)
    return scene.toast_text if scene.ui.time < scene.toast.until and scene.toast.warn else ""


def f_and_a_click(driver: Driver, scene: TurnScene) -> tuple[str, str]:
    """The warnings after F and after a click on a falcon of the supply (the first in it); neither picks one."""
    pressed = toast_after(driver, scene, lambda: driver.key(pygame.K_f))
    assert scene.sel.piece is None
    panel = scene.module_panels[falcons.NAME]
    rect = next(iter(panel.supply_rects(scene.state).values()))  # type: ignore[attr-defined]
    clicked = toast_after(driver, scene, lambda: driver.click(rect.center))
    assert scene.sel.piece is None
    return pressed, clicked


def test_buying_falcons_when_no_corner_fits_says_why(make_app: MakeApp) -> None:
    """[M-FALCON-2] [M-FALCON-3] F, or a click on an unlit falcon, with no corner where four tiles meet: the
    table says so instead of nothing."""
    game = position(lambda s: s.phase == ACTION and not s.held and not FALCONS.placeable(s, 0))
    assert not falcons.meeting_corners.lookup(game.state.boards[0].key(), game.state.boards[0].grid)
    driver = make_app(speed=0.0)
    scene = sit(driver, game)
    pressed, clicked = f_and_a_click(driver, scene)
    assert "four tiles" in pressed and "four tiles" in clicked, (pressed, clicked)


def test_buying_falcons_without_their_colours_at_a_corner_says_why(make_app: MakeApp) -> None:
    """[M-FALCON-3] corners where four tiles meet, none with both colours of a falcon in the supply: F says so,
    and a click on a falcon names its two colours."""

    def colourless(s: GameState) -> bool:
        if s.phase != ACTION or s.held or FALCONS.placeable(s, 0):
            return False
        corners = falcons.meeting_corners.lookup(s.boards[0].key(), s.boards[0].grid)
        free = [c for c, _ in corners if c not in falcons.of(s).perches[0]]  # type: ignore[union-attr]
        return bool(free) and any(is_money_card(c) for c in s.hands[0])

    game = position(colourless, seeds=range(1, 400), limit=700)
    driver = make_app(speed=0.0)
    scene = sit(driver, game)
    pressed, clicked = f_and_a_click(driver, scene)
    assert "both colours" in pressed, pressed
    falcon = next(iter(scene.module_panels[falcons.NAME].supply_rects(scene.state)))  # type: ignore[attr-defined]
    first, second = (words.building(kind) for kind in FALCON_TYPES[falcon])  # type: ignore[union-attr]
    assert first in clicked and second in clicked, clicked


def test_buying_falcons_with_no_money_left_says_why(make_app: MakeApp) -> None:
    """[M-FALCON-2] a falcon costs one money card: with a corner that fits but no money card in hand, F and a
    click say that the money is missing.  The seven modules of expansion 1 and the 2024 edition: no change bag's
    coin pays for a falcon instead ([M-CHANGE-4])."""
    game = position(lambda s: s.phase == ACTION and not s.held and bool(FALCONS.placeable(s, 0)), modules=ALL_SEVEN)
    state = game.state
    state.discard.extend(c for c in state.hands[0] if is_money_card(c))  # test setup: the cards go to the discard
    state.hands[0] = [c for c in state.hands[0] if not is_money_card(c)]
    driver = make_app(speed=0.0)
    scene = sit(driver, game)
    pressed, clicked = f_and_a_click(driver, scene)
    assert "no money" in pressed and "no money" in clicked, (pressed, clicked)


def test_buying_falcons_as_the_extra_action_says_it_is_the_turns_only_action(make_app: MakeApp) -> None:
    """[M-FALCON-2] never as the extra action after an exact payment: F and a click say why."""
    game = position(lambda s: s.phase == ACTION and bool(s.held))
    driver = make_app(speed=0.0)
    scene = sit(driver, game)
    pressed, clicked = f_and_a_click(driver, scene)
    assert "only action of your turn" in pressed and "only action of your turn" in clicked, (pressed, clicked)


def test_a_market_tile_chosen_while_buying_falcons_says_the_falcons_are_the_whole_action(make_app: MakeApp) -> None:
    """[M-FALCON-2] while buying falcons a market slot or a bazaar is not for sale: the table says the falcon
    action is the turn's only action, not that an exact payment is missing."""
    game = position(lambda s: s.phase == FLIGHT, seeds=range(1, 300))
    driver = make_app(speed=0.0)
    scene = sit(driver, game)
    said = toast_after(driver, scene, lambda: driver.key(pygame.K_q))
    assert "only action" in said and "exact" not in said, said
    assert scene.sel.slot is None


# ---------------------------------------------------------------------- 5: the buttons out of turn
def test_placing_the_viziers_tile_is_confirmed_not_called_end_turn(make_app: MakeApp) -> None:
    """[M-VIZIER-2] the vizier's tile is placed out of turn: the move waits for "Confirm", not "End turn"."""
    game = position(lambda s: s.phase == vizier.PLACING and s.turn_player != 0, seeds=range(1, 300))
    driver = make_app(speed=0.0)
    scene = sit(driver, game)
    driver.key(pygame.K_t)  # the tile to the reserve: the window goes on, the decision passes on
    assert scene.table.staged is not None
    assert shown(scene.controls.primary.label) == "Confirm"
    assert "End turn" not in scene.prompt.said() and "Confirm" in scene.prompt.said(), scene.prompt.said()


def test_undo_and_take_back_out_of_turn_speak_of_no_turn_of_the_players_m_vizier_2(make_app: MakeApp) -> None:
    """[M-VIZIER-2] placing the vizier's tile happens in another player's turn: Undo restarts that decision and
    Take back keeps no "rest of your turn"; neither, nor the toast after Undo, speaks of the player's turn."""
    game = position(lambda s: s.phase == vizier.PLACING and s.turn_player != 0, seeds=range(1, 300))
    driver = make_app(speed=0.0)
    scene = sit(driver, game)
    driver.key(pygame.K_t)
    assert scene.table.staged is not None
    for said in (shown(scene.controls.cancel.tooltip), shown(scene.widget("undo_wide").tooltip)):
        assert said and "your turn" not in said.lower(), said
    scene.undo()
    assert "turn" not in scene.toast_text.lower(), scene.toast_text


def test_an_exchange_cards_tooltip_says_what_it_does_in_every_phase(make_app: MakeApp) -> None:
    """[M-EXCH-3] outside a purchase (placing the vizier's tile, with nothing for sale) an exchange card in the hand
    says what it does when a tile is bought, instead of asking to choose a market tile now."""
    game = position(lambda s: s.phase == vizier.PLACING and s.turn_player != 0, seeds=range(1, 300))
    part = exchange.of(game.state)
    for card in EXCHANGE_CARDS:
        if not part.held[0]:
            hand_over_an_exchange_card(game.state, card)
    assert part.held[0], "test setup: the human holds an exchange card"
    driver = make_app(speed=0.0)
    scene = sit(driver, game)
    texts = list(texts_at_the_table(driver, scene, step=20).values())
    assert any("two currencies" in text for text in texts), "the exchange card's tooltip was seen"
    assert not any("choose a market tile" in text for text in texts), texts


def test_the_own_turns_end_is_still_called_end_turn(make_app: MakeApp) -> None:
    """[B-TURN-7] placing the last tile bought on the human's own turn waits for "End turn"."""
    game = position(lambda s: s.phase == PLACE and s.turn_player == 0 and len(s.held) == 1)
    driver = make_app(speed=0.0)
    scene = sit(driver, game)
    driver.key(pygame.K_t)
    assert scene.table.staged is not None and shown(scene.controls.primary.label) == "End turn"


def test_giving_the_viziers_tile_to_dirk_says_the_rules_allow_it(make_app: MakeApp) -> None:
    """[M-VIZIER-2] [B-DIRK-5] a vizier's purchase may go to Dirk: the prompt names Give to Dirk and says the
    rules allow it, and so does the button's tooltip."""
    game = position(lambda s: s.phase == vizier.PLACING, seeds=range(1, 300))
    driver = make_app(speed=0.0)
    scene = sit(driver, game)
    button = scene.widget("to_dirk")
    assert button.visible
    prompt = scene.prompt.said()
    assert "vizier" in prompt and "Give to Dirk (D)" in prompt and "rules allow" in prompt, prompt
    assert "rules allow" in shown(button.tooltip), shown(button.tooltip)


def test_wake_vizier_is_not_offered_while_a_falcon_is_picked(make_app: MakeApp) -> None:
    """[M-FALCON-2] buying falcons is the turn's only action: while a falcon is picked, "Wake vizier"
    ([M-VIZIER-4]) is not offered beside it; dropped (Esc), it is again."""
    game = position(
        lambda s: (
            s.phase == ACTION and not s.held and bool(FALCONS.placeable(s, 0)) and WakeVizier() in s.legal_actions()
        ),
        seeds=range(1, 300),
    )
    driver = make_app(speed=0.0)
    scene = sit(driver, game)
    wake = scene.widget("wake_vizier")
    assert wake.visible
    driver.key(pygame.K_f)
    assert scene.sel.piece is not None and not wake.visible
    driver.key(pygame.K_ESCAPE)
    assert scene.sel.piece is None and wake.visible


# ---------------------------------------------------------------------- 6: the prompts list what can be done
MOVES_SAID = {  # a module's move in the turn's prompt, and the engine's actions it stands for
    "buy a bazaar (A)": ("BuyBazaar", "ExchangeBuyBazaar"),
    "take a hut": ("TakeHut",),
    "wake your vizier (V)": ("WakeVizier",),
    "buy falcons (F": ("BuyFalcon",),
}


def test_the_prompt_lists_exactly_the_modules_moves_open_now(make_app: MakeApp) -> None:
    """[B-TURN-4] [M-BAZAAR-3] [M-HUT-2] [M-VIZIER-4] [M-FALCON-2] seeded games with every module, every action
    of the human, on the turn and after an exact payment: the prompt names a module's move exactly when the engine
    allows one now, and the prompt band at the smallest window shows it whole (nothing listed is cut off): in its
    two lines, or in the third the band takes at its least size (the longest prompts with every module and the dock
    beside the Alhambra need it)."""
    driver = make_app(speed=0.0, size=(1024, 700))
    seen: set[tuple[str, bool]] = set()
    for seed in (1, 4):  # seeds where a hut may be taken and the vizier woken after an exact payment
        for game in human_actions(seed):
            state = game.state
            scene = sit(driver, game.copy())
            prompt = scene.prompt.said()
            kinds = {type(a).__name__ for a in state.legal_actions()}
            for said, actions in MOVES_SAID.items():
                assert (said in prompt) == bool(kinds & set(actions)), (seed, said, prompt)
                if said in prompt:
                    seen.add((said, bool(state.held)))
            assert drawn_prompt_problems(scene) == [], (seed, scene.drawing.prompt_lines())
    extra = {said for said, held in seen if held}
    assert extra >= {"take a hut", "wake your vizier (V)"}, seen  # listed after an exact payment too
    assert {said for said, held in seen if not held} == set(MOVES_SAID), seen  # and each on a turn


def test_the_extra_action_prompt_lists_a_bazaar_never_falcons(make_app: MakeApp) -> None:
    """[B-TURN-4] after an exact payment the prompt lists a bazaar the human can pay exactly ([M-BAZAAR-3]),
    the vizier ([M-VIZIER-4]) and a hut ([M-HUT-2]) when they can, never falcons ([M-FALCON-2])."""
    driver = make_app(speed=0.0)
    game = position(lambda s: s.phase == ACTION and bool(s.held) and bool(payable_bazaars(s)), seeds=range(1, 400))
    prompt = sit(driver, game).prompt.said()
    assert "buy a bazaar (A)" in prompt and "End turn" in prompt and "falcon" not in prompt, prompt


def texts_over_the_board(scene: TurnScene) -> list[str]:
    """The texts the prompt band and the toast draw this frame, in order."""
    drawn: list[str] = []
    original = scene.ui.text.render

    def render(text, *args, **kwargs):  # type: ignore[no-untyped-def]
        drawn.append(text)
        return original(text, *args, **kwargs)

    scene.ui.text.render = render  # type: ignore[method-assign]
    try:
        scene.drawing.draw_prompt(pygame.display.get_surface())
    finally:
        scene.ui.text.render = original  # type: ignore[method-assign]
    return drawn


def drawn_prompt_problems(scene: TurnScene) -> list[str]:
    """What of the prompt the band does not show: lines past the third, lines not drawn, words lost."""
    drawn = texts_over_the_board(scene)
    lines, said = scene.drawing.prompt_lines(), scene.prompt.text()
    problems = []
    if len(lines) > PROMPT_LINES + 1:
        problems.append(f"{len(lines)} lines")
    if not all(line in drawn for line in lines):
        problems.append(f"not drawn: {[line for line in lines if line not in drawn]}")
    if "".join(lines).replace(" ", "") != said.replace(" ", ""):
        problems.append("words lost")
    return problems


@pytest.mark.parametrize("code", ["en", "fa", "zh", "ja", "hu"])
@pytest.mark.parametrize("size", [(1024, 700), (800, 600)], ids=lambda s: f"{s[0]}x{s[1]}")
def test_the_longest_prompt_is_shown_whole_b_turn_4(
    make_app: MakeApp, monkeypatch: pytest.MonkeyPatch, code: str, size: tuple[int, int]
) -> None:
    """[B-TURN-4] the longest prompt a turn can show (an exact payment with a hut, the vizier and a bazaar open) is
    drawn whole at the least windows in every language: a smaller size, then a third line, before any word is lost
    (the band used to drop every line past the second without a mark, and a Japanese prompt lost its last
    words)."""
    from game import i18n
    from game.client.shortcuts import END_TURN_KEY

    game = position(lambda s: s.phase == ACTION and bool(s.held) and bool(payable_bazaars(s)), seeds=range(1, 400))
    i18n.set_language(code)
    try:
        driver = make_app(speed=0.0, size=size)
        scene = sit(driver, game)
        options = words.join([i18n._("take a hut"), i18n._("wake your vizier (V)"), i18n._("buy a bazaar ({key})")])
        longest = i18n._(
            "Exact payment! You may act again: take money (1–4), buy a building (Q W E R), {options}, "
            "or redesign — or End turn ({key}) to place your tiles."
        ).format(options=options.replace("{key}", "A"), key=END_TURN_KEY)
        monkeypatch.setattr(Prompt, "text", lambda self: longest)
        assert drawn_prompt_problems(scene) == []
    finally:
        i18n.set_language("en")


def test_a_toast_too_long_for_its_lines_ends_visibly_cut(make_app: MakeApp) -> None:
    """A toast holds three lines: a longer one ends its third line with "…" instead of losing lines unmarked."""
    from game.client.scenes.parts.drawing import TOAST_LINES

    game = position(lambda s: s.phase == ACTION and not s.held)
    driver = make_app(speed=0.0, size=(1024, 700))
    scene = sit(driver, game)
    scene.show_toast(" ".join(f"word{i}" for i in range(120)))
    drawn = texts_over_the_board(scene)
    shown_words = [line for line in drawn if line.startswith("word")]
    assert len(shown_words) == TOAST_LINES and shown_words[-1].endswith("…"), shown_words


@pytest.mark.parametrize("code", ["en", "hu", "fa"])
@pytest.mark.parametrize("size", [(800, 600), (1024, 700), (1920, 1080)], ids=lambda s: f"{s[0]}x{s[1]}")
def test_a_long_toast_keeps_clear_of_the_zoom_buttons(make_app: MakeApp, code: str, size: tuple[int, int]) -> None:
    """A long message over the board (a refusal, a module's "you may now...") stays clear of the zoom buttons in
    the board's corner: it ran under them at 800x600 and 1024x700."""
    from game import i18n

    game = position(lambda s: s.phase == ACTION and not s.held)
    i18n.set_language(code)
    try:
        driver = make_app(speed=0.0, size=size)
        scene = sit(driver, game)
        scene.show_toast(
            i18n._("No corner of your Alhambra has four tiles meeting yet: a falcon sits where four tiles meet."), True
        )
        scene.ui.kept_clear.clear()
        scene.drawing.draw_prompt(pygame.display.get_surface())
        [toast] = scene.ui.kept_clear
        for button in (scene.zoom_in, scene.zoom_out):
            assert not toast.colliderect(button.rect), (toast, button.rect)
    finally:
        i18n.set_language("en")
