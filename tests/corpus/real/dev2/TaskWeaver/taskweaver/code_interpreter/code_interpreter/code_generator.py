"""Reconstruction of microsoft/TaskWeaver@d44ddef23f90059fb17999d3095db4240e98f955:taskweaver/code_interpreter/code_interpreter/code_generator.py (lines 70-365) and code_generator_prompt.yaml, trimmed; not the original text. Static wording reworded."""

import datetime
import json
from typing import List, Optional

from taskweaver.role.role import Role

PROMPT_DATA = {
    "content": (
        "## On current environment context:\n{ENVIRONMENT_CONTEXT}\n\n"
        "## On conversations:\n- Each conversation starts with a line of '=' and '## Conversation Start'.\n"
        "- {ROLE_NAME} writes Python code for the task of each step and reports the result.\n\n"
        "## On response format:\nReply with JSON following this schema:\n{RESPONSE_JSON_SCHEMA}"
    ),
    "conversation_head": "==============================\n## Conversation Start\n\n### Context Summary\n{SUMMARY}\n\n### Plugin Functions\n{PLUGINS}",
    "user_message_head": "## Feedback\n{FEEDBACK}\n\n## Message\n{MESSAGE}",
    "requirements": "Follow these requirements when writing code for {ROLE_NAME}:\n{CODE_GENERATION_REQUIREMENTS}",
    "experience_instruction": "## Experiences\n{experiences}",
    "response_json_schema": '{"type": "object", "properties": {"thought": {"type": "string"}, "reply_content": {"type": "string"}}}',
}


def format_chat_message(role: str, message: str) -> dict:
    return {"role": role, "content": message}


class CodeGenerator(Role):
    def __init__(self, config, llm_api, plugin_registry, plugin_selector=None, experience_generator=None):
        super().__init__(config, experience_generator)
        self.alias = "CodeInterpreter"
        self.role_name = "CodeInterpreter"
        self.llm_api = llm_api
        self.prompt_data = PROMPT_DATA
        self.instruction_template = self.prompt_data["content"]
        self.conversation_head_template = self.prompt_data["conversation_head"]
        self.user_message_head_template = self.prompt_data["user_message_head"]
        self.query_requirements_template = self.prompt_data["requirements"]
        self.response_json_schema = json.loads(self.prompt_data["response_json_schema"])
        self.plugin_pool = plugin_registry.get_list()
        self.plugin_selector = plugin_selector
        self.selected_plugins: list = []

    def compose_sys_prompt(self, context: str) -> str:
        return self.instruction_template.format(
            ENVIRONMENT_CONTEXT=context,
            ROLE_NAME=self.role_name,
            RESPONSE_JSON_SCHEMA=json.dumps(self.response_json_schema),
        )

    def get_env_context(self) -> str:
        now = datetime.datetime.now()  # expect: PL101
        current_time = now.strftime("%Y-%m-%d %H:%M:%S")
        return f"- Current time: {current_time}"

    def format_plugins(self, plugins: List) -> str:
        return "\n".join(f"- {p.name}: {p.description}" for p in plugins)

    def compose_conversation(self, rounds: List, plugins: List, add_requirements: bool = False, summary: Optional[str] = None, planning_enrichments: Optional[List[str]] = None) -> List[dict]:
        chat_history = []
        is_first_post = True
        for round_index, conversation_round in enumerate(rounds):
            for post_index, post in enumerate(conversation_round.post_list):
                user_message = ""
                assistant_message = ""
                is_final_post = round_index == len(rounds) - 1 and post_index == len(conversation_round.post_list) - 1
                if is_first_post:
                    user_message = self.conversation_head_template.format(
                        SUMMARY="None" if summary is None else summary,
                        PLUGINS="None" if len(plugins) == 0 else self.format_plugins(plugins),
                    ) + "\n"
                    is_first_post = False
                if post.send_from == "Planner" and post.send_to == self.alias:
                    enrichment = ""
                    if is_final_post:
                        # only the newest post gets the user request and plan; next time it is sent without
                        enrichment = f"The user request is: {conversation_round.user_query}\n\n"  # expect: PL301
                        if planning_enrichments:
                            enrichment += "Additional context:\n" + "\n".join(planning_enrichments) + "\n\n"
                    user_message += self.user_message_head_template.format(
                        FEEDBACK="None",
                        MESSAGE=f"{enrichment}The task for this specific step is: {post.message}",
                    )
                else:
                    assistant_message = post.raw_text
                if assistant_message:
                    chat_history.append(format_chat_message("assistant", assistant_message))
                if user_message:
                    if is_final_post and add_requirements:
                        user_message += "\n" + self.query_requirements_template.format(  # expect: PL301
                            CODE_GENERATION_REQUIREMENTS="- Use only the plugin functions listed.",
                            ROLE_NAME=self.role_name,
                        )
                    chat_history.append(format_chat_message("user", user_message))
        return chat_history

    def compose_prompt(self, rounds: List, plugins: List, planning_enrichments: Optional[List[str]] = None) -> List[dict]:
        experiences = self.format_experience(template=self.prompt_data["experience_instruction"])
        chat_history = [
            format_chat_message(
                role="system",
                message=f"{self.compose_sys_prompt(context=self.get_env_context())}" f"\n{experiences}",
            ),
        ]
        for example in self.examples:
            chat_history.extend(self.compose_conversation(example.rounds, example.plugins, add_requirements=False))
        chat_history.extend(
            self.compose_conversation(rounds, plugins=plugins, add_requirements=True, planning_enrichments=planning_enrichments)
        )
        return chat_history

    def reply(self, memory) -> dict:
        rounds = memory.get_role_rounds(role=self.alias, include_failure_rounds=False)
        query = rounds[-1].post_list[-1].message
        if self.config.enable_auto_plugin_selection:
            # plugins picked for this query join the pool shown at the head of the conversation
            self.plugin_pool = self.plugin_selector.plugin_select(query, self.config.auto_plugin_selection_topk)  # expect: PL104
        self.role_load_experience(query=query, memory=memory)
        self.role_load_example(memory=memory, role_set={self.alias, "Planner"})
        planning_enrichments = memory.get_shared_memory_entries(entry_type="plan")
        prompt = self.compose_prompt(rounds, self.plugin_pool, planning_enrichments=[pe.content for pe in planning_enrichments])
        return self.llm_api.chat_completion(prompt)
