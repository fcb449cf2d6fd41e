"""The engine stands alone: importing it loads no Textual and no other unotui layer."""

from __future__ import annotations

import json
import subprocess
import sys

FORBIDDEN = ("textual", "rich", "unotui.record", "unotui.bots", "unotui.tui", "unotui.cli")


def test_importing_the_engine_loads_no_other_layer() -> None:
    script = "import json, sys, unotui.engine; print(json.dumps(sorted(sys.modules)))"
    result = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, check=False)
    assert result.returncode == 0, result.stderr
    loaded = json.loads(result.stdout)
    assert "unotui.engine" in loaded
    leaked = [name for name in loaded if any(name == top or name.startswith(f"{top}.") for top in FORBIDDEN)]
    assert leaked == []
