"""The data layers type-check under `mypy --strict`, as the house style asks."""

from __future__ import annotations

from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent


def test_engine_and_record_pass_mypy_strict() -> None:
    api = pytest.importorskip("mypy.api")
    report, errors, status = api.run(
        ["--strict", "--no-incremental", "--cache-dir=/dev/null", str(ROOT / "unotui/engine"), str(ROOT / "unotui/record")]
    )
    assert status == 0, report + errors
