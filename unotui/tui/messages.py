"""Messages that widgets post up to the screen: what the person wants, never what to change."""

from __future__ import annotations

from textual.message import Message

from .commands import Intent

__all__ = ["Intended"]


class Intended(Message):
    """The person asked for `intent`, by key, click or typed word."""

    def __init__(self, intent: Intent) -> None:
        super().__init__()
        self.intent = intent
        """What they asked for."""
