"""Reconstruction of All-Hands-AI/OpenHands@156d0686c46aafb0fa9d291da6421fb6f64dddc0:openhands/memory/condenser/impl/observation_masking_condenser.py (lines 12-27), trimmed; not the original text."""

from openhands.events.observation import Observation
from openhands.events.observation.agent import AgentCondensationObservation
from openhands.memory.condenser.condenser import Condenser, View


class ObservationMaskingCondenser(Condenser):
    def __init__(self, attention_window: int = 5):
        self.attention_window = attention_window
        super().__init__()

    def condense(self, view: View) -> View:
        out = []
        for i, event in enumerate(view):
            if isinstance(event, Observation) and i < len(view) - self.attention_window:
                out.append(AgentCondensationObservation("<MASKED>"))  # expect: PL301
            else:
                out.append(event)
        return View(out)
