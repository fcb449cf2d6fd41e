"""Shared pytest set-up: colour on for snapshots, the slow-test switch, hypothesis profiles,
and a saves folder of its own for each test."""

from __future__ import annotations

import os
import time
from pathlib import Path

import pytest
from hypothesis import settings

settings.register_profile("repeatable", derandomize=True, database=None)
settings.register_profile("explore", derandomize=False)
# The same examples on every run, so a commit that passed stays green; the `explore`
# profile (`--hypothesis-profile=explore`) looks for new ones.
settings.load_profile("repeatable")

# NO_COLOR in the environment would make every SVG snapshot differ.
os.environ.pop("NO_COLOR", None)
# Saves are listed with when they were last played, in local time: the same everywhere.
os.environ["TZ"] = "UTC"
time.tzset()


@pytest.fixture(autouse=True)
def keys_never_held(monkeypatch: pytest.MonkeyPatch) -> None:
    """Keys typed in a burst across a hot-seat handover act at once in tests (`UnoApp.hold_keys`),
    but for the test of the hold itself."""
    from unotui.tui.app import UnoApp

    monkeypatch.setattr(UnoApp, "KEY_HOLD", 0.0)


def pytest_addoption(parser: pytest.Parser) -> None:
    parser.addoption("--run-slow", action="store_true", help="run the long soak tests too")


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    if config.getoption("--run-slow"):
        return
    skip = pytest.mark.skip(reason="slow: run with --run-slow")
    for item in items:
        if "slow" in item.keywords:
            item.add_marker(skip)


@pytest.fixture
def saves(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A saves folder in the test's temporary directory, where the app and the CLI look."""
    folder = tmp_path / "saves"
    monkeypatch.setenv("UNOTUI_SAVE_DIR", str(folder))
    return folder
