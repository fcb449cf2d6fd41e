"""`python -m unotui` runs the command line."""

from unotui.cli import main

raise SystemExit(main())
