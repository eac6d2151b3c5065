"""Reconstruction of emcie-co/parlant@ea737442b8ae65854a842542e544fbe7e6144bad:src/parlant/core/engines/alpha/canned_response_generator.py (lines 1395-1500, 1731-1790, 2090-2135), trimmed; not the original text."""

from parlant.core.engines.alpha.prompt_builder import PromptBuilder


class CannedResponseGenerator:
    def _build_draft_prompt(self, agent, customer, session, interaction_history) -> PromptBuilder:
        builder = PromptBuilder()
        builder.add_section(
            name="canned-response-generator-draft-general-instructions",
            template="\nGENERAL INSTRUCTIONS\n-----------------\nYou are an AI agent drafting a reply.\n",
        )
        builder.add_agent_identity(agent)
        builder.add_customer_identity(customer, session)  # expect: PL104
        builder.add_section(
            name="canned-response-generator-draft-task-description",
            template="\nTASK DESCRIPTION:\n-----------------\nReply naturally; offer only services and facts from this prompt;"
                     " acknowledge what you do not know; avoid em dashes.\n",
        )
        builder.add_section(
            name="canned-response-generator-draft-revision-mechanism",
            template="\nRESPONSE MECHANISM\n------------------\nGather insights, then draft the response body.\n",
        )
        builder.add_interaction_history(interaction_history)
        return builder

    def _build_streaming_prompt(self, agent, customer, session, interaction_history) -> PromptBuilder:
        builder = PromptBuilder()
        builder.add_section(
            name="streaming-generator-general-instructions",
            template="\nGENERAL INSTRUCTIONS\n-----------------\nYou are an AI agent streaming a reply.\n",
        )
        builder.add_agent_identity(agent)
        builder.add_customer_identity(customer, session)  # expect: PL104
        builder.add_section(
            name="streaming-generator-task-description",
            template="\nTASK DESCRIPTION:\n-----------------\nReply naturally and briefly; use only what this prompt"
                     " provides; say what you do not know.\n",
        )
        builder.add_interaction_history(interaction_history)
        return builder

    def _build_selection_prompt(self, context, draft_message) -> PromptBuilder:
        builder = PromptBuilder()
        builder.add_section(
            name="canned-response-generator-selection-task-description",
            template="\nTASK DESCRIPTION\n-----------------\nPick the reply template that best matches the draft."
                     " Templates are Jinja; variables are filled in later.\n",
        )
        # here the identities follow the static instructions
        builder.add_agent_identity(context.agent)
        builder.add_customer_identity(context.customer, context.session)
        builder.add_glossary(context.terms)
        builder.add_interaction_history(context.interaction_history)
        builder.add_section(name="canned-response-generator-selection-templates",
                            template="\nDraft: {draft}\n", props={"draft": draft_message})
        return builder
