"""`python -m unotui` runs the command line."""

from unotui.cli import main

if __name__ == "__main__":
    raise SystemExit(main())
