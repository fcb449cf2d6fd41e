"""unotui: UNO in the terminal, on a pure, event-sourced rules engine."""

__version__ = "0.1.0"
