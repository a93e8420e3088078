"""Compile the message catalogues when the package is built or installed (issue 18).

Everything else about the package is in pyproject.toml.  ``build_py`` writes each language's ``.mo`` next to
its ``.po`` before the package data is collected, so wheels, editable installs and the frozen build all carry
compiled catalogues; Babel (a build requirement) does the compiling.
"""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path

from setuptools import setup
from setuptools.command.build_py import build_py

ROOT = Path(__file__).resolve().parent


class BuildWithCatalogues(build_py):
    def run(self) -> None:
        spec = importlib.util.spec_from_file_location("catalogues", ROOT / "game" / "i18n" / "catalogues.py")
        catalogues = importlib.util.module_from_spec(spec)  # type: ignore[arg-type]
        sys.modules["catalogues"] = catalogues
        spec.loader.exec_module(catalogues)  # type: ignore[union-attr]
        for written in catalogues.compile_all():
            print(f"compiled {written.relative_to(ROOT)}")
        super().run()


setup(cmdclass={"build_py": BuildWithCatalogues})
