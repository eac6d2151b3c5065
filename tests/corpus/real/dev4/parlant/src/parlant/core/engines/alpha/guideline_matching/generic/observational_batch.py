"""Reconstruction of emcie-co/parlant@ea737442b8ae65854a842542e544fbe7e6144bad:src/parlant/core/engines/alpha/guideline_matching/generic/observational_batch.py (lines 167-333, 426-436), trimmed; not the original text."""

import json
from datetime import datetime, timezone

from parlant.core.engines.alpha.prompt_builder import PromptBuilder
from parlant.core.sessions import Event, EventId


class GenericObservationalGuidelineMatchingBatch:
    def _format_shot(self, shot) -> str:
        def adapt_event(e):
            # kind, source and data only: an example event's creation time is never shown
            return {"event_kind": e.kind, "event_source": e.source, "data": e.data}

        return json.dumps([adapt_event(e) for e in shot.interaction_events], indent=2)

    def _build_prompt(self, shots) -> PromptBuilder:
        result_structure = [
            {"guideline_id": i, "condition": g.condition, "rationale": "<why>", "applies": "<BOOL>"}
            for i, g in self._guidelines.items()
        ]
        conditions_text = "\n".join(f"{i}) {g.condition}." for i, g in self._guidelines.items())
        builder = PromptBuilder()
        builder.add_section(
            name="observational-guideline-matcher-general-instructions-task-description",
            template="\nGENERAL INSTRUCTIONS\n-----------------\nDecide which of the conditions apply to the latest state.\n",
        )
        builder.add_section(
            name="observational-guideline-matcher-examples-of-condition-evaluations",
            template="\nExamples:\n{formatted_shots}\n",
            props={"formatted_shots": "\n".join(self._format_shot(s) for s in shots)},
        )
        # the per-request context follows the static instructions and examples
        builder.add_agent_identity(self._context.agent)
        builder.add_context_variables(self._context.context_variables)
        builder.add_glossary(self._context.terms)
        builder.add_customer_identity(self._context.customer, self._context.session)
        builder.add_interaction_history(self._context.interaction_history)
        builder.add_section(name="guidelines", template="\n- Conditions List: ###\n{guidelines_text}\n###\n",
                            props={"guidelines_text": conditions_text})
        builder.add_section(
            name="observational-guideline-matcher-expected-output",
            template='\nExpected Output\n{{"checks": {result_structure_text}}}\n',
            props={"result_structure_text": json.dumps(result_structure)},
        )
        return builder


def _make_event(e_id: str, source: str, message: str) -> Event:
    return Event(
        id=EventId(e_id),
        source=source,
        kind="message",
        creation_utc=datetime.now(timezone.utc),
        offset=0,
        data={"message": message},
    )
