"""TUI test set-up: the saves folder goes to a temporary directory."""

from __future__ import annotations

from pathlib import Path

import pytest


@pytest.fixture
def saves(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    folder = tmp_path / "saves"
    monkeypatch.setenv("UNOTUI_SAVE_DIR", str(folder))
    return folder
