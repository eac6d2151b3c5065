"""Reconstruction of emcie-co/parlant@ea737442b8ae65854a842542e544fbe7e6144bad:src/parlant/core/engines/alpha/tool_calling/single_tool_batch.py (lines 580-740, 797-866), trimmed; not the original text."""

import json
from typing import Any

from parlant.core.engines.alpha.prompt_builder import PromptBuilder


class SingleToolBatch:
    def _build_consequential_tool_prompt(self, agent, context_variables, interaction_event_list, batch,
                                         shots) -> PromptBuilder:
        builder = PromptBuilder()
        builder.add_section(name="general-instructions-consequential",
                            template="\nGENERAL INSTRUCTIONS\n-----------------\nYou decide tool calls.\n")
        builder.add_agent_identity(agent)
        builder.add_section(name="task-description-consequential",
                            template="\nTASK DESCRIPTION\n-----------------\nDecide whether the tool applies now.\n")
        builder.add_section(name="examples-consequential", template="\nEXAMPLES\n{formatted_shots}\n",
                            props={"formatted_shots": "\n".join(str(s) for s in shots)})
        # this request's context after the static part
        builder.add_context_variables(context_variables)
        builder.add_interaction_history(interaction_event_list)
        template, props = self._add_tool_definitions_section(candidate_tool=(batch[0], batch[1]))
        builder.add_section(name="tool-definitions-consequential", template=template, props=props)
        return builder

    def _add_tool_definitions_section(self, candidate_tool) -> tuple[str, dict[str, Any]]:
        def _get_param_spec(spec) -> str:
            descriptor, options = spec
            result: dict[str, Any] = {"schema": {"type": descriptor["type"]}}
            if enum := descriptor.get("enum"):
                result["schema"]["enum"] = enum
            if options.description:
                result["description"] = options.description
            # keys added in a fixed order by this code
            return json.dumps(result)

        t_id, t = candidate_tool
        spec = {
            "tool_name": str(t_id),
            "description": t.description,
            "required_parameters": {name: _get_param_spec(s) for name, s in t.parameters.items() if name in t.required},
        }
        return "\nThe tool definition:\n{candidate_tool}\n", {"candidate_tool": json.dumps(spec)}
