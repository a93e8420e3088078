"""Art, fonts and sounds for the Alhambra client.

This package holds data files, not code: the client and the frozen
(PyInstaller) build reach them with ``importlib.resources.files("assets")``,
which is why the folder is a package at all.

Layout (see ``assets/README.md`` for sizes, anchors and design notes):

* ``tiles/``  building tile faces per type, the Lion Fountain start tile,
  the tile back and four wall overlays (``wall_n/e/s/w.png``);
* ``cards/``  money card faces per currency, pre-rendered value cards
  (``value_<currency>_<1..9>.png``), the card back and the two scoring cards;
* ``board/``  the tileable table felt and the four market slot frames;
* ``ui/``     48x48 icons, the title logo and the window icon;
* ``fonts/``  the bundled open-licence fonts and their licences;
* ``sounds/`` short synthesised WAV effects.

Every PNG and WAV is drawn in code by ``assets/generate.py``; run
``python -m assets.generate`` from the repository root to rebuild them.
"""
