"""Reconstruction of Josh-XT/AGiXT@805a9525d8acb52d9c05ce6f5ce1ce71e16829d4:agixt/Interactions.py (lines 266-415, 547-620, 1296-1852, 2637-2830, 3007-3050), trimmed; not the original text.

format_prompt fills one template into one string, sent as the only user message of each request:
retrieved memories and the recent conversation go into {context} at the top, the commands block
and a minute clock follow, and the long fixed instructions come last.
"""

import re

import requests

from Agent import Agent
from MagicalAuth import get_current_user_time
from Prompts import Prompts

_RE_CUSTOM_FORMAT = re.compile(r"\{(\w+)\}")


def _small_model_inference_sync(prompt: str, temperature: float = 0.3, max_tokens: int = 900) -> str:
    payload = {
        "model": "unsloth/Qwen3.5-0.8B-GGUF",
        "messages": [{"role": "user", "content": prompt}],
        "temperature": temperature,
        "max_tokens": max_tokens,
    }
    resp = requests.post("http://localhost:8091/v1/chat/completions", json=payload, timeout=(10, 120))
    return resp.json()["choices"][0]["message"]["content"].strip()


def generate_conversation_summary(messages: list, existing_summary: str = "", conversation_name: str = "") -> str:
    all_text = "".join(f"{m.get('role')}: {m.get('message')}\n\n" for m in messages)
    running_summary = existing_summary
    for chunk_idx, chunk in enumerate([all_text]):
        prompt = f"""You are analyzing a conversation to maintain a living summary.

## Current Summary
{running_summary}

## Conversation Chunk ({chunk_idx + 1}/1)
{chunk}

## Instructions
Update the summary with the topics discussed, the user's preferences, lessons learned, key
decisions and notes on what the assistant should keep doing or avoid. Write in third person."""
        result = _small_model_inference_sync(prompt, temperature=0.3)
        if result:
            running_summary = result
    return running_summary


def update_user_knowledge_after_interaction(user_id: str, user_input: str, agent_response: str, agent_name: str):
    existing_knowledge = get_user_knowledge(user_id)
    prompt = f"""You are maintaining a persistent knowledge profile about a user. A new interaction just occurred.

{existing_knowledge}

User: {user_input[:8000]}

{agent_name}: {agent_response[:8000]}

Update the profile with personal details, preferences, lifestyle, professional context,
communication patterns, important dates and values. Do not include code or task details.
Keep what is still true and be concise: bullet points."""
    result = _small_model_inference_sync(prompt, temperature=0.3, max_tokens=600)
    if result and result.strip().upper() != "NO_UPDATE":
        set_user_knowledge(user_id, result)


def get_user_knowledge(user_id: str) -> str:
    return ""


def set_user_knowledge(user_id: str, knowledge: str) -> None:
    return None


class Interactions:
    def __init__(self, agent: Agent, agent_memory, conversations, user_id: str):
        self.agent = agent
        self.agent_name = agent.agent_name
        self.agent_memory = agent_memory
        self.conversations = conversations
        self.user_id = user_id
        self.cp = Prompts()

    def custom_format(self, string, **kwargs):
        def replace(match):
            return str(kwargs.get(match.group(1), match.group(0)))

        return _RE_CUSTOM_FORMAT.sub(replace, string)

    async def format_prompt(self, user_input: str = "", top_results: int = 5, prompt="", conversation_id="", selected_commands=None, **kwargs):
        prompt = self.cp.get_prompt(prompt_name=prompt or "Custom Input")
        context = []
        if int(top_results) > 0 and user_input:
            context += await self.agent_memory.get_memories(  # expect: PL104
                user_input=user_input, limit=top_results, min_relevance_score=0.2
            )
        conversation_results = int(kwargs.get("conversation_results", 5))
        conversation = self.conversations.get_conversation(limit=200, page=1)
        conversation_history = ""
        interactions = []
        for interaction in conversation["interactions"]:
            timestamp = str(interaction.get("timestamp", ""))
            interactions.append(f"{timestamp} {interaction['role']}: {interaction['message']} \n ")
        if interactions:
            interactions = interactions[-conversation_results:]  # expect: PL301
            conversation_history = "\n".join(interactions)
        if conversation_history:
            context.append(f"### Recent Activities and Conversation History\n{conversation_history}\n")
        context = "The user's input causes the assistant to recall these memories:\n" + "\n".join(context)
        agent_commands = self.agent.get_commands_prompt(
            conversation_id=conversation_id,
            selected_commands=selected_commands,
            workspace_file_tree=kwargs.get("workspace_file_context"),
        )
        user_datetime = get_current_user_time(user_id=self.user_id).strftime("%B %d, %Y %I:%M %p")  # expect: PL101
        formatted_prompt = self.custom_format(
            string=prompt,
            user_input=user_input,
            agent_name=self.agent_name,
            COMMANDS=agent_commands,
            context=context,
            date=f"{user_datetime} (This and other timestamps are in the users local timezone)",
        )
        return formatted_prompt, prompt

    async def select_commands_for_task(self, user_input: str, commands_prompt: str, context: str = "") -> list:
        # one f-string in the original (2781-2830): the input comes right after the first line
        base_selection_prompt = (
            "You are an expert assistant that selects relevant commands/tools for a user request.\n\n"
            f"{user_input}\n\n"  # expect: PL104
            f"{context}\n\n"
            "{BATCH_COMMANDS}\n\n"
            "Select the commands needed to fulfil this request: what the user really asks, which commands are\n"
            "prerequisites of others, what the context says about devices and accounts, and what the recent\n"
            "conversation used. Most tasks need 3-10 commands; when in doubt include a command.\n"
            'Respond with ONLY a comma-separated list of exact command names, or "None".'
        )
        selection_prompt = base_selection_prompt.replace("{BATCH_COMMANDS}", commands_prompt)
        response = await self.agent.inference(prompt=selection_prompt)
        return [name.strip() for name in response.split(",") if name.strip()]

    async def run(self, user_input: str = "", conversation_id: str = "", **kwargs):
        formatted_prompt, _ = await self.format_prompt(
            user_input=user_input, prompt="Think About It", conversation_id=conversation_id, **kwargs
        )
        return await self.agent.inference(prompt=formatted_prompt)
