"""Reconstruction of microsoft/TinyTroupe@8378a1138f8316031769f3a86473aa9f51677128:tinytroupe/factory/tiny_person_factory.py (lines 1370-1500), trimmed; not the original text."""

import copy
import math

from tinytroupe.utils.llm import llm


class TinyPersonFactory:
    all_unique_names = []

    def _unique_full_names(self, n: int, already_generated_names: list, context: str = None) -> list:
        names = []
        if n > 0:
            chunk_size = min(10, n)
            max_iterations = math.ceil(n / chunk_size) * 10
            forbidden_names = copy.deepcopy(already_generated_names)
            cur_iterations = 0
            while len(names) < n and cur_iterations < max_iterations:
                temp_names = self._aux_unique_full_names(
                    n=chunk_size, already_generated_names=forbidden_names, context=context
                )
                # set order: the forbidden list passed to the next call follows string hashing
                names = list(set(names + temp_names))
                forbidden_names += names
                cur_iterations += 1
            TinyPersonFactory.all_unique_names = list(set(TinyPersonFactory.all_unique_names + names))
        return names

    @llm()
    def _aux_unique_full_names(self, n: int, already_generated_names: list, context: str = None) -> list:
        """
        Generates n full names of people that do not appear in already_generated_names,
        realistic for the given context.

        Returns:
            list: the new names.
        """
        return lambda names: list(set(names))
