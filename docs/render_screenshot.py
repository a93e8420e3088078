"""Render the README's screenshot of the table: a three-player game with modules, mid-game, at 1280x800.

    .venv/bin/python docs/render_screenshot.py [docs/table.png] [--seed N --turn N]

Greedy plays every seat of a seeded game (vizier, huts, camps, bazaars) up to the human's first turn from
``--turn`` on; the window, on SDL's dummy display, then shows that table as a player sees it, after buying a
market tile with an exact payment and declining the extra action: the tile picked up, the places it may go
lit.  The picture is stored with 256 colours (a palette PNG, written here: no imaging library is needed),
a third of the size of the full-colour one and hard to tell from it.  Settings and saves go to a scratch
folder, never to the user's own.
"""

from __future__ import annotations

import argparse
import os
import shutil
import struct
import sys
import tempfile
import zlib
from bisect import bisect_left
from collections import Counter
from itertools import accumulate
from pathlib import Path

SIZE = (1280, 800)
SEED, TURN = 19, 59  # a camp bought exactly, in the second round, with three bazaars waiting
MODULES = ("vizier", "huts", "camps", "bazaars")
OPPONENTS = ("mcts:normal", "greedy")

Colour = tuple[int, int, int]


def position(seed: int, turn: int):
    """A table at the human's turn (seat 0, nothing done yet) from turn ``turn`` on."""
    from ai import make_agent
    from game.client.table import Table
    from game.engine import ACTION

    table = Table.new("You", OPPONENTS, seed, MODULES)
    game = table.game
    bot = make_agent("greedy", seed)  # plays every seat up to there, the human's too
    while not game.state.is_over:
        state = game.state
        fresh = state.turn_player == 0 and not state.progressed and not state.held
        if state.turn >= turn and state.phase == ACTION and state.decider == 0 and fresh:
            return table
        game.apply(bot.choose(state.knowledge(state.decider), state.legal_actions()))
    raise SystemExit(f"seed {seed}: the game ended before turn {turn}")


# ---------------------------------------------------------------------------- 256 colours
def _nearest(colour: Colour, palette: list[tuple[float, float, float]]) -> int:
    r, g, b = colour
    return min(
        range(len(palette)),
        key=lambda i: (r - palette[i][0]) ** 2 + (g - palette[i][1]) ** 2 + (b - palette[i][2]) ** 2,
    )


def _palette(histogram: dict[Colour, int], size: int = 256) -> list[Colour]:
    """Median cut over the pixels' colours, then two rounds of k-means."""
    boxes = [list(histogram.items())]
    while len(boxes) < size:
        candidates = []
        for index, box in enumerate(boxes):
            if len(box) > 1:
                spread, channel = max((max(c[ch] for c, _ in box) - min(c[ch] for c, _ in box), ch) for ch in range(3))
                candidates.append((spread * sum(n for _, n in box) ** 0.5, index, channel))
        if not candidates:
            break
        _, index, channel = max(candidates)
        box = sorted(boxes.pop(index), key=lambda entry: entry[0][channel])
        weights = list(accumulate(n for _, n in box))
        cut = min(bisect_left(weights, weights[-1] / 2) + 1, len(box) - 1)  # at the weighted median
        boxes += [box[:cut], box[cut:]]
    palette = [tuple(sum(c[ch] * n for c, n in box) / sum(n for _, n in box) for ch in range(3)) for box in boxes]
    for _ in range(2):
        sums = [[0.0, 0.0, 0.0, 0] for _ in palette]
        for colour, n in histogram.items():
            total = sums[_nearest(colour, palette)]
            for ch in range(3):
                total[ch] += colour[ch] * n
            total[3] += n
        palette = [(r / n, g / n, b / n) if n else old for (r, g, b, n), old in zip(sums, palette, strict=True)]
    return [(round(r), round(g), round(b)) for r, g, b in palette]


def save_png_256(surface, path: str) -> None:
    """``surface`` as an 8-bit palette PNG."""
    import pygame

    width, height = surface.get_size()
    pixels = pygame.image.tobytes(surface, "RGB")
    counts = Counter(pixels[i : i + 3] for i in range(0, len(pixels), 3))
    palette = _palette({(c[0], c[1], c[2]): n for c, n in counts.items()})
    index = {c: _nearest((c[0], c[1], c[2]), palette) for c in counts}
    rows = bytearray()
    for y in range(height):
        line = pixels[y * width * 3 : (y + 1) * width * 3]
        rows.append(0)  # no filter: the usual choice for palette images
        rows += bytes(index[line[i : i + 3]] for i in range(0, len(line), 3))

    def chunk(kind: bytes, data: bytes) -> bytes:
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data))

    with open(path, "wb") as file:
        file.write(b"\x89PNG\r\n\x1a\n")
        file.write(chunk(b"IHDR", struct.pack(">IIBBBBB", width, height, 8, 3, 0, 0, 0)))
        file.write(chunk(b"PLTE", b"".join(bytes(colour) for colour in palette)))
        file.write(chunk(b"IDAT", zlib.compress(bytes(rows), 9)))
        file.write(chunk(b"IEND", b""))


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("out", nargs="?", default=str(Path(__file__).with_name("table.png")))
    parser.add_argument("--seed", type=int, default=SEED)
    parser.add_argument("--turn", type=int, default=TURN)
    options = parser.parse_args()
    scratch = tempfile.mkdtemp(prefix="alhambra-screenshot-")
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    os.environ["ALHAMBRA_CONFIG_DIR"] = os.path.join(scratch, "config")
    os.environ["ALHAMBRA_DATA_DIR"] = os.path.join(scratch, "data")
    root = Path(__file__).resolve().parents[1]
    sys.path[:0] = [str(root), str(root / "tests" / "client")]

    import pygame
    from driver import Driver, args

    from game.client.app import App

    pygame.init()
    app = App(args(speed=0.0, size=SIZE, lang="en"))
    try:
        driver = Driver(app)
        app.start()
        app.play(position(options.seed, options.turn))
        driver.wait_for_human()
        scene = driver.scene
        slot = next((s for s in range(1, 5) if scene.table.exact_payments(s)), None)
        if slot is not None:
            driver.key((pygame.K_q, pygame.K_w, pygame.K_e, pygame.K_r)[slot - 1])  # pick it: its payment suggested
            driver.key(pygame.K_RETURN)  # buy it, paying exactly
            driver.wait(lambda: scene.can_act)
            driver.key(pygame.K_n)  # no extra action: the tile is picked up, the places it may go lit
            driver.wait(lambda: scene.can_act)
        driver.step(3)
        save_png_256(app.screen, options.out)
    finally:
        app.close()
        pygame.quit()
        shutil.rmtree(scratch, ignore_errors=True)
    print(f"{options.out}: {os.path.getsize(options.out) // 1024} KB")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
