"""Reconstruction of microsoft/TaskWeaver@d44ddef23f90059fb17999d3095db4240e98f955:taskweaver/planner/planner.py (lines 60-258) and planner_prompt.yaml, trimmed; not the original text. Static wording reworded.

The original reads PROMPT_DATA from planner/planner_prompt.yaml; here it is inlined,
with {environment_context} at the top of the instruction as in the original.
"""

import datetime
import json
from typing import List, Optional

from taskweaver.role.role import Role

PROMPT_DATA = {
    "instruction_template": (
        "You are the Planner, who coordinates Workers to finish the user's task.\n\n"
        "## About the current environment context\n{environment_context}\n\n"
        "## About conversation history\n"
        "- The chat history can hold several Conversations; each starts with \"Let's start a new conversation!\".\n"
        "- Do not use information from earlier Conversations that are unrelated to the current one.\n\n"
        "## Worker Character\nThe Workers and their expertise:\n{worker_intro}\n\n"
        "## Planner Character\n- Plan the task, split it into steps, and send each step to the right Worker.\n\n"
        "## Response format\nReply with JSON following this schema:\n{response_json_schema}"
    ),
    "experience_instruction": "## Experiences from earlier tasks\n{experiences}",
    "response_json_schema": '{"type": "object", "properties": {"response": {"type": "object", "properties": {"plan": {"type": "string"}, "send_to": {"type": "string"}, "message": {"type": "string"}}}}}',
}

# planner/compression_prompt.yaml: the previous summary comes near the end
COMPRESSION_PROMPT = (
    "## On your profile and general capabilities:\n"
    "- Given a chat history and a previous summary, update the summary or write a new one.\n"
    "- Summarise the plan and how far it got in each round; keep what the Planner told the User.\n\n"
    "## Output format\nReply with JSON: {{\"ConversationSummary\": str}}\n\n"
    "## Previous summary\n{PREVIOUS_SUMMARY}\n\nPlease write the summary as JSON."
)


def format_chat_message(role: str, message: str) -> dict:
    return {"role": role, "content": message}


class Planner(Role):
    conversation_delimiter_message = "Let's start a new conversation!"

    def __init__(self, config, llm_api, workers: dict, round_compressor=None, experience_generator=None):
        super().__init__(config, experience_generator)
        self.alias = "Planner"
        self.llm_api = llm_api
        self.workers = workers
        self.recipient_alias_set = set([alias for alias, _ in self.workers.items()])  # expect: PL201
        self.prompt_data = PROMPT_DATA
        self.instruction_template = self.prompt_data["instruction_template"]
        self.response_json_schema = json.loads(self.prompt_data["response_json_schema"])
        self.response_json_schema["properties"]["response"]["properties"]["send_to"]["enum"] = list(
            self.recipient_alias_set,
        ) + ["User"]
        self.round_compressor = round_compressor

    def compose_sys_prompt(self, context: str) -> str:
        worker_description = ""
        for alias, role in self.workers.items():
            worker_description += f"###{alias}\n- The name of this Worker is `{alias}`\n{role.get_intro()}\n"
        return self.instruction_template.format(
            environment_context=context,
            response_json_schema=json.dumps(self.response_json_schema),
            worker_intro=worker_description,
        )

    def format_message(self, role: str, message: str) -> str:
        return f"From: {role}\nMessage: {message}\n"

    def compose_conversation_for_prompt(self, conv_rounds: List, summary: Optional[str] = None) -> List[dict]:
        conversation = []
        for rnd_idx, chat_round in enumerate(conv_rounds):
            conv_init_message = None
            if rnd_idx == 0:
                conv_init_message = Planner.conversation_delimiter_message
                if summary is not None:
                    conv_init_message += f"\n\nThe context summary of the Planner's previous rounds:\n{summary}\n\n"
            for post in chat_round.post_list:
                if post.send_from == self.alias:
                    conversation.append(format_chat_message("assistant", post.raw_text))
                else:
                    message = post.message if conv_init_message is None else conv_init_message + "\n" + post.message
                    conversation.append(format_chat_message("user", self.format_message(post.send_from, message)))
                    conv_init_message = None
        return conversation

    def get_env_context(self) -> str:
        now = datetime.datetime.now()  # expect: PL101
        current_time = now.strftime("%Y-%m-%d %H:%M:%S")
        return f"- Current time: {current_time}"

    def compose_prompt(self, rounds: List) -> List[dict]:
        experiences = self.format_experience(template=self.prompt_data["experience_instruction"])
        chat_history = [
            format_chat_message(
                role="system",
                message=f"{self.compose_sys_prompt(context=self.get_env_context())}" f"\n{experiences}",
            ),
        ]
        for conv_example in self.examples:
            chat_history += self.compose_conversation_for_prompt(conv_example.rounds)
        summary = None
        if self.round_compressor is not None:
            summary, rounds = self.round_compressor.compress_rounds(
                rounds,
                rounds_formatter=lambda _rounds: str(self.compose_conversation_for_prompt(_rounds)),
                prompt_template=COMPRESSION_PROMPT,
            )
        chat_history.extend(self.compose_conversation_for_prompt(rounds, summary=summary))
        return chat_history

    def reply(self, memory) -> dict:
        rounds = memory.get_role_rounds(role=self.alias)
        user_query = rounds[-1].user_query
        self.role_load_experience(query=user_query, memory=memory)
        self.role_load_example(role_set=set(self.recipient_alias_set) | {self.alias, "User"}, memory=memory)
        chat_history = self.compose_prompt(rounds)
        return self.llm_api.chat_completion(chat_history)
