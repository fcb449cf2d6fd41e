"""A footer that shows only the keys it has room for, each whole.

Textual's `Footer` clips at the screen's edge, so a width between two keys' ends showed
a key cut in two ("+/- Fa" at 100 columns in the replay viewer). The keys come in order
of need, so the ones that don't fit are the ones to leave out; `?` lists them all.
"""

from __future__ import annotations

from textual.events import Resize
from textual.widgets import Footer

__all__ = ["WholeKeysFooter"]


class WholeKeysFooter(Footer):
    """A `Footer` that hides, from the first key that would be cut off, every key after it."""

    async def recompose(self) -> None:
        await super().recompose()
        self.call_after_refresh(self._leave_out_what_does_not_fit)

    def on_resize(self, event: Resize) -> None:
        # Wider, keys left out may fit again: lay them all out anew, then measure.
        for child in self.children:
            child.display = True
        self.call_after_refresh(self._leave_out_what_does_not_fit)

    def _leave_out_what_does_not_fit(self) -> None:
        # The command palette's key is docked right: the others must end before it.
        palettes = [child for child in self.children if child.has_class("-command-palette") and child.display]
        end = min([self.content_region.right, *(palette.region.x for palette in palettes)])
        keys = [child for child in self.children if not child.has_class("-command-palette")]
        cut = next((index for index, key in enumerate(keys) if key.region.right > end), len(keys))
        for index, key in enumerate(keys):
            key.display = index < cut
