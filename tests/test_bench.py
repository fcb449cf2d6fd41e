"""`unotui bench` refuses bad options in one line (the figures themselves are measured, not tested)."""

from __future__ import annotations

import pytest

from unotui.cli import main


@pytest.mark.parametrize(("argv", "message"), [
    (["--hands", "0"], "--hands must be at least 1, not 0"),
    (["--players", "11"], "--players must be 2 to 10, not 11"),
])
def test_bench_bad_options_get_one_line(argv: list[str], message: str, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["bench", *argv, "--no-peer"]) == 2
    err = capsys.readouterr().err
    assert message in err and err.count("\n") == 1
