"""Reconstruction of All-Hands-AI/OpenHands@156d0686c46aafb0fa9d291da6421fb6f64dddc0:openhands/memory/condenser/condenser.py (lines 104-193), trimmed; not the original text."""

from abc import ABC, abstractmethod


class View(list):
    pass


class Condensation:
    def __init__(self, action):
        self.action = action


class Condenser(ABC):
    @abstractmethod
    def condense(self, view: View):
        ...

    def condensed_history(self, state):
        # called by the agent on every step, before the messages are built
        return self.condense(state.view)


class RollingCondenser(Condenser, ABC):
    @abstractmethod
    def should_condense(self, view: View) -> bool:
        ...

    @abstractmethod
    def get_condensation(self, view: View) -> Condensation:
        ...

    def condense(self, view: View):
        # a condensation becomes an event in the history; later views start from it
        if self.should_condense(view):
            return self.get_condensation(view)
        return view
