"""Reconstruction of microsoft/graphrag@6dad6d2b059589624035714d8dcfde94ecc0a5fb:packages/graphrag/graphrag/query/structured_search/local_search/mixed_context.py (lines 305-350), trimmed; not the original text."""

from copy import deepcopy


class LocalSearchMixedContext:
    def _build_text_unit_context(self, selected_entities, max_context_tokens: int = 8000, context_name: str = "Sources"):
        if not selected_entities or not self.text_units:
            return "", {}
        text_unit_ids_set = set()
        unit_info_list = []
        relationship_values = list(self.relationships.values())
        for index, entity in enumerate(selected_entities):
            rels = [r for r in relationship_values if r.source == entity.title or r.target == entity.title]
            for text_id in entity.text_unit_ids or []:
                if text_id not in text_unit_ids_set and text_id in self.text_units:
                    unit = deepcopy(self.text_units[text_id])
                    text_unit_ids_set.add(text_id)
                    unit_info_list.append((unit, index, count_relationships(rels, unit)))
        unit_info_list.sort(key=lambda x: (x[1], -x[2]))
        return build_text_unit_context([u[0] for u in unit_info_list], max_context_tokens=max_context_tokens, context_name=context_name)


def count_relationships(rels, unit) -> int:
    return sum(1 for r in rels if r.text_unit_ids and unit.id in r.text_unit_ids)


def build_text_unit_context(units, max_context_tokens: int, context_name: str):
    ...
