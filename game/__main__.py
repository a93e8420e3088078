"""``python -m game``: the entry point, also of the frozen executable."""

import multiprocessing
import sys

from game.cli import main

if __name__ == "__main__":
    multiprocessing.freeze_support()  # spawned AI workers of the frozen app must not start the game again
    sys.exit(main())
