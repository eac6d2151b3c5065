"""Reconstruction of All-Hands-AI/OpenHands@156d0686c46aafb0fa9d291da6421fb6f64dddc0:openhands/memory/condenser/impl/recent_events_condenser.py (lines 8-22), trimmed; not the original text."""

from openhands.memory.condenser.condenser import Condenser, View


class RecentEventsCondenser(Condenser):
    def __init__(self, keep_first: int = 1, max_events: int = 10):
        self.keep_first = keep_first
        self.max_events = max_events
        super().__init__()

    def condense(self, view: View) -> View:
        head = view[: self.keep_first]
        keep = max(0, self.max_events - len(head))
        tail = view[-keep:]  # expect: PL301
        return View(head + tail)
