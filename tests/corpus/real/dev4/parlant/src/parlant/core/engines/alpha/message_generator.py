"""Reconstruction of emcie-co/parlant@ea737442b8ae65854a842542e544fbe7e6144bad:src/parlant/core/engines/alpha/message_generator.py (lines 329-599), trimmed; not the original text."""

from parlant.core.engines.alpha.prompt_builder import PromptBuilder

TASK_DESCRIPTION = """
TASK DESCRIPTION:
-----------------
Continue the interaction naturally and reply to its latest state, following these principles:
1. Be concise and polite. 2. Engage the customer actively. 3. Do not repeat yourself.
4. Do not state facts you do not know. 5. Offer only what this prompt provides.
"""

REVISION_MECHANISM = """
REVISION MECHANISM
-----------------
Gather up to three insights, draft a response, check it against every guideline and insight,
and revise it (at most five times) until no instruction is broken without a documented reason.
"""


class MessageGenerator:
    def _format_shots(self, shots) -> str:
        return "\n".join(f"Example {i}: {s.description}" for i, s in enumerate(shots, start=1))

    def _build_prompt(self, agent, customer, session, context_variables, interaction_history, terms,
                      guideline_matches, shots) -> PromptBuilder:
        builder = PromptBuilder()
        builder.add_section(
            name="message-generator-general-instructions",
            template="\nGENERAL INSTRUCTIONS\n-----------------\nYou are an AI agent replying to a user.\n",
        )
        builder.add_agent_identity(agent)
        # the customer's name, before the long static instructions and examples below
        builder.add_customer_identity(customer, session)  # expect: PL104
        builder.add_section(name="message-generator-task-description", template=TASK_DESCRIPTION)
        builder.add_section(name="message-generator-revision-mechanism", template=REVISION_MECHANISM)
        builder.add_section(
            name="message-generator-examples",
            template="\nEXAMPLES\n-----------------\n{formatted_shots}\n",
            props={"formatted_shots": self._format_shots(shots), "shots": shots},
        )
        builder.add_section(name="message-generator-interaction-context",
                            template="\nINTERACTION CONTEXT\n-----------------\n")
        # from here on, everything is this request's: variables, terms, matched guidelines, the history
        builder.add_context_variables(context_variables)
        builder.add_glossary(terms)
        builder.add_section(name="guidelines", template="\nGuidelines: ###\n{guidelines}\n###\n",
                            props={"guidelines": "\n".join(str(m.guideline) for m in guideline_matches)})
        builder.add_interaction_history(interaction_history)
        last_customer_message = next((e.data["message"] for e in reversed(interaction_history)
                                      if e.kind == "message" and e.source == "customer"), "")
        builder.add_section(
            name="message-generator-output-format",
            template='\nOUTPUT FORMAT\n-----------------\n{{"last_message_of_customer": "{last}", "revisions": [...]}}\n',
            props={"last": last_customer_message},
        )
        return builder
