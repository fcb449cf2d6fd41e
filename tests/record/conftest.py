"""Fixtures for the record tests."""

from __future__ import annotations

from pathlib import Path

import pytest


@pytest.fixture
def save_dir(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    folder = tmp_path / "saves"
    monkeypatch.setenv("UNOTUI_SAVE_DIR", str(folder))
    return folder
