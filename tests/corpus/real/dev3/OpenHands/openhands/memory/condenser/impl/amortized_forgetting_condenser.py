"""Reconstruction of All-Hands-AI/OpenHands@156d0686c46aafb0fa9d291da6421fb6f64dddc0:openhands/memory/condenser/impl/amortized_forgetting_condenser.py (lines 11-57), trimmed; not the original text."""

from openhands.events.action.agent import CondensationAction
from openhands.memory.condenser.condenser import Condensation, RollingCondenser, View


class AmortizedForgettingCondenser(RollingCondenser):
    def __init__(self, max_size: int = 100, keep_first: int = 0):
        self.max_size = max_size
        self.keep_first = keep_first
        super().__init__()

    def get_condensation(self, view: View) -> Condensation:
        # one-off: the forgotten range is recorded as an event, then the history grows again
        target = self.max_size // 2
        head = view[: self.keep_first]
        tail = view[-(target - len(head)) :]
        keep = {e.id for e in head + tail}
        forget = {e.id for e in view} - keep
        return Condensation(
            CondensationAction(
                forgotten_events_start_id=min(forget), forgotten_events_end_id=max(forget)
            )
        )

    def should_condense(self, view: View) -> bool:
        return len(view) > self.max_size or view.unhandled_condensation_request
