"""The searches of today, pinned: ``python -m ai.bench --fingerprint --positions 4 --iterations 300`` for the base
game, with ``--modules all``, with the seven of expansion 1 and the 2024 edition, with ``--modules
vizier,exchange,huts,bonus`` and with RULES.md §11's six (``ai.bench.fingerprint``).

Each hash covers every root statistic of fixed-iteration searches (2 to 4 players, and hard's two- and four-player
searches) on positions of greedy games, so it moves with any change of the rules, the deal, the knowledge a
searcher is dealt, the rollouts, the evaluation or the search.  A change meant to search exactly alike (a reshape
of the engine, a speed-up) must leave all five; a change meant to play differently updates them here and in
docs/MEASUREMENTS.md, saying why.  The five take about 30 s together on this project's machine, so they are pinned
at full size (4 positions, 300 iterations).
"""

from __future__ import annotations

import pytest

from ai.bench import fingerprint, module_names

POSITIONS, ITERATIONS = 4, 300

FINGERPRINTS = {  # --modules, or "" for the base game -> the hash (2026-12-05)
    "": "0388b024e65f0014ee052c51e19124f8420872c98380cc81d04ebdd89cd72ae0",
    # every module offered at setup: the seven of expansion 1 and the 2024 edition and RULES.md §11's six
    "all": "85adfa31bc373fb7b1b41b17510882037f1011dffb56772d0802a4934fdde82d",
    # "all" until §11's six were offered: expansion 1 and the 2024 edition, searched as before them
    "vizier,exchange,huts,bonus,camps,bazaars,falcons": (
        "975e80c109203ffda7664b818383a6e78463706d446962c92f5905a189571473"
    ),
    "vizier,exchange,huts,bonus": "1f6c3c9bd06516865040f2fd243bab3937fea13594b1ff798af2e347e16e0bb1",
    # RULES.md §11's six alone
    "gates,change,thieves,walls,chests,traders": "fa7795e51d1ff79fa8a6a3a7522809692160f1f757e2207bd541fb7377c35aca",
}


@pytest.mark.slow
@pytest.mark.parametrize("modules", list(FINGERPRINTS), ids=lambda modules: modules or "base")
def test_the_search_fingerprints_are_todays(modules: str) -> None:
    """``python -m ai.bench --fingerprint --positions 4 --iterations 300 [--modules ...]`` prints today's hash."""
    found = fingerprint(POSITIONS, ITERATIONS, module_names(modules) if modules else ())
    assert found == FINGERPRINTS[modules], (
        f"the search fingerprint{f' with --modules {modules}' if modules else ''} moved: {found}, "
        f"not {FINGERPRINTS[modules]}; the searches are no longer today's"
    )
