"""Reconstruction of All-Hands-AI/OpenHands@156d0686c46aafb0fa9d291da6421fb6f64dddc0:openhands/memory/condenser/impl/browser_output_condenser.py (lines 15-40), trimmed; not the original text."""

from openhands.events.observation import BrowserOutputObservation
from openhands.events.observation.agent import AgentCondensationObservation
from openhands.memory.condenser.condenser import Condenser, View


class BrowserOutputCondenser(Condenser):
    def __init__(self, attention_window: int = 1):
        self.attention_window = attention_window
        super().__init__()

    def condense(self, view: View) -> View:
        out = []
        seen = 0
        for event in reversed(view):
            if isinstance(event, BrowserOutputObservation) and seen >= self.attention_window:
                out.append(  # expect: PL301
                    AgentCondensationObservation(f"Visited URL {event.url}\nContent omitted")
                )
            else:
                out.append(event)
                if isinstance(event, BrowserOutputObservation):
                    seen += 1
        return View(list(reversed(out)))
