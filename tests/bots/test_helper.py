"""The helper process a parallel search hands half its worlds to."""

from __future__ import annotations

import subprocess
import sys
import textwrap

import pytest

from unotui.bots.helper import Helper, HelperError


@pytest.fixture(scope="module")
def helper() -> Helper:
    started = Helper(preload="unotui.bots.strong")
    yield started  # type: ignore[misc]
    started.close()


def test_a_call_comes_back(helper: Helper) -> None:
    helper.start(pow, 3, 4)
    assert helper.result() == 81


def test_a_call_that_raises_there_says_so_here(helper: Helper) -> None:
    helper.start(int, "seven")
    with pytest.raises(HelperError, match="invalid literal"):
        helper.result()
    helper.start(pow, 2, 5)
    assert helper.result() == 32


def test_a_result_never_asked_for_is_dropped(helper: Helper) -> None:
    # As when a search is interrupted between sending its stream and collecting it.
    helper.start(pow, 2, 3)
    helper.start(pow, 2, 4)
    assert helper.result() == 16


def test_a_helper_that_died_raises_instead_of_hanging() -> None:
    doomed = Helper(preload="unotui.bots.strong")
    doomed._process.kill()
    doomed._process.join()
    with pytest.raises(HelperError):
        doomed.start(pow, 2, 2)
        doomed.result()
    doomed.close()


def test_a_helper_starts_under_an_app_that_captured_stderr() -> None:
    # Inside a Textual app sys.stderr has no descriptor (fileno -1). A fresh interpreter,
    # so that multiprocessing's resource tracker is started by this helper, not before.
    script = textwrap.dedent("""
        import sys

        class Captured:
            def write(self, text): return len(text)
            def flush(self): pass
            def fileno(self): return -1

        sys.stderr = Captured()
        from unotui.bots.helper import Helper
        helper = Helper(preload="unotui.bots.strong")
        helper.start(pow, 2, 10)
        print(helper.result())
        helper.close()
    """)
    done = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, timeout=60)
    assert (done.returncode, done.stdout.strip()) == (0, "1024"), done.stderr
