from __future__ import annotations

from collections.abc import Callable
from typing import TypeGuard

import libcst as cst

from promptlint.check.rule import Invalid, Valid
from promptlint.findings import Severity
from promptlint.python.catalogue import (
    COMPLETION_CALL_WORDS,
    HISTORY_NAMES,
    READ_VERBS,
    WINDOW_CALLS,
    WINDOW_MEMORIES,
    name_words,
    names_prompt_part,
)
from promptlint.python.flow import limited_history_read
from promptlint.python.frontend import PythonContext, PythonRule
from promptlint.python.index import (
    Event,
    Scope,
    Walker,
    child_nodes,
    dotted,
    key_of,
    keyword_value,
    string_value,
)
from promptlint.python.requests import LANGCHAIN_CALLS, api_of, handed_conversations
from promptlint.python.values import WINDOW


class HistoryWindow(PythonRule):
    """
    ## What it does
    Checks for conversation histories cut to a sliding window that drops the oldest turns on
    every request: `history[-N:]`, `messages[len(messages) - N:]`, `history.pop(0)`, `del
    history[0]`, `messages.pop(1)` (the oldest after a kept system message),
    `history.remove(msg)` (not the system message moved out to `system=`, nor a turn removed
    and appended again, moved to the end, nor `[history.pop(0)]` kept in a rebuilt list, nor
    the empty messages a loop over the history filters out the same way every time), a loop
    that takes the newest messages that fit a token budget (`for m in reversed(history): ...
    if tokens > budget: break`; the earliest ones, in order, keep the prefix), token-budget
    trimming (`tokentrim.trim`, LiteLLM's and LangChain's `trim_messages`), LangChain's
    windowed memories (`ConversationBufferWindowMemory`, `ConversationTokenBufferMemory`),
    when the result is sent as messages or stored back as the history (also the entry of one
    chat in a store of histories by key: `self.chats[cid] = self.chats[cid][-N:]`, or
    `history = self.chats.get(cid, [])` then `self.chats[cid] = history[-N:]`); a chat
    session started again from the newest turns (`client.chats.create(model=m,
    history=history[-8:])`); the oldest item dropped (`pop(0)`) from a list of past texts
    that is joined into a message's content (`{"role": "user", "content":
    "\\n".join(self.context_list)}`), a history by another name; a method named for building
    the prompt that joins only the newest entries of the history its object grows into the
    prompt's text (`"\\n".join(self.memory[-5:])`, with `self.memory.append(...)` in the
    class); the latest turn an object keeps swapped for another message in the request
    (`messages=self.chats[cid][:-1] + [message]`, the kept history unchanged: the next
    request sends the kept turn); a field of the message just sent changed in place after
    the request (`messages[-1]["images"] = None` once `messages=messages` went out, the
    history a parameter or an attribute; not in an `except`, not `cache_control`); this
    request's user turn sent through a template behind the conversation the caller keeps
    (`for m in conversation: messages.append(m)`, then `messages.append({"role": "user",
    "content": f"Answer {query} using {context}"})`, with the history, the turn and what was
    looked up for it all parameters, and the templated turn not stored in that history; or,
    with LangChain, a message template after the history's messages that the chain fills
    with the question and more, `chain.ainvoke({"context": context, "question": query})`):
    the caller keeps the turn as it was given, and the next request sends it bare; text
    added in place to an earlier message of the caller's list
    (`kwargs["messages"][0]["content"] += schema_text`, a parameter the function has not
    bound to a copy; not the latest message `[-1]`): the caller's conversation keeps the
    addition and the next call adds it again. Only message lists count: `del
    schema["title"]` or a window over tools is not a history. A one-off compaction
    (summarise, then keep appending) is not a window.

    ## Why is this bad?
    The prefix cache needs every earlier message unchanged. Dropping the oldest turn shifts
    everything after the system prompt, so each request rewrites the whole conversation
    into the cache at full price (or more: Anthropic cache writes cost 1.25×–2×).

    ## Example
    ```python
    messages = [SYSTEM, *history[-20:], {"role": "user", "content": q}]
    ```

    ## Use instead
    Keep the history whole until it must shrink, then cut a large chunk at once (or
    summarise) so that many following requests share the new prefix:
    ```python
    if len(history) > 60:
        history = history[-20:]   # one rewrite every 40 turns, not every turn
    ```

    ## Fix safety
    No automatic fix: how to bound the context is a product decision.
    """

    CODE = "PL301"
    NAME = "history-rewrite"
    SEVERITY = Severity.WARNING
    MESSAGE = "a sliding history window shifts the prefix on every request"

    VALID = [
        # The turn just sent moved to the end of the history, not an older turn dropped.
        Valid(
            """
            def send(client, thread, item):
                history = list(thread.history)
                if history[-1] != item:
                    try:
                        history.remove(item)
                    except ValueError:
                        pass
                    history.append(item)
                thread.history = history
                return client.chat.completions.create(model="gpt-4o", messages=history)
            """
        ),
        # LangChain's whole buffer: the conversation only grows.
        Valid(
            """
            from langchain.chains import ConversationChain
            from langchain.memory import ConversationBufferMemory

            def make_chain(llm):
                memory = ConversationBufferMemory(memory_key="chat_history", return_messages=True)
                return ConversationChain(llm=llm, memory=memory)
            """
        ),
        Valid(
            """
            from langchain.prompts.chat import ChatPromptTemplate

            async def chat(query, history, llm):
                input_msg = History(role="user", content="{question}").to_msg_template(False)
                chat_prompt = ChatPromptTemplate.from_messages(
                    [h.to_msg_template() for h in history] + [input_msg]
                )
                chain = chat_prompt | llm
                return await chain.ainvoke({"question": query})  # the turn as given
            """
        ),
        Valid(
            """
            import copy

            def handle_json_mode(response_model, new_kwargs):
                new_kwargs = copy.deepcopy(new_kwargs)  # the caller's messages stay as given
                new_kwargs["messages"][0]["content"] += response_model.schema_text()
                return response_model, new_kwargs

            def decorate(messages, reminder):
                messages[-1]["content"] += reminder  # the new turn, stored as it is sent
                return messages

            def build(question, rules):
                messages = [{"role": "system", "content": SYSTEM}]
                messages[0]["content"] += rules  # a list of this call only
                messages.append({"role": "user", "content": question})
                return messages
            """
        ),
        Valid(
            """
            def ask(client, query, context, history):
                turn = {"role": "user", "content": f"Answer this query: {query} using: {context}"}
                history.append(turn)  # the turn is kept as it was sent
                return client.chat.completions.create(model="gpt-4o", messages=history)

            def plain(client, query, language, history):
                messages = [*history, {"role": "user", "content": query}]  # the turn as given
                return client.chat.completions.create(model="gpt-4o", messages=messages)

            def one_shot(client, query, context, examples):
                messages = [*examples, {"role": "user", "content": f"{query}"}]
                return client.chat.completions.create(model="gpt-4o", messages=messages)
            """
        ),
        Valid(
            """
            def send(client, messages):
                try:
                    return client.chat(model="llava", messages=messages)
                except ValueError:  # nothing was cached: retried with a shorter turn
                    messages[-1]["content"] = messages[-1]["content"][:4000]
                    return client.chat(model="llava", messages=messages)

            def reply(client, messages):
                answer = client.chat(model="llava", messages=messages)
                messages.append({"role": "assistant", "content": ""})
                messages[-1]["content"] = answer["message"]["content"]  # the new turn
                return answer

            def once(client, question):
                messages = [{"role": "user", "content": question}]
                answer = client.chat(model="llava", messages=messages)
                messages[-1]["content"] = "done"  # a list of this call only
                return answer
            """
        ),
        Valid(
            """
            import litellm

            class Proxy:
                def create(self, model, messages):
                    prepared = self._with_system(messages)
                    prepared[-1]["content"] = self._reminder(messages)  # other text
                    return litellm.completion(model=model, messages=prepared)

                def _with_system(self, messages):
                    return [{"role": "system", "content": SYSTEM}] + messages

                def _reminder(self, messages):
                    return f"Answer briefly. The first question was: {messages[0]['content']}"
            """
        ),
        Valid(
            """
            class Chat:
                def ask(self, question):
                    if len(self.messages) == 0:
                        self.messages.append({"role": "system", "content": SYSTEM})  # kept
                    self.messages.append({"role": "user", "content": question})
                    return self.client.send(self.messages)
            """
        ),
        Valid(
            """
            def answer(bot, turns):
                messages = [{"role": "system", "content": bot.system}, *turns]
                if len(turns) > 40:
                    notice = "The conversation is long."  # a log line, not a message
                    bot.log(notice)
                return bot.ask(messages)
            """
        ),
        Valid(
            """
            class SummarizingHistory:
                async def reduce(self):
                    history = self.messages
                    cut = len(history) - self.target_count
                    summary = await self.summarize(history[:cut])
                    self.messages = [summary, *history[cut:]]  # summarised: a compaction
                    return self
            """
        ),
        Valid(
            """
            class ChatPanel:
                def add(self, message):
                    self._messages.append(message)
                    self._messages = self._messages[-self._max_messages :]  # lines shown
            """
        ),
        Valid(
            """
            class Transcript:
                def trim(self):
                    lines = self.lines
                    self.lines = lines[len(lines) - 100 :]  # a log, not the history sent
            """
        ),
        Valid(
            """
            class Simulator:
                async def next_turn(self, turns, max_turns):
                    self.ui.render(messages=turns[-max_turns:])  # shown, not sent
                    messages = [{"role": "system", "content": self.persona}]
                    messages.extend([t.as_message() for t in turns])  # every turn, in order
                    return await self.backend.chat_completion(messages=messages)
            """
        ),
        Valid(
            """
            from copy import deepcopy

            def format_messages_for_anthropic(raw_messages, system_prompt=""):
                messages = deepcopy(raw_messages)
                for message in messages:
                    if message.role == "system":
                        system_prompt += message.content
                        messages.remove(message)  # moved into `system=`, not dropped
                return messages, [{"type": "text", "text": system_prompt}]
            """
        ),
        Valid(
            """
            def merge_consecutive(messages):
                system_parts = [messages.pop(0).content]  # moved into `system=`
                merged = []
                while messages:
                    message = messages.pop(0)
                    if merged and merged[-1].role == message.role:
                        merged[-1].content += message.content
                    else:
                        merged.append(message)  # every message is kept
                return system_parts, merged
            """
        ),
        Valid(
            """
            def keep_earliest(messages, keep_token, count_tokens):
                kept, used = [], 0
                for msg in messages:  # the earliest ones: the kept prefix does not move
                    if used + count_tokens([msg]) > keep_token:
                        break
                    kept.append(msg)
                    used += count_tokens([msg])
                return kept
            """
        ),
        Valid(
            """
            def drop_empty(messages):
                for message in reversed(messages):
                    if not message.content:  # the same messages go on every request
                        messages.remove(message)
                return messages
            """
        ),
        Valid(
            """
            def compress(original_messages, summary, keep):
                primary_task = [original_messages.pop(0)]  # kept: a one-off compaction
                recent = original_messages[keep:]
                return primary_task + [summary] + recent
            """
        ),
        Valid(
            """
            import anthropic
            client = anthropic.Anthropic()

            def ask_structured(messages, output_format):
                schema = output_format.model_json_schema()
                if "title" in schema:
                    del schema["title"]  # a key of a schema, not a turn of the history
                tool = {"name": "answer", "input_schema": schema}
                return client.messages.create(
                    model="claude-sonnet-4-5", max_tokens=500, tools=[tool], messages=messages
                )
            """
        ),
        Valid(
            """
            from openai import OpenAI
            client = OpenAI()
            SYSTEM = {"role": "system", "content": "You are helpful."}

            def ask(history, q):
                last = history[-1]
                recent_titles = [m["content"][:20] for m in history[-3:]]
                print(recent_titles, last)
                return client.chat.completions.create(
                    model="gpt-4o", messages=[SYSTEM, *history, {"role": "user", "content": q}]
                )
            """
        ),
        Valid(
            """
            class FakeTranscriber:
                def __init__(self, turns):
                    self._turns = list(turns)

                async def transcribe_turns(self):
                    while self._turns:
                        turn = self._turns.pop(0)  # a queue handed on, not a history
                        yield turn
            """
        ),
        Valid(
            """
            def mark_recent(history, last_n=2):
                tagged = 0
                for entry in reversed(history):
                    entry.pop("cache_control", None)
                    if tagged < last_n and entry["role"] == "user":
                        entry["cache_control"] = {"type": "ephemeral"}  # markers move by design
                        tagged += 1
                return history
            """
        ),
        Valid(
            """
            def fit_documents(docs, budget, count_tokens):
                while docs and count_tokens(docs) > budget:
                    docs = docs[:-1]  # retrieved passages of this turn, not the history
                return docs
            """
        ),
        Valid(
            """
            def render_all(turns):
                lines = []
                for i, turn in enumerate(turns):
                    if i < len(turns):  # every turn the same way
                        lines.append(f"{turn.role}: {turn.text}")
                return lines
            """
        ),
        Valid(
            """
            def get_agent_history(message_history, agent_id, limit=None):
                history = message_history.get(agent_id, [])
                if limit:
                    history = history[-limit:]  # shown in a tool result, not sent as turns
                lines = []
                for msg in history:
                    lines.append(f"{msg['role']}: {msg['content']}")
                return "\\n".join(lines)
            """
        ),
        Valid(
            """
            def note_edit(history):
                history[-1]["content"] += " (edited)"  # the caller's own list: the change is kept
            """
        ),
        Valid(
            """
            def merge_same_role(messages):
                merged = []
                for m in messages:
                    if merged and merged[-1]["role"] == m["role"]:
                        merged[-1]["content"] += m["content"]  # the same merge every request
                    else:
                        merged.append(dict(m))
                return merged
            """
        ),
        Valid(
            """
            import copy

            def ask_once(client, messages, prompt):
                messages = copy.deepcopy(messages)
                messages[-1] = {"role": "user", "content": prompt}  # other text, not a re-render
                return client.chat.completions.create(model="gpt-4o", messages=messages)
            """
        ),
        Valid(
            """
            def invoke_json(client, messages, schema):
                modified = [dict(m) for m in messages]
                modified[-1]["content"] += f"Reply with JSON matching {schema}"  # an added note
                return client.chat.completions.create(model="gpt-4o", messages=modified)
            """
        ),
        Valid(
            """
            def recent_titles(history, n):
                titles = history[len(history) - n :]  # read, not stored back
                return ", ".join(t["title"] for t in titles)
            """
        ),
        Valid(
            """
            def newest_first_all(history):
                kept = []
                k = len(history) - 1
                while k > -1:  # every message, no budget
                    kept = [history[k]] + kept
                    k -= 1
                return kept
            """
        ),
        Valid(
            """
            import json

            def get_chat_history(session, num_chats=None):
                history = [chat.to_dict() for chat in session.get_messages()]
                if num_chats is not None:
                    history = history[-num_chats:]  # a tool's JSON result, returned once
                return json.dumps(history)
            """
        ),
        Valid(
            """
            import copy

            def to_session(context_messages):
                messages = [m for m in copy.deepcopy(context_messages) if isinstance(m, dict)]
                instructions = None
                if messages and messages[0].get("role") == "system":
                    system = messages.pop(0)  # moved into the session's instructions
                    instructions = system.get("content")
                return instructions, messages
            """
        ),
        Valid(
            """
            def extract_system_instruction(messages):
                if not messages or messages[0].get("role") != "system":
                    return None
                content = messages[0].get("content", "")
                messages.pop(0)  # only ever the system message, moved out
                return content
            """
        ),
        Valid(
            """
            async def emit_reply(reply, hooks, messages):
                sub_messages = reply.strip().split("\\n\\n")
                while sub_messages:
                    m = sub_messages.pop(0)  # every chunk is emitted: a queue drained
                    await hooks.on_message_generated(payload=m)
            """
        ),
        Valid(
            """
            def repair_restored(messages):
                if messages:
                    first = messages[0]
                    if first["role"] == "user" and any("toolResult" in c for c in first["content"]):
                        messages.pop(0)  # an orphaned tool result, dropped once on restore
                return messages
            """
        ),
        Valid(
            """
            import copy

            ROLE, SYSTEM = "role", "system"

            def hand_over(messages, agent):
                new_messages = copy.deepcopy(messages)
                if new_messages and new_messages[0][ROLE] == SYSTEM:
                    new_messages.pop(0)  # the next agent puts its own system message first
                return agent.run(messages=new_messages)
            """
        ),
        Valid(
            """
            def mark_last(messages):
                last = len(messages) - 1
                for i, m in enumerate(messages):
                    if i == last and m["role"] == "user":
                        m["cache_control"] = {"type": "ephemeral"}  # markers move by design
                return messages
            """
        ),
        Valid(
            """
            import copy

            def soften_words(messages):
                messages = copy.deepcopy(messages)
                last = messages[-1]["content"]
                messages[-1]["content"] = last.replace("assistant", "ai")  # a word swapped
                return messages
            """
        ),
        Valid(
            """
            def render(messages, max_prompt_size, tokenizer_name):
                messages = truncate_messages(messages, max_prompt_size, tokenizer_name)
                return messages  # the budget loop is reported where it drops, not here
            """
        ),
        Valid(
            """
            def show_history(store, agent_id, limit=None):
                history = store.get(agent_id, [])
                if limit:
                    history = history[-limit:]
                lines = []
                for message in history:
                    lines.append(f"{message['role']}: {message['content']}")
                return "\\n".join(lines)  # text for a tool result, not the history sent
            """
        ),
        Valid(
            """
            def recent_messages(store, session_id):
                # a page of a listing handed back alone, not a list of messages built here
                return store.get_messages(session_id, limit=50)
            """
        ),
        Valid(
            """
            def build_messages(store, session_id, system, prompt):
                messages = [{"role": "system", "content": system}]
                messages.extend(store.get_chat_history(session_id, max_messages=None))  # whole
                messages.append({"role": "user", "content": prompt})
                return messages
            """
        ),
        Valid(
            """
            def build_messages(history, prompt, schema):
                messages = [*history]
                if schema is not None:
                    prompt = prompt + "\\nReturn ONLY a JSON object."
                messages.append({"role": "user", "content": prompt})
                return messages  # the caller stores what it sent
            """
        ),
        Valid(
            """
            def compact(messages, summarise, keep):
                head = messages[:1]
                summary = summarise(messages[1:-keep])  # summarised once, then appended to
                return head + [summary] + messages[-keep:]
            """
        ),
        Valid(
            """
            def clip(text, n):
                return text[:n] + "\\n...\\n" + text[-n:]  # a text, not a history
            """
        ),
        Valid(
            """
            def chain_agents(agent_names: list[str], agents, timeout=None):
                configs = []
                for i, name in enumerate(agent_names):
                    config = {"name": name}
                    if i < len(agent_names) - 1:  # all but the last hand off to the next
                        handoff = {"agent": agents[i + 1]}
                        if timeout is not None:
                            handoff["timeout"] = timeout
                        config["handoffs"] = [handoff]
                        instructions = f"Hand off to {agent_names[i + 1]}."
                        config["instructions"] = instructions
                    configs.append(config)
                return configs  # settings made per agent, no item of a history rewritten
            """
        ),
        Valid(
            """
            async def reply(self, prompt):
                history = self.memory.get(self.session_id)  # one session's whole history
                return await self.llm.ask(history + [{"role": "user", "content": prompt}])
            """
        ),
        Valid(
            """
            def replace_message(messages: list, i: int, edited) -> list:
                return messages[:i] + [edited] + messages[i + 1 :]  # an edit the user made, kept
            """
        ),
        Valid(
            """
            def compact(messages: list, keep: int, summarise) -> list:
                system = [m for m in messages if m["role"] == "system"]
                others = [m for m in messages if m["role"] != "system"]
                summary = summarise(others[:-keep])  # summarised once, then appended to
                recent = others[-keep:]
                return system + [summary] + recent
            """
        ),
        Valid(
            """
            def fit_passages(passages, count_tokens, limit):
                while count_tokens(passages) > limit and passages:
                    passages.pop(len(passages) // 2)  # this turn's documents, not the history
                return passages
            """
        ),
        Valid(
            """
            class ChatStore:
                def __init__(self, page_size):
                    self.messages = []
                    self.page_size = page_size

                def recent_messages(self, n: int):
                    page = self.messages[-n:]  # the caller's size: a page of a listing
                    return page
            """
        ),
        Valid(
            """
            def fit_document(text, count_tokens, limit):
                lo, hi = 0, len(text)
                while lo < hi:
                    mid = (lo + hi) // 2
                    tail = text[mid:]  # a document cut for this request, not the history
                    if count_tokens(tail) <= limit:
                        hi = mid
                    else:
                        lo = mid + 1
                return text[hi:]
            """
        ),
        # `turns()` hands the pairs back newest first: reversed, the loop keeps the oldest
        # ones that fit, a prefix that only grows until the budget is reached.
        Valid(
            """
            def kept_history(chat, max_tokens, count_tokens):
                kept, used = [], 0
                for question, answer in reversed(list(chat.turns())):
                    used += count_tokens(question) + count_tokens(answer)
                    if used > max_tokens:
                        break
                    kept += [question, answer]
                return kept
            """
        ),
        # Texts, not chat messages, handed to a model object: no conversation is cut.
        Valid(
            """
            class Summarizer:
                def summarize(self, notes):
                    chunks = []
                    for note in notes[-5:]:
                        chunks.append(note.text)
                    return self.llm(chunks)
            """
        ),
        Valid(
            """
            class Bot:
                def reset(self, chat_id):
                    self.conversations[chat_id] = [{"role": "system", "content": SYSTEM}]

                def recent(self, chat_id):
                    history = self.conversations.get(chat_id, [])
                    self.previews[chat_id] = history[-3:]  # shown, not read back as the chat
                    return self.conversations[chat_id]

            class Translator:
                def context_messages(self):
                    return [{"role": "user", "content": "\\n".join(self.glossary)}]

                def next_chunk(self):
                    return self.pending.pop(0)  # a work queue, not text of a message

                def restart(self, history):
                    self.chat = self.client.chats.create(model=MODEL, history=history)  # whole

            class Agent:
                def create_prompt(self, question):
                    history = "\\n".join(self.memory)  # whole: the prompt only grows
                    return self.template.format(history=history, question=question)

                def status_line(self):
                    return " | ".join(self.memory[-3:])  # shown, not a prompt

                def remember(self, entry):
                    self.memory.append(entry)

            def retry(client, messages, shorter):
                return client.chat.completions.create(  # a list of this call only
                    model="gpt-4o", messages=messages[:-1] + [shorter]
                )

            def log_losses(loss_history, loss):
                loss_history["train"].append(loss)
                loss_history["train"] = loss_history["train"][-30:]  # a record's field
            """
        ),
    ]

    INVALID = [
        # LangChain's windowed memory: past ten exchanges each turn drops the oldest one.
        Invalid(
            """
            from langchain.agents import AgentType, initialize_agent
            from langchain.memory import ConversationBufferWindowMemory

            def make_agent(llm, tools):
                memory = ConversationBufferWindowMemory(
                    memory_key="chat_history", return_messages=True, k=10
                )
                return initialize_agent(
                    tools, llm, agent=AgentType.OPENAI_FUNCTIONS, memory=memory
                )
            """,
            line=5,
            message_contains="the last `k` exchanges",
        ),
        Invalid(
            """
            class Bot:
                async def ask_vision(self, chat_id, content):
                    text = next(part["text"] for part in content if part["type"] == "text")
                    self.conversations[chat_id].append({"role": "user", "content": text})
                    message = {"role": "user", "content": content}
                    return await self.client.chat.completions.create(
                        model="gpt-4o", messages=self.conversations[chat_id][:-1] + [message]
                    )
            """,
            line=7,
            message_contains="in place of the latest turn",
        ),
        Invalid(
            """
            class Agent:
                def create_prompt(self, question):
                    history = "\\n".join(self.memory[-5:])
                    return self.prompt_template.format(history=history, question=question)

                def respond(self, question):
                    answer = self.llm.generate(self.create_prompt(question))
                    self.memory.append(f"Human: {question}\\nAI: {answer}")
                    return answer
            """,
            line=3,
            message_contains="renders only the newest entries",
        ),
        Invalid(
            """
            def format_messages(transcript, model, budget):
                chat_messages = [{"role": "system", "content": PREAMBLE}, *transcript]
                while count_tokens(chat_messages, model) > budget:
                    if len(chat_messages) <= 1:
                        break
                    chat_messages.pop(1)  # the oldest turn after the system message
                return chat_messages
            """,
            line=6,
            message_contains="drops the oldest turn",
        ),
        Invalid(
            """
            class Translator:
                def context_messages(self):
                    texts = self.context_list
                    return [
                        {"role": "user", "content": "\\n".join(texts)},
                        {"role": "assistant", "content": "\\n".join(self.translated_list)},
                    ]

                def save_context(self, text, translated):
                    self.context_list.append(text)
                    self.translated_list.append(translated)
                    if len(self.context_list) > self.limit:
                        self.context_list.pop(0)
                        self.translated_list.pop(0)
            """,
            line=13,
            message_contains="joined into the text of a message",
        ),
        Invalid(
            """
            class Translator:
                def trim(self):
                    history = self.chat.get_history()
                    if len(history) > 10:
                        self.chat = self.client.chats.create(
                            model=MODEL,
                            config=types.GenerateContentConfig(system_instruction=SYSTEM),
                            history=history[-8:],
                        )
            """,
            line=8,
            message_contains="chat session it starts again",
        ),
        Invalid(
            """
            class Bot:
                async def ask(self, chat_id, query):
                    self.conversations[chat_id].append({"role": "user", "content": query})
                    if len(self.conversations[chat_id]) > self.max_history_size:
                        self.conversations[chat_id] = self.conversations[chat_id][-self.max_history_size :]
                    return await self.client.chat.completions.create(
                        model="gpt-4o", messages=self.conversations[chat_id]
                    )
            """,
            line=5,
            message_contains="stored back as the history",
        ),
        Invalid(
            """
            class Agent:
                def run(self, query, session_id):
                    history = self.chat_histories.get(session_id, []) if session_id else []
                    answer = self.llm.complete(prompt=f"{render(history)} User: {query}")
                    history.append({"query": query, "answer": answer})
                    self.chat_histories[session_id] = history[-40:]
                    return answer
            """,
            line=6,
            message_contains="stored back as the history",
        ),
        Invalid(
            """
            from langchain.prompts.chat import ChatPromptTemplate

            async def kb_chat(query, docs, history, llm):
                context = "\\n\\n".join(d["page_content"] for d in docs)
                input_msg = History(role="user", content=RAG_TEMPLATE).to_msg_template(False)
                chat_prompt = ChatPromptTemplate.from_messages(
                    [h.to_msg_template() for h in history] + [input_msg]
                )
                chain = chat_prompt | llm
                return await chain.ainvoke({"context": context, "question": query})
            """,
            line=5,
            message_contains="fills in `context`, `question`",
        ),
        Invalid(
            """
            def get_messages_history(chat_box, history_len: int):
                messages = chat_box.filter_history(history_len=history_len)
                if sys_msg := chat_box.context.get("system_message"):
                    messages = [{"role": "system", "content": sys_msg}] + messages
                return messages
            """,
            line=2,
            message_contains="reads only the newest turns",
        ),
        Invalid(
            """
            def handle_json_mode(response_model, new_kwargs):
                message = f"Answer in JSON matching this schema: {response_model.schema_json()}"
                if new_kwargs["messages"][0]["role"] != "system":
                    new_kwargs["messages"].insert(0, {"role": "system", "content": message})
                else:
                    new_kwargs["messages"][0]["content"] += f"\\n\\n{message}"
                return response_model, new_kwargs
            """,
            line=6,
            message_contains='text is added in place to message [0] of `new_kwargs["messages"]`',
        ),
        Invalid(
            """
            def with_rules(messages, rules):
                messages[0]["content"] = messages[0]["content"] + rules
                return messages
            """,
            line=2,
        ),
        Invalid(
            """
            class Generator:
                def prepare_messages(self, query, context, conversation, system_message):
                    messages = [{"role": "system", "content": system_message}]
                    for message in conversation:
                        messages.append({"role": message.type, "content": message.content})
                    messages.append(
                        {"role": "user", "content": f"Answer this query: {query} using: {context}"}
                    )
                    return messages
            """,
            line=7,
            message_contains="sent through a template that fills in `query`, `context`",
        ),
        Invalid(
            """
            def prepare(query, context, conversation):
                chat_history = []
                for message in conversation:
                    chat_history.append({"role": "USER", "message": message.content})
                message = f"Using this context: {context} answer this query: {query}"
                return message, chat_history
            """,
            line=5,
            message_contains="behind the conversation `conversation` the caller keeps",
        ),
        Invalid(
            """
            def answer(client, question, docs, history):
                return client.chat.completions.create(
                    model="gpt-4o",
                    messages=[
                        *history,
                        {"role": "user", "content": f"Context: {docs} Question: {question}"},
                    ],
                )
            """,
            line=6,
        ),
        Invalid(
            """
            def look(client, messages, screenshot):
                messages.append({"role": "user", "content": "What next?", "images": [screenshot]})
                response = client.chat(model="llava", messages=messages)
                messages[-1]["images"] = None  # sent once, then dropped from the history
                messages.append({"role": "assistant", "content": response["message"]["content"]})
                return response
            """,
            line=4,
            column=5,
            message_contains="the message just sent in `messages` has its `images` changed",
        ),
        Invalid(
            """
            class Session:
                def step(self, text):
                    turn = {"role": "user", "content": text, "attachment": self.file}
                    self.messages.append(turn)
                    reply = self.llm.complete(messages=self.messages)
                    turn["attachment"] = None
                    self.messages.append({"role": "assistant", "content": reply})
                    return reply
            """,
            line=6,
            message_contains="has its `attachment` changed after",
        ),
        Invalid(
            """
            import litellm

            class Proxy:
                def create(self, model, messages):
                    prepared = self._with_system(messages)
                    notes = self.store.search(messages[-1]["content"])
                    prepared[-1]["content"] = self._with_notes(messages, notes)
                    return litellm.completion(model=model, messages=prepared)

                def _with_system(self, messages):
                    return [{"role": "system", "content": SYSTEM}] + messages

                def _with_notes(self, messages, notes):
                    return f"Notes: {notes}\\n\\nQuestion: {messages[-1]['content']}"
            """,
            line=7,
            message_contains="only the latest message is re-rendered",
        ),
        Invalid(
            """
            def answer(bot, turns, context):
                bot.messages = [
                    {"role": "system", "content": bot.system},
                    {"role": "user", "content": context},
                    *turns[:-1],
                ]
                if len(turns) <= 2:
                    bot.messages.append({"role": "user", "content": FORMAT_HINT})
                return bot.ask(turns[-1]["content"])
            """,
            line=8,
            message_contains="only while the conversation is short",
        ),
        Invalid(
            """
            class TruncatingHistory:
                def reduce(self):
                    history = self.messages
                    if len(history) <= self.target_count:
                        return None
                    cut = find_safe_cut(history, self.target_count)
                    kept = history[cut:]
                    if history[0].role == "system":
                        kept = [history[0], *kept]
                    self.messages = kept
                    return self
            """,
            line=7,
            message_contains="stored back as the history",
        ),
        Invalid(
            """
            class Simulator:
                async def next_turn(self, turns, max_turns):
                    messages = [{"role": "system", "content": self.persona}]
                    messages.extend([t.as_message() for t in turns[-max_turns:]])
                    return await self.backend.chat_completion(messages=messages)
            """,
            line=4,
            message_contains="handed to `self.backend.chat_completion()`",
        ),
        Invalid(
            """
            def build_messages(self, prompt):
                messages = [{"role": "system", "content": self.system_prompt}]
                history = self.store.get_chat_history(
                    self.session_id,
                    max_messages=self.history_limit,
                )
                messages.extend(history)
                messages.append({"role": "user", "content": prompt})
                return messages
            """,
            line=5,
            message_contains="reads only the newest turns of the stored conversation",
        ),
        Invalid(
            """
            def build_messages(prompt, history, output_json):
                messages = [*history]
                original_prompt = prompt
                if output_json is not None:
                    prompt = prompt + "\\nReturn ONLY a valid JSON object."
                messages.append({"role": "user", "content": prompt})
                return messages, original_prompt  # the caller keeps original_prompt
            """,
            line=5,
            message_contains="hands back the message without it",
        ),
        Invalid(
            """
            def build_messages(self, prompt, schema):
                messages = [*self.chat_history]
                messages.append({"role": "user", "content": str(prompt)})
                original_prompt = str(prompt)
                messages[-1]["content"] += f"\\nRespond with JSON matching {schema}"
                return messages, original_prompt
            """,
            line=5,
            message_contains="hands back the message without it",
        ),
        Invalid(
            """
            class EpisodicMemory:
                def retrieve_recent(self):
                    memories = self.memory
                    fixed_prefix = memories[: self.fixed_prefix_length]
                    return fixed_prefix + memories[-self.lookback_length :]

                def system_prompt(self):  # rendered at the end of every system prompt
                    return "Recent events:\\n" + "\\n".join(self.retrieve_recent())
            """,
            line=5,
            message_contains="first items of the history are kept",
        ),
        Invalid(
            """
            def truncate(messages, balanced):
                for i in range(1, len(messages)):
                    if balanced(messages[1 : i + 1]):
                        return messages[:1] + messages[i + 1 :]  # the oldest after the system
                return messages
            """,
            line=4,
            message_contains="first items of the history are kept",
        ),
        Invalid(
            """
            class PatchAgent:
                def select_feedback(self, n: int) -> list:
                    return self._history[-n:]

                def write_patch(self, n: int):
                    messages = [{"role": "system", "content": SYSTEM}]
                    for handle in self.select_feedback(n):  # rebuilt every attempt
                        messages.append({"role": "assistant", "content": self._responses[handle]})
                        messages.append({"role": "user", "content": self._feedbacks[handle]})
                    return self.client.chat(messages=messages)
            """,
            line=3,
            message_contains="handed back as the list to send",
        ),
        Invalid(
            """
            class KeepNewestCondenser:
                def __init__(self, keep_first=1, max_events=10):
                    self.keep_first = keep_first
                    self.max_events = max_events

                def condense(self, view: View) -> View:
                    head = view[: self.keep_first]
                    tail = view[-(self.max_events - len(head)) :]
                    return View(events=head + tail)
            """,
            line=8,
            message_contains="handed back as the list to send",
        ),
        Invalid(
            """
            def mask_old_observations(events: list[Event], attention_window=5):
                results = []
                for i, event in enumerate(events):
                    if event.kind == "observation" and i < len(events) - attention_window:
                        results.append({"role": "tool", "content": "<omitted>"})
                    else:
                        results.append(event)
                return results
            """,
            line=5,
            message_contains="distance from the newest one",
        ),
        Invalid(
            """
            def keep_latest_results(memory, keep_latest_count=5):
                new_memory = []
                seen = 0
                for msg in reversed(memory):
                    if msg.is_tool_result:
                        seen += 1
                        if seen > keep_latest_count:
                            msg = {"role": "tool", "content": msg.content[:80]}
                    new_memory.append(msg)
                return list(reversed(new_memory))
            """,
            line=8,
        ),
        Invalid(
            """
            def strip_diffs(history, keep_last=2):
                out = []
                for i, entry in enumerate(reversed(history)):
                    if i < keep_last:
                        out.append(entry)
                    else:
                        entry = dict(entry)
                        entry["content"] = entry["content"].split("<diff>")[0]
                        out.append(entry)
                return list(reversed(out))
            """,
            line=8,
        ),
        Invalid(
            """
            def close_old_windows(history):
                new_history, shown = [], set()
                for entry in reversed(history):
                    data = dict(entry)
                    name = entry.get("file")
                    if name in shown:
                        data["content"] = f"Outdated window of {name} omitted"
                    shown.add(name)
                    new_history.append(data)
                return list(reversed(new_history))
            """,
            line=7,
        ),
        Invalid(
            """
            def render_conversation(turns):
                lines = []
                for turn in turns[:-4]:
                    lines.append(f"Q: {turn.question}\\nA: (omitted)")
                for turn in turns[-4:]:
                    lines.append(f"Q: {turn.question}\\nA: {turn.answer}")
                return "\\n".join(lines)
            """,
            line=3,
            message_contains="rendered apart",
        ),
        Invalid(
            """
            class ChatAgent:
                def prep_messages(self, hist):
                    idx = 1
                    while self.num_tokens(hist) > self.context_length:
                        hist[idx] = self.truncate_message(idx, tokens=30)
                        idx += 1
                    return hist
            """,
            line=5,
            message_contains="token-budget loop",
        ),
        Invalid(
            """
            class MessageHistory:
                def __init__(self, context_window_tokens):
                    self.messages = []
                    self.total_tokens = 0
                    self.context_window_tokens = context_window_tokens

                def truncate(self):
                    def remove_pair():
                        self.messages.pop(0)  # the method's `self`, reached from a closure
                        self.messages.pop(0)

                    while self.total_tokens > self.context_window_tokens:
                        remove_pair()
            """,
            line=9,
        ),
        Invalid(
            """
            def limit_log(log, model, len_tokens):
                system = [m for m in log if m.role == "system"][:1]
                budget = model.context - len_tokens(system, model.model)
                msgs = []
                for msg in reversed(log[1:]):
                    msgs.append(msg)
                    if len_tokens(msgs, model.model) > budget:
                        break
                return system + list(reversed(msgs))
            """,
            line=5,
            column=5,
            message_contains="newest messages that fit a token budget",
        ),
        # The conversation handed as the first argument to a model object the checker
        # cannot follow (`self.llm(messages)`, `self.llm.stream(messages)`).
        Invalid(
            """
            class AnswerPipeline:
                n_last_interactions = 5

                def stream(self, question, history):
                    messages = []
                    if self.system_prompt:
                        messages.append(SystemMessage(content=self.system_prompt))
                    for human, ai in history[-self.n_last_interactions :]:
                        messages.append(HumanMessage(content=human))
                        messages.append(AIMessage(content=ai))
                    messages.append(HumanMessage(content=question))
                    yield from self.llm.stream(messages)
            """,
            line=8,
            message_contains="messages handed to `self.llm.stream()`",
        ),
        # Walked from the newest message, the older ones are left out once a flag says
        # the budget is reached: the newest that fit, taken again on every request.
        Invalid(
            """
            def add_history_upto_token_limit(prompt, history, t_limit, count_tokens):
                limit_reached = False
                used = 0
                for message in history[::-1]:
                    tokens = count_tokens(message)
                    if used + tokens > t_limit:
                        limit_reached = True
                    if not limit_reached:
                        prompt.insert(0, message)
                        used += tokens
                return prompt
            """,
            line=4,
            message_contains="newest messages that fit a token budget",
        ),
        # The oldest pair is cut until the prompt, with this request's documents, fits.
        Invalid(
            """
            def fit_context(prompt, inputs, max_tokens, count_tokens):
                n = count_tokens(prompt.format(**inputs))
                while n > max_tokens:
                    chat_history = inputs["chat_history"]
                    if not chat_history:
                        break
                    inputs["chat_history"] = chat_history[2:]
                    n = count_tokens(prompt.format(**inputs))
                return inputs

            def answer(llm, prompt, inputs, count_tokens):
                fitted = fit_context(prompt, inputs, 6000, count_tokens)
                return llm.invoke(prompt.format(**fitted))
            """,
            line=7,
            message_contains="token-budget loop",
        ),
        Invalid(
            """
            def truncate_messages(messages, max_prompt_size, count_tokens):
                while messages and count_tokens(messages) > max_prompt_size:
                    dropped_message = messages.pop(0)
                    if dropped_message.get("tool_calls") and messages:
                        messages.pop(0)  # its tool result goes too
                return messages
            """,
            line=3,
            column=27,
            message_contains="drops the oldest turn",
        ),
        Invalid(
            """
            import tokentrim as tt
            import litellm

            def respond(messages, system_message, context_window):
                messages = tt.trim(messages, system_message=system_message, max_tokens=context_window)
                return litellm.completion(model="gpt-4o", messages=messages)
            """,
            line=5,
            column=16,
            message_contains="tokentrim.trim()",
        ),
        Invalid(
            """
            from openai import OpenAI
            client = OpenAI()
            SYSTEM = {"role": "system", "content": "You are helpful."}

            def ask(history, q):
                return client.chat.completions.create(
                    model="gpt-4o",
                    messages=[SYSTEM, *history[-20:], {"role": "user", "content": q}],
                )
            """,
            line=8,
            column=28,
        ),
        Invalid(
            """
            class Chat:
                def __init__(self):
                    self.history = []

                def add(self, text):
                    self.history.append({"role": "user", "content": text})
                    self.history = self.history[-30:]
            """,
            line=7,
            column=24,
        ),
        Invalid(
            """
            ANSWER_FORMAT = "Answer in the format below.\\nQuestion: {question}"

            def prepare(history):
                turns = [dict(m) for m in history]
                turns[-1]["content"] = ANSWER_FORMAT.format(question=turns[-1]["content"])
                return turns
            """,
            line=5,
            message_contains="only the latest message is re-rendered",
        ),
        Invalid(
            """
            import copy

            def ask(client, history, speaker):
                msgs = copy.deepcopy(history)
                last = msgs[-1]
                msgs[-1] = {"role": "user", "content": last["content"] + f"\\n{speaker}: "}
                return client.chat.completions.create(model="gpt-4o", messages=msgs)
            """,
            line=6,
            message_contains="only the latest message is re-rendered",
        ),
        Invalid(
            """
            class WindowManager:
                def __init__(self, window_size=40):
                    self.window_size = window_size

                def reduce(self, agent):
                    messages = agent.messages
                    start = len(messages) - self.window_size
                    while start < len(messages) and messages[start]["role"] != "user":
                        start += 1
                    messages[:] = messages[start:]
            """,
            line=10,
            message_contains="stored back as the history",
        ),
        Invalid(
            """
            import json

            def save_chat(path, messages, length):
                kept = messages[:1] + messages[1 + max(0, len(messages) - length) :]
                json.dump(kept, path.open("w"))
            """,
            line=4,
            column=27,
            message_contains="stored back as the history",
        ),
        Invalid(
            """
            class Session:
                def history_messages(self, last_n_runs=3):
                    runs = self.runs[-last_n_runs:]
                    chat_history = []
                    for run in runs:
                        for message in run.messages:
                            chat_history.append(message)
                    return chat_history
            """,
            line=3,
            column=16,
            message_contains="history handed back",
        ),
        Invalid(
            """
            def call(self, messages, max_input_tokens):
                if max_input_tokens > 0:
                    messages = _truncate_messages(messages, max_tokens=max_input_tokens)
                return self._chat(messages)
            """,
            line=3,
            message_contains="trimmed to a token budget",
        ),
        Invalid(
            """
            def keep_recent_turns(messages):
                kept = []
                turns_left = 20
                k = len(messages) - 1
                while k > -1:
                    if turns_left == 0:
                        break
                    if messages[k]["role"] == "user":
                        turns_left -= 1
                    kept = [messages[k]] + kept
                    k -= 1
                return kept
            """,
            line=5,
            message_contains="until a budget is spent",
        ),
        Invalid(
            """
            def format_request(messages, guard):
                last_user = find_last_user_index(messages)
                out = []
                for idx, message in enumerate(messages):
                    if idx == last_user:
                        out.append({"role": "user", "content": guard(message["content"])})
                    else:
                        out.append(message)
                return out
            """,
            line=6,
            message_contains="latest user message is rendered apart",
        ),
        Invalid(
            """
            def to_wire(messages, template):
                out = []
                for message in messages:
                    if message == [m for m in messages if m["role"] == "user"][-1]:
                        # only the newest question goes through the template
                        out.append({"role": "user", "content": template.format(message["content"])})
                    else:
                        out.append(message)
                return out
            """,
            line=6,
            message_contains="latest user message is rendered apart",
        ),
        Invalid(
            """
            class TokenBoundContext:
                async def get_messages(self):
                    messages = list(self._messages)
                    used = self._client.count_tokens(messages)
                    while used > self._token_limit and len(messages) > 0:
                        messages.pop(len(messages) // 2)  # from the middle, every request
                        used = self._client.count_tokens(messages)
                    return messages
            """,
            line=6,
            message_contains="token-budget loop",
        ),
        Invalid(
            """
            class RecentTurns:
                def __init__(self, keep=None):
                    self.history = []
                    self.keep: int | None = keep

                def get_history(self, keep=None):
                    keep = keep or self.keep
                    turns = self.history[-keep:] if keep else self.history
                    return turns  # what the agent sends, read for each request
            """,
            line=8,
            message_contains="handed back as the list to send",
        ),
        Invalid(
            """
            def limit_messages(messages: list, max_messages: int, keep_recent: int) -> list:
                system = [m for m in messages if m["role"] == "system"]
                others = [m for m in messages if m["role"] != "system"]
                recent = others[-keep_recent:] if keep_recent else []
                return (system + recent)[:max_messages]
            """,
            line=4,
            message_contains="handed back as the list to send",
        ),
        Invalid(
            """
            def keep_recent(messages: list, keep: int) -> list:
                system, others = [], []
                for m in messages:
                    if m["role"] == "system":
                        system.append(m)
                    else:
                        others.append(m)
                recent = others[-keep:]
                result = system + recent
                return result
            """,
            line=8,
            message_contains="handed back as the list to send",
        ),
        Invalid(
            """
            def history_text(self, count_tokens):
                text = self.render_history()
                lo, hi = 0, len(text)
                while lo < hi:
                    mid = (lo + hi) // 2
                    tail = text[mid:]
                    used = count_tokens(tail)
                    if used <= self.max_tokens:
                        hi = mid
                    else:
                        lo = mid + 1
                return text[hi:]
            """,
            line=6,
            message_contains="cut until the rest fits a token budget",
        ),
        Invalid(
            """
            class Planner:
                history_n: int = 50

                async def next_step(self, prompt):
                    memory = self.ctx.memory.get(self.history_n)  # the newest 50, each step
                    memory = await self.compact_tool_output(memory)
                    return await self.llm.ask(memory + [{"role": "user", "content": prompt}])
            """,
            line=5,
            message_contains="reads only the newest turns",
        ),
        Invalid(
            """
            def reduce_messages(log: list, limit: int, count_tokens, shorten) -> list:
                if count_tokens(log) <= limit:
                    return log
                i = max(range(len(log)), key=lambda k: len(log[k].content))
                log = log[:i] + [shorten(log[i])] + log[i + 1 :]  # the longest, shortened
                return reduce_messages(log, limit, count_tokens, shorten)
            """,
            line=5,
            message_contains="token-budget loop",
        ),
        Invalid(
            """
            SYSTEM_PROMPT = "You write tests that reproduce issues."

            class ReproAgent:
                def _pick_feedback(self, n: int) -> list:
                    return self._history[-n:]

                def attempt(self, n: int):
                    thread = self.new_thread(SYSTEM_PROMPT)
                    for handle in self._pick_feedback(n):  # the newest n, every attempt
                        thread.add_user(self._feedbacks[handle])
                    return self.model.call(thread.to_msg())
            """,
            line=5,
            message_contains="handed back as the list to send",
        ),
    ]

    def check(self, ctx: PythonContext) -> None:
        summaries = _Summaries(ctx.text)
        bodies = _Bodies()
        if ("reversed(" in ctx.text or "::-1]" in ctx.text) and "token" in ctx.text:
            loops = _BudgetLoops()
            loops.walk(ctx.module)
            for loop in loops.loops:
                ctx.report(
                    type(self),
                    loop,
                    "this loop keeps the newest messages that fit a token budget: run on "
                    "every request, it drops the oldest kept turn each time the history "
                    "grows past the budget, and every later message shifts; trim rarely and "
                    "in large steps, or summarise",
                )
        if "Memory(" in ctx.text:
            for call, keeps in _window_memories(ctx):
                ctx.report(
                    type(self),
                    call,
                    f"LangChain's `{ctx.code(call.func).strip()}` gives the chain {keeps} as "
                    "its history: once the conversation is longer, every turn drops the "
                    "oldest exchange, every later message shifts and nothing after the "
                    "system prompt is read from cache; keep the whole buffer or summarise "
                    "it in large steps",
                )
        for use in ctx.uses(WINDOW):
            if use.block.section != "messages":
                continue  # a window over tools or a schema is no conversation history
            ctx.report(
                type(self),
                use.taint.node,
                f"{use.taint.detail} drops the oldest turns of {use.where}: every message "
                "after the system prompt shifts, so the conversation is re-written to the "
                "cache on each request; trim rarely and in large steps, or summarise",
            )
        if "messages=" in ctx.text:
            self._changed_after_sending(ctx)
        if "len(" in ctx.text:
            short = _WhileShort(bodies)
            short.walk(ctx.module)
            for appended in short.found:
                ctx.report(type(self), appended, _WHILE_SHORT)
        if "[-1]" in ctx.text:
            latest = _LatestOnly(ctx.module)
            latest.walk(ctx.module)
            for node in latest.found:
                ctx.report(type(self), node, _LATEST_ONLY)
        if ":]" in ctx.text:
            stored = _StoredWindows(bodies)
            stored.walk(ctx.module)
            for part, grouped in stored.found:
                where = (
                    "whose messages make the history handed back"
                    if grouped
                    else "and is stored back as the history (in place, or where it is read from)"
                )
                ctx.report(
                    type(self),
                    part,
                    f"`{ctx.code(part).strip()}` keeps only the newest turns {where}: once "
                    "the history is long enough each turn drops the oldest kept one, every "
                    "later message shifts and the cached prefix is rewritten; trim rarely "
                    "and in large steps, or summarise",
                )
        if "while" in ctx.text and "len(" in ctx.text:
            walks = _NewestFirstWalks(bodies)
            walks.walk(ctx.module)
            for walk in walks.found:
                ctx.report(
                    type(self),
                    walk,
                    "this loop walks the history from the newest message back until a "
                    "budget is spent: run on every request, it drops the oldest kept turn "
                    "each time the history grows past the budget, and every later message "
                    "shifts; trim rarely and in large steps, or summarise",
                )
        if any(w in ctx.text for w in ("limit", "max_", "last_n", "_len", "memory.", "history.")):
            reads = _LimitedReads(bodies)
            reads.walk(ctx.module)
            for call, count in reads.found:
                passed = (
                    f"..., {_code(count.keyword)}={_code(count.value)}"
                    if count.keyword is not None
                    else _code(count.value)
                )
                ctx.report(
                    type(self),
                    count,
                    f"`{ctx.code(call.func).strip()}({passed})` reads only the newest "
                    "turns of the stored conversation, on every request, and they make the "
                    "messages sent: once the session is longer than that, each turn drops the "
                    "oldest one, every later message shifts and the cached prefix is "
                    "rewritten; read it whole and trim rarely, in large steps, or summarise",
                )
        if ":]" in ctx.text:
            kept_head = _HeadAndNewest(summaries, bodies)
            kept_head.walk(ctx.module)
            for node in kept_head.found:
                ctx.report(type(self), node, _POSITIONAL_MESSAGES["head"])
        if "original" in ctx.text or "raw" in ctx.text:
            undecorated = _HandsBackUndecorated(bodies)
            undecorated.walk(ctx.module)
            for node in undecorated.found:
                ctx.report(type(self), node, _UNDECORATED)
        if "append" in ctx.text or "*" in ctx.text or "+ [" in ctx.text:
            decorated = _DecoratedLatest(bodies)
            decorated.walk(ctx.module)
            for text, history, filled in decorated.found:
                ctx.report(
                    type(self),
                    text,
                    _DECORATED_LATEST.format(
                        filled=", ".join(f"`{n}`" for n in filled), history=history
                    ),
                )
        if "+" in ctx.text and "[0]" in ctx.text:
            grows = _GrowsEarlierMessage(bodies, ctx.index.in_handler)
            grows.walk(ctx.module)
            for stmt, index, listed in grows.found:
                ctx.report(type(self), stmt, _GROWS_EARLIER.format(index=index, listed=listed))
        if "history=" in ctx.text:
            for site in ctx.index.calls:
                assert isinstance(site.node, cst.Call)
                restarted = _session_window(site.node)
                if restarted is not None:
                    ctx.report(
                        type(self),
                        restarted,
                        f"`{ctx.code(restarted).strip()}` keeps only the newest turns of the chat "
                        "session it starts again: each later message is sent after them, so "
                        "once this runs on every turn the oldest kept one drops each time, "
                        "every later message shifts and the cached prefix is rewritten; trim "
                        "rarely and in large steps, or summarise",
                    )
        if "[:-1] + [" in ctx.text:
            swapped = _LatestSwapped()
            swapped.walk(ctx.module)
            for node in swapped.found:
                ctx.report(
                    type(self),
                    node,
                    f"`{ctx.code(node).strip()}` sends another message in place of the "
                    "latest turn the object keeps: the next request sends the kept turn "
                    "instead, so the prefix this request cached ends before it and every "
                    "later turn is written again; send the turn as it is kept, or keep it "
                    "as it is sent",
                )
        if ".join(self." in ctx.text and ":]" in ctx.text:
            recent = _RecentInPrompt()
            recent.walk(ctx.module)
            for part in recent.found:
                ctx.report(
                    type(self),
                    part,
                    f"`{ctx.code(part).strip()}` renders only the newest entries of the "
                    "history this object keeps into the prompt it builds: once the history "
                    "is longer, each turn drops the oldest entry from the text after the "
                    "fixed opening, so the cached prefix ends there; render it whole and "
                    "trim rarely, in large steps, or summarise",
                )
        rewrites = _PositionalRewrites(ctx.text, summaries, bodies)
        rewrites.walk(ctx.module)
        for node, shape in rewrites.found:
            ctx.report(type(self), node, _POSITIONAL_MESSAGES[shape])
        # A history trimmed in place (stored back), wherever it is sent later.
        for site in ctx.index.slices:
            node = site.node
            assert isinstance(node, cst.Subscript)
            name = ctx.code(node.value).strip().lower()
            if not _names_history(name):
                continue
            val = ctx.evaluator.eval(node, site.scope, site.at)
            if not any(t.kind == WINDOW and t.node is node for t in val.own):
                continue
            if _stored_back(ctx, node) and _kept_as_list(node, site.scope.node):
                ctx.report(
                    type(self),
                    node,
                    f"`{ctx.code(node).strip()}` keeps only the newest turns of the history: "
                    "each trim shifts every later message and rewrites the cached prefix",
                )

        # history.pop(0) / del history[0] / deque.popleft(): the oldest turn goes.
        kept: set[int] | None = None
        rendered: set[str] | None = None
        cut: set[int] = set()  # the functions where a list joined into a message is cut
        for _scope, key, events in ctx.events:
            if not _names_history(key):
                if not any(_drops_oldest(ev) and ev.method != "remove" for ev in events):
                    continue
                if rendered is None:
                    texts = _RenderedIntoMessages()
                    texts.walk(ctx.module)
                    rendered = texts.found
                if key not in rendered:
                    continue
                for ev in events:
                    if _drops_oldest(ev) and ev.method != "remove" and id(ev.owner) not in cut:
                        cut.add(id(ev.owner))  # lists cut together (texts, translations): once
                        ctx.report(
                            type(self),
                            ev.node,
                            f"`{ctx.code(ev.node).strip()}` drops the oldest item of `{key}`, "
                            "whose items are joined into the text of a message sent: every "
                            "later item shifts in that message and the cached prefix is "
                            "rewritten from it on; trim rarely and in large steps, or summarise",
                        )
                continue
            for ev in events:
                if _trims(ctx, ev):
                    assert isinstance(ev.value, cst.Call)
                    ctx.report(
                        type(self),
                        ev.value,
                        f"`{key}` is cut to a budget by {WINDOW_CALLS[ctx.evaluator.qualname(ev.value.func) or '']} "
                        "on every request once it is long enough: the oldest turns go, every later "
                        "message shifts and the cached prefix is rewritten; trim rarely and in "
                        "large steps, or summarise",
                    )
                    continue
                if _trims_to_tokens(ev, key):
                    assert isinstance(ev.value, cst.Call)
                    ctx.report(
                        type(self),
                        ev.value,
                        f"`{key}` is stored back trimmed to a token budget by "
                        f"`{dotted(ev.value.func)}()` on every request: once the history is "
                        "over the budget the oldest turns go, every later message shifts and "
                        "the cached prefix is rewritten; trim rarely and in large steps, or "
                        "summarise",
                    )
                    continue
                if _drops_oldest(ev):
                    if kept is None:
                        finder = _KeptCalls()
                        finder.walk(ctx.module)
                        kept = finder.kept
                    if id(ev.node) in kept:
                        continue
                    ctx.report(
                        type(self),
                        ev.node,
                        f"`{ctx.code(ev.node).strip()}` drops the oldest turn of `{key}`: every "
                        "later message shifts and the cached prefix is rewritten",
                    )
        # Last: a window the shapes above name more closely is reported in their words.
        self._handed_windows(ctx)  # by `messages=` or as the first argument

    def _changed_after_sending(self, ctx: PythonContext) -> None:
        """The message just sent changed in place after the request: `messages[-1]["images"]
        = None` (or a field of the dict appended right before it) once `messages=messages`
        went out, with `messages` a parameter or an attribute, so the history lives on and
        the next request sends that turn differently from the request that cached it."""
        sinks = set(ctx.config.prompt_sinks)
        for site in ctx.index.calls:
            call = site.node
            assert isinstance(call, cst.Call)
            scope = site.scope
            if scope.kind != "function":
                continue
            arg = next((a for a in call.args if a.keyword and a.keyword.value == "messages"), None)
            key = key_of(arg.value, scope) if arg is not None else None
            if key is None or not (key in scope.params or key.startswith("self.")):
                continue
            if not _sends(call, ctx, sinks):
                continue
            for node, field in _changed_after(scope, key, site.at, ctx.index.in_handler):
                ctx.report(
                    type(self),
                    node,
                    f"the message just sent in `{key}` has its `{field}` changed after "
                    f"`{ctx.code(call.func).strip()}()`: the next request sends that turn "
                    "differently from the request that cached it, so the cached prefix ends "
                    "before it and every later turn is written again; send each turn as it "
                    "will stay, or keep what must go out of the stored message",
                )

    def _handed_windows(self, ctx: PythonContext) -> None:
        """A window in the conversation handed by `messages=`, or as the first argument, to
        a client the checker cannot follow into (see `handed_conversations`)."""
        seen = {id(u.taint.node) for u in ctx.uses(WINDOW) if u.block.section == "messages"}
        sinks = set(ctx.config.prompt_sinks)
        for req in handed_conversations(ctx.index, ctx.evaluator, sinks, ctx.requests):
            assert isinstance(req.node, cst.Call)
            for block in req.blocks:
                if not block.prefix:
                    continue
                for taint in block.val.all_taints():
                    if taint.kind != WINDOW or id(taint.node) in seen:
                        continue
                    seen.add(id(taint.node))
                    ctx.report(
                        type(self),
                        taint.node,
                        f"{taint.detail} drops the oldest turns of {block.label} handed to "
                        f"`{ctx.code(req.node.func).strip()}()`: every message after the "
                        "system prompt shifts, so the conversation is re-written to the "
                        "cache on each request; trim rarely and in large steps, or summarise",
                    )


_WHILE_SHORT = (
    "this message is put into the rebuilt list only while the conversation is short: once "
    "it grows past that, the message is gone from between the turns the earlier requests "
    "sent, so what follows it is no longer the cached prefix; send it on every turn, or "
    "never"
)

_LATEST_ONLY = (
    "only the latest message is re-rendered for this request (decorated from its own text "
    "in a copy of the history): the next request sends it as an earlier turn without the "
    "decoration, so the prefix the previous request cached ends before it; put the extra "
    "text in a message of its own after the history, or keep it in the stored turn"
)

_POSITIONAL_MESSAGES = {
    "positional": (
        "the older items of the history are rewritten or dropped by their distance from the "
        "newest one (or because a newer one of their kind came): run on every request, the item that just left the window is sent "
        "differently from the request that cached it, and every later message shifts; "
        "move the window rarely and in large steps, or summarise once"
    ),
    "latest": (
        "the latest user message is rendered apart from the others here: on the next "
        "request it is an earlier turn and is sent the other way, so the prefix the previous "
        "request cached ends before it; render every turn the same way"
    ),
    "apart": (
        "the older turns are rendered apart from the newest ones: each new turn pushes one "
        "out of the newest group, so text the previous request sent changes in the middle; "
        "render every turn the same way, or move the boundary rarely and in large steps"
    ),
    "returned": (
        "the newest items of the history are handed back as the list to send: re-applied "
        "on every request, the window moves as the history grows and every message after "
        "the kept head shifts; move the window rarely and in large steps, or summarise once"
    ),
    "head": (
        "the first items of the history are kept and only the newest ones after them: "
        "re-applied on every request, the window moves as the history grows, so the text "
        "after the kept head differs from what the previous request sent; move the window "
        "rarely and in large steps, or summarise once"
    ),
    "fit": (
        "the start of the history is cut until the rest fits a token budget: run on every "
        "request once the conversation is past it, the cut moves with each new message, so "
        "the prompt's start differs from what the previous request sent and nothing cached "
        "is reused; trim rarely and in large steps, or summarise"
    ),
    "budget": (
        "a token-budget loop rewrites or drops earlier messages of the history until it "
        "fits: once the conversation is long enough it runs on every request, and the "
        "messages after the system prompt change each time; trim rarely and in large "
        "steps, or summarise"
    ),
}


def _sends(call: cst.Call, ctx: PythonContext, sinks: set[str]) -> bool:
    """A request (an SDK call the checker knows), or a call named for asking a model."""
    if api_of(call, ctx.evaluator, sinks) is not None:
        return True
    func = call.func
    name = func.attr.value if isinstance(func, cst.Attribute) else dotted(func) or ""
    return bool(COMPLETION_CALL_WORDS.intersection(name_words(name)))


# Fields of a message that are not sent as its text: a breakpoint moved to the newest turn.
_NOT_SENT_FIELDS = frozenset({"cache_control"})
# Calls that put another message at the end of the list.
_ADDS_LAST = frozenset({"append", "extend", "insert"})


def _changed_after(
    scope: Scope, key: str, at: int, in_handler: set[int]
) -> list[tuple[cst.CSTNode, str]]:
    """Statements after ordinal `at` (the request) that change a text field of the last
    message of `key` in place, before anything else is added to `key`: `key[-1]["f"] = v`,
    or `m["f"] = v` with `m` appended to `key` before the request."""
    events = scope.events.get(key, [])
    later_adds = [
        ev.end
        for ev in events
        if ev.end > at and (ev.kind == "aug" or (ev.kind == "call" and ev.method in _ADDS_LAST))
    ]
    until = min([*later_adds, 10**9])
    found: list[tuple[cst.CSTNode, str]] = []
    for ev in events:
        if ev.kind != "setfield" or not at < ev.end < until or not _is_last(ev.key):
            continue
        field = _literal_key(ev.field)
        if field is not None and field not in _NOT_SENT_FIELDS:
            found.append((ev.node, field))
    for ev in events:
        if not (ev.kind == "call" and ev.method == "append" and ev.end < at):
            continue
        assert isinstance(ev.node, cst.Call)
        item = ev.node.args[0].value if len(ev.node.args) == 1 else None
        if not isinstance(item, cst.Name):
            continue
        item_events = scope.events.get(item.value, [])
        if any(e.kind == "assign" and ev.end < e.end for e in item_events):
            continue  # the name was bound to another message since
        for e in item_events:
            if e.kind != "setitem" or not at < e.end:
                continue
            field = _literal_key(e.key)
            if field is not None and field not in _NOT_SENT_FIELDS:
                found.append((e.node, field))
    # A change made where the request failed (`except`: a retry with less) follows no
    # request that cached anything.
    return [(node, field) for node, field in found if id(node) not in in_handler]


def _literal_key(node: cst.BaseExpression | None) -> str | None:
    return string_value(node) if isinstance(node, cst.SimpleString) else None


def _is_last(index: cst.BaseExpression | None) -> bool:
    """`-1`: the index of the newest item."""
    return (
        isinstance(index, cst.UnaryOperation)
        and isinstance(index.operator, cst.Minus)
        and isinstance(index.expression, cst.Integer)
        and index.expression.value == "1"
    )


def _trims(ctx: PythonContext, ev: Event) -> bool:
    """`messages = tokentrim.trim(messages, ...)`: a budget window stored as the history."""
    value = ev.value
    return (
        ev.kind == "assign"
        and isinstance(value, cst.Call)
        and ctx.evaluator.qualname(value.func) in WINDOW_CALLS
    )


# Verbs of a function that cuts what it is given to a budget (a compaction that
# summarises is no window: `compress`, `summarize` are not among them).
_TRIM_VERBS = frozenset({"truncate", "trim", "prune", "cut", "drop", "fit", "limit"})


def _trims_to_tokens(ev: Event, key: str) -> bool:
    """`messages = _truncate_input_messages(messages=messages, max_tokens=n)`: the history
    handed to a function named for cutting it, with a token budget, and stored back."""
    value = ev.value
    if not (ev.kind == "assign" and isinstance(value, cst.Call)):
        return False
    name = (dotted(value.func) or "").rsplit(".", 1)[-1].lower()
    if not any(w in _TRIM_VERBS for w in name.strip("_").split("_")):
        return False
    passed = any(dotted(a.value) == key for a in value.args)
    budget = any(
        _names_budget((a.keyword.value if a.keyword else None) or dotted(a.value))
        for a in value.args
    )
    return passed and budget


def _names_budget(name: str | None) -> bool:
    """`max_tokens`, `token_limit`, `self.max_input_tokens`: a budget of tokens (a
    `tokenizer_name` is not one)."""
    last = (name or "").rsplit(".", 1)[-1].lower()
    return (
        "token" in last
        and "tokenizer" not in last
        and any(w in last for w in ("max", "limit", "budget"))
    )


# Positions of the oldest turn: the first item, or the first after a kept system message
# (`messages.pop(1)` until the rest fits).
_OLDEST_AT = frozenset({"0", "1"})


def _drops_oldest(ev: Event) -> bool:
    if ev.kind == "del":
        target = ev.value
        if isinstance(target, cst.Subscript) and target.slice:
            sl = target.slice[0].slice
            return (
                isinstance(sl, cst.Index)
                and isinstance(sl.value, cst.Integer)
                and sl.value.value in _OLDEST_AT
            )
        return False
    if ev.kind == "call" and isinstance(ev.node, cst.Call):
        if ev.method in ("popleft", "remove"):
            return True  # `.remove(msg)` drops an earlier turn from the middle
        args = ev.node.args
        return (
            ev.method == "pop"
            and len(args) == 1
            and isinstance(args[0].value, cst.Integer)
            and args[0].value.value in _OLDEST_AT
        )
    return False


class _LatestSwapped(Walker):
    """`"messages": self.conversations[chat_id][:-1] + [message]` (or `messages=...`): a
    request sends the history an object keeps with its latest turn replaced by another
    message, the kept history unchanged. A history of this call only (a local, a
    parameter) is not kept for the next request."""

    def __init__(self) -> None:
        self.found: list[cst.BinaryOperation] = []

    def visit_DictElement(self, node: cst.DictElement) -> None:
        if isinstance(node.key, cst.SimpleString) and string_value(node.key) == "messages":
            self._sent(node.value)

    def visit_Arg(self, node: cst.Arg) -> None:
        if node.keyword is not None and node.keyword.value == "messages":
            self._sent(node.value)

    def _sent(self, value: cst.BaseExpression) -> None:
        if not (
            isinstance(value, cst.BinaryOperation)
            and isinstance(value.operator, cst.Add)
            and isinstance(value.right, cst.List)
            and isinstance(value.left, cst.Subscript)
            and len(value.left.slice) == 1
        ):
            return
        sl = value.left.slice[0].slice
        if not (
            isinstance(sl, cst.Slice)
            and sl.lower is None
            and sl.step is None
            and _is_last(sl.upper)
        ):
            return
        kept = value.left.value
        entry = _entry_of(kept)
        held = entry[0] if entry is not None else dotted(kept)
        if held is None or not held.startswith("self."):
            return
        if _names_history(held) or (entry is not None and _names_histories(held)):
            self.found.append(value)


class _RecentInPrompt(Walker):
    """`def create_prompt(self, q): history = "\\n".join(self.memory[-5:]); return
    self.template.format(history=history, q=q)`, with `self.memory.append(...)` in the
    class: a method named for building the prompt joins only the newest entries of the
    history the object grows into its text (a completion-style prompt, where the history
    is text, not messages)."""

    def __init__(self) -> None:
        self.found: list[cst.Subscript] = []

    def visit_ClassDef(self, node: cst.ClassDef) -> None:
        grown = {
            dotted(call.func.value)
            for call in _calls_in(node.body)
            if isinstance(call.func, cst.Attribute) and call.func.attr.value in ("append", "extend")
        }
        for stmt in node.body.body:
            if not (isinstance(stmt, cst.FunctionDef) and names_prompt_part(stmt.name.value)):
                continue
            for call in _calls_in(stmt.body):
                func = call.func
                if not (isinstance(func, cst.Attribute) and func.attr.value == "join"):
                    continue
                if len(call.args) != 1 or not isinstance(call.args[0].value, cst.Subscript):
                    continue
                part = call.args[0].value
                listed = dotted(part.value)
                if (
                    listed is not None
                    and listed.startswith("self.")
                    and listed in grown
                    and _names_history(listed)
                    and _newest_slice_of(part, {}) == listed
                ):
                    self.found.append(part)


class _RenderedIntoMessages(Walker):
    """`{"role": "user", "content": "\\n".join(self.context_list)}` (or the joined text put
    into a template there, or a local bound to the list joined): the lists whose items are
    joined into the text of a chat message. A list of past paragraphs or exchanges kept
    that way is the conversation's history by another name."""

    def __init__(self) -> None:
        self.found: set[str] = set()
        self._aliases: list[dict[str, set[str]]] = []  # local -> the lists bound to it

    def visit_FunctionDef(self, node: cst.FunctionDef) -> None:
        aliases: dict[str, set[str]] = {}
        for stmt in _collect(node.body).simple:
            if isinstance(stmt, cst.Assign) and len(stmt.targets) == 1:
                target, held = stmt.targets[0].target, dotted(stmt.value)
                if isinstance(target, cst.Name) and held is not None:
                    aliases.setdefault(target.value, set()).add(held)
        self._aliases.append(aliases)

    def leave_FunctionDef(self, original_node: cst.FunctionDef) -> None:
        self._aliases.pop()

    def visit_Dict(self, node: cst.Dict) -> None:
        keys = {
            string_value(el.key): el.value
            for el in node.elements
            if isinstance(el, cst.DictElement) and isinstance(el.key, cst.SimpleString)
        }
        content = keys.get("content")
        if "role" not in keys or content is None:
            return
        aliases = self._aliases[-1] if self._aliases else {}
        for call in [*_calls_in(content), *([content] if isinstance(content, cst.Call) else [])]:
            func = call.func
            if isinstance(func, cst.Attribute) and func.attr.value == "join" and call.args:
                joined = dotted(call.args[0].value)
                if joined is not None:
                    self.found |= aliases.get(joined, {joined})


class _KeptCalls(Walker):
    """Calls whose dropped message is kept or filtered, not a window: put into a rebuilt
    list (`primary_task = [messages.pop(0)]`: a compaction), run under a test for the system
    role (`if message.role == "system": ... messages.remove(message)` takes the system
    message out of the list to send it as `system=`; also after `if messages[0]["role"] !=
    "system": return` at the top of the function) or for another one role (`if first["role"]
    == "user" and <it holds an orphaned tool result>: messages.pop(0)`: one kind of message
    repaired, not the oldest turn by age), draining the list (`while chunks: chunk =
    chunks.pop(0)`: every item taken until none is left), or removing the loop's own message
    (`for m in messages: if not m.content: messages.remove(m)`: the same messages are
    dropped on every request, so what is sent does not shift), or moving it to the end
    (`history.remove(item)`, then `history.append(item)`: the turn just sent made the
    newest, not an older turn dropped from the window)."""

    def __init__(self) -> None:
        self.kept: set[int] = set()
        self._removed: list[list[cst.Call]] = []  # the `x.remove(item)` calls of each function
        self._system_tests = 0
        self._drained: list[str | None] = []  # the list each enclosing `while xs:` empties
        self._bodies: list[set[int]] = []  # the statements of each enclosing function's body
        self._guarded: list[bool] = []  # whether a system-role guard returned early there
        self._loop_names: list[set[str]] = []
        self._popped_into: dict[str, int] = {}  # name -> the pop call it was assigned from

    def visit_FunctionDef(self, node: cst.FunctionDef) -> None:
        self._bodies.append({id(stmt) for stmt in _statements(node.body)})
        self._guarded.append(False)
        self._removed.append([])

    def leave_FunctionDef(self, original_node: cst.FunctionDef) -> None:
        self._bodies.pop()
        self._removed.pop()
        if self._guarded.pop():
            self._system_tests -= 1

    def visit_If(self, node: cst.If) -> None:
        if _tests_system_role(node.test, role=None):
            self._system_tests += 1
        elif (
            self._bodies
            and id(node) in self._bodies[-1]
            and not self._guarded[-1]
            and _tests_system_role(node.test, negated=True)
            and _leaves(node.body)
        ):
            # `if messages[0]["role"] != "system": return None` at the top of the function:
            # what it does after runs only on the system message.
            self._guarded[-1] = True
            self._system_tests += 1

    def leave_If(self, original_node: cst.If) -> None:
        if _tests_system_role(original_node.test, role=None):
            self._system_tests -= 1

    def visit_For(self, node: cst.For) -> None:
        # Only a loop over the whole list: `for m in image_messages[:-2]: messages.remove(m)`
        # is a window over it.
        listed = _whole_list(node.iter)
        names = {f"{listed}:{n.value}" for n in _target_names(node.target)} if listed else set()
        self._loop_names.append(names)
        # `result = queue.pop(0); for fragment in result: yield fragment`: handed on.
        self._moved(node.iter)

    def leave_For(self, node: cst.For) -> None:
        self._loop_names.pop()

    def visit_While(self, node: cst.While) -> None:
        self._drained.append(_emptied(node.test))

    def leave_While(self, original_node: cst.While) -> None:
        self._drained.pop()

    def visit_Call(self, node: cst.Call) -> None:
        if self._system_tests:
            self.kept.add(id(node))
        func = node.func
        if (
            isinstance(func, cst.Attribute)
            and func.attr.value in ("pop", "popleft")
            and dotted(func.value) is not None
            and dotted(func.value) in self._drained
        ):
            # `while chunks: chunk = chunks.pop(0)`: every item is taken, in order, until
            # none is left; nothing is kept to be sent again, so nothing shifts.
            self.kept.add(id(node))
        if (
            isinstance(func, cst.Attribute)
            and func.attr.value == "remove"
            and len(node.args) == 1
            and isinstance(node.args[0].value, cst.Name)
            and any(
                f"{dotted(func.value)}:{node.args[0].value.value}" in names
                for names in self._loop_names
            )
        ):
            self.kept.add(id(node))
        if isinstance(func, cst.Attribute) and func.attr.value in _MOVES:
            for arg in node.args:
                self._moved(arg.value)
        if self._removed and isinstance(func, cst.Attribute) and len(node.args) == 1:
            if func.attr.value == "remove":
                self._removed[-1].append(node)
            elif func.attr.value == "append" and dotted(func.value) is not None:
                item = node.args[0].value
                for removed in self._removed[-1]:
                    assert isinstance(removed.func, cst.Attribute)
                    same_list = dotted(removed.func.value) == dotted(func.value)
                    if same_list and removed.args[0].value.deep_equals(item):
                        self.kept.add(id(removed))

    def visit_Assign(self, node: cst.Assign) -> None:
        call = _popped(node.value)
        if call is not None and len(node.targets) == 1:
            target = node.targets[0].target
            if isinstance(target, cst.Name):
                self._popped_into[target.value] = id(call)

    def visit_List(self, node: cst.List) -> None:
        for el in node.elements:
            self._moved(el.value)

    def visit_Yield(self, node: cst.Yield) -> None:
        # `turn = queue.pop(0); yield turn`: a queue handed on item by item, not a window.
        if isinstance(node.value, cst.BaseExpression):
            self._moved(node.value)

    def visit_Return(self, node: cst.Return) -> None:
        if node.value is not None:
            self._moved(node.value)

    def visit_Tuple(self, node: cst.Tuple) -> None:
        for el in node.elements:
            self._moved(el.value)

    def _moved(self, value: cst.BaseExpression) -> None:
        """`value` goes into another list: the message popped for it is kept."""
        call = _popped(value)
        if call is not None:
            self.kept.add(id(call))
        base = value
        while isinstance(base, (cst.Attribute, cst.Subscript)):
            base = base.value
        if isinstance(base, cst.Name) and base.value in self._popped_into:
            self.kept.add(self._popped_into[base.value])


_MOVES = frozenset({"append", "extend", "insert", "appendleft"})


def _popped(value: cst.BaseExpression) -> cst.Call | None:
    """The `x.pop(...)` call `value` reads (`messages.pop(0)`, `messages.pop(0).content`)."""
    while isinstance(value, (cst.Attribute, cst.Subscript)):
        value = value.value
    if (
        isinstance(value, cst.Call)
        and isinstance(value.func, cst.Attribute)
        and value.func.attr.value in ("pop", "popleft")
    ):
        return value
    return None


class _BudgetLoops(Walker):
    """`for m in reversed(history): ... if count_tokens(kept) > budget: break`: the newest
    messages that fit a token budget, taken again on every request."""

    def __init__(self) -> None:
        self.loops: list[cst.For] = []

    def visit_For(self, node: cst.For) -> None:
        if not (_newest_first(node.iter) and _stored_list(node.iter)):
            return
        finder = _BreakOnTokens()
        finder.walk(node.body)
        if finder.breaks and finder.token_test:
            self.loops.append(node)


class _BreakOnTokens(Walker):
    def __init__(self) -> None:
        self.breaks = False
        self.token_test = False

    def visit_Break(self, node: cst.Break) -> None:
        self.breaks = True

    def visit_If(self, node: cst.If) -> None:
        if any(
            isinstance(n, cst.Name) and "token" in n.value.lower() for n in _names_in(node.test)
        ):
            self.token_test = True
            # `if used + n > limit: limit_reached = True`: a flag that stops the adding
            # for the older items stops the walk as a `break` does.
            self.breaks = self.breaks or any(
                isinstance(stmt, cst.Assign)
                and isinstance(stmt.value, cst.Name)
                and stmt.value.value == "True"
                for stmt in _simple_statements(node.body)
            )

    def visit_For(self, node: cst.For) -> bool:
        return False  # a `break` of an inner loop ends that loop only


class _Names(Walker):
    def __init__(self) -> None:
        self.found: list[cst.Name] = []

    def visit_Name(self, name: cst.Name) -> None:
        self.found.append(name)

    def visit_Attribute(self, attr: cst.Attribute) -> None:
        self.found.append(attr.attr)


def _names_in(node: cst.CSTNode) -> list[cst.Name]:
    names = _Names()
    names.walk(node)
    return names.found


def _newest_first(iterable: cst.BaseExpression) -> bool:
    """`reversed(history)`, `enumerate(reversed(history))`, `history[::-1]`."""
    if isinstance(iterable, cst.Call) and dotted(iterable.func) == "enumerate" and iterable.args:
        iterable = iterable.args[0].value
    if isinstance(iterable, cst.Call) and dotted(iterable.func) == "reversed":
        return True
    if isinstance(iterable, cst.Subscript) and iterable.slice:
        sl = iterable.slice[0].slice
        return (
            isinstance(sl, cst.Slice)
            and isinstance(sl.step, cst.UnaryOperation)
            and isinstance(sl.step.operator, cst.Minus)
        )
    return False


def _stored_list(iterable: cst.BaseExpression) -> bool:
    """`reversed(history)`, `reversed(list(enumerate(self.messages)))`, `log[1:][::-1]`: what
    is walked is a list as it is kept, so reversing it walks from the newest item. What a
    call hands back (`reversed(list(chat.iter_pairs()))`) may already come newest first:
    reversed, it is walked from the oldest, and a loop that stops at a budget keeps the
    earliest turns, which keeps the prefix."""
    node = iterable
    while True:
        if isinstance(node, cst.Call):
            if dotted(node.func) not in ("reversed", "list", "tuple", "enumerate"):
                return False
            if not node.args:
                return False
            node = node.args[0].value
        elif isinstance(node, cst.Subscript):
            node = node.value
        else:
            return dotted(node) is not None


def _names_history(name: str) -> bool:
    """`history`, `chat_history`, `self.recent_dialog_messages`: the last word says it holds
    turns (`conversation_commands`, `history_images` hold commands and images)."""
    last = name.split(".")[-1].lower()
    return any(last.endswith(h) for h in HISTORY_NAMES)


def _whole_list(iterable: cst.BaseExpression) -> str | None:
    """`messages`, `reversed(messages)`, `list(messages)`: the name of the list walked."""
    if (
        isinstance(iterable, cst.Call)
        and dotted(iterable.func) in ("reversed", "list", "tuple")
        and len(iterable.args) == 1
    ):
        iterable = iterable.args[0].value
    return dotted(iterable)


def _target_names(target: cst.BaseExpression) -> list[cst.Name]:
    if isinstance(target, cst.Name):
        return [target]
    if isinstance(target, (cst.Tuple, cst.List)):
        return [n for el in target.elements for n in _target_names(el.value)]
    return []


def _tests_system_role(
    test: cst.BaseExpression, negated: bool = False, role: str | None = "system"
) -> bool:
    """`message.role == "system"`, `m["role"] == "system"`, `m.get("role") == "system"`,
    also as one side of an `and` (`messages and messages[0]["role"] == "system"`);
    `negated`: the test that it is not (`!=`), as an early return tests it; `role=None`:
    a test for any one role (`first["role"] == "user" and ...`)."""
    if isinstance(test, cst.BooleanOperation):
        if negated != isinstance(test.operator, cst.Or):
            return False  # `not a and b` / `a or b` do not say which is true
        return _tests_system_role(test.left, negated, role) or _tests_system_role(
            test.right, negated, role
        )
    if not isinstance(test, cst.Comparison):
        return False
    if negated != all(isinstance(c.operator, cst.NotEqual) for c in test.comparisons):
        return False
    parts = [test.left, *(c.comparator for c in test.comparisons)]
    # A role is a literal or a constant named for it (`m[ROLE] == SYSTEM`).
    literals = {string_value(p) for p in parts if isinstance(p, cst.SimpleString)} | {
        p.value.lower() for p in parts if isinstance(p, cst.Name) and p.value.isupper()
    }
    literals &= {"system", "developer", "user", "assistant", "tool", "function"} | (
        {role} if role is not None else set()
    )
    mentions_role = any(
        "role" in (dotted(p) or "") or _subscripts_role(p) or _gets_role(p) for p in parts
    )
    return (role in literals if role is not None else bool(literals)) and mentions_role


def _emptied(test: cst.BaseExpression) -> str | None:
    """The list a `while xs:` / `while len(xs) > 0:` loop runs until it is empty."""
    if isinstance(test, cst.Comparison) and len(test.comparisons) == 1:
        zero = test.comparisons[0].comparator
        if not (
            isinstance(test.comparisons[0].operator, (cst.GreaterThan, cst.NotEqual))
            and isinstance(zero, cst.Integer)
            and zero.value == "0"
        ):
            return None
        test = test.left
    if (
        isinstance(test, cst.Call)
        and isinstance(test.func, cst.Name)
        and test.func.value == "len"
        and len(test.args) == 1
    ):
        test = test.args[0].value
    return dotted(test)


def _gets_role(expr: cst.BaseExpression) -> bool:
    """`message.get("role")`."""
    return (
        isinstance(expr, cst.Call)
        and isinstance(expr.func, cst.Attribute)
        and expr.func.attr.value == "get"
        and bool(expr.args)
        and isinstance(expr.args[0].value, cst.SimpleString)
        and string_value(expr.args[0].value) == "role"
    )


def _statements(body: cst.BaseSuite) -> list[cst.BaseStatement | cst.BaseSmallStatement]:
    return list(body.body) if isinstance(body, cst.IndentedBlock) else []


def _leaves(body: cst.BaseSuite) -> bool:
    """The block ends by leaving the function (`return`, `raise`)."""
    stmts = _statements(body)
    if isinstance(body, cst.SimpleStatementSuite):
        small = list(body.body)
    elif stmts and isinstance(stmts[-1], cst.SimpleStatementLine):
        small = list(stmts[-1].body)
    else:
        return False
    return bool(small) and isinstance(small[-1], (cst.Return, cst.Raise))


def _subscripts_role(expr: cst.BaseExpression) -> bool:
    if not isinstance(expr, cst.Subscript) or not expr.slice:
        return False
    index = expr.slice[0].slice
    if not isinstance(index, cst.Index):
        return False
    key = index.value
    if isinstance(key, cst.Name):
        return key.value == "ROLE"  # the constant holding "role"
    return isinstance(key, cst.SimpleString) and string_value(key) == "role"


# Calls that read a list without keeping it: a window passed only to these is looked at,
# not sent.
_READERS = frozenset({"len", "enumerate", "reversed", "sorted", "str", "repr", "print", "bool"})
# Calls that turn the list into text (a tool's JSON result, a log line): the text is
# returned once and kept, not the message list that is sent.
_TO_TEXT = frozenset({"json.dumps", "orjson.dumps", "simplejson.dumps", "ujson.dumps", "yaml.dump"})


def _kept_as_list(node: cst.Subscript, function: cst.CSTNode) -> bool:
    """A local history cut in place (`history = history[-limit:]`) counts when the cut
    list leaves the function as a list: returned, passed on, or stored in an attribute.
    Read item by item into text for a tool result or a log, it is not what is sent."""
    if not isinstance(node.value, cst.Name) or not isinstance(function, cst.FunctionDef):
        return True  # `self.history = self.history[-30:]`: the object's own history
    name = node.value.value
    found = _collect(function.body)
    for ret in found.returns:
        value = ret.value
        if (
            value is not None
            and _returns_list(value)
            and any(n.value == name for n in _names_in(value))
        ):
            return True
    for call in _calls_in(function.body):
        if (dotted(call.func) or "") in _READERS | _TO_TEXT:
            continue
        if any(isinstance(a.value, cst.Name) and a.value.value == name for a in call.args):
            return True
    for stmt in found.simple:
        if (
            isinstance(stmt, cst.Assign)
            and isinstance(stmt.value, cst.Name)
            and stmt.value.value == name
            and any(isinstance(t.target, (cst.Attribute, cst.Subscript)) for t in stmt.targets)
        ):
            return True
    return False


def _stored_back(ctx: PythonContext, node: cst.Subscript) -> bool:
    target = ctx.code(node.value).strip()
    for _scope, _key, events in ctx.events:
        for ev in events:
            if ev.kind == "assign" and ev.value is node:
                stmt = ev.node
                if isinstance(stmt, cst.Assign) and any(
                    ctx.code(t.target).strip() == target for t in stmt.targets
                ):
                    return True
    return False


# ---- rewrites by position: the older items of a history are treated apart ------------

_ORDER_OPS = (cst.LessThan, cst.LessThanEqual, cst.GreaterThan, cst.GreaterThanEqual)
# Verbs of a method that shrinks what it names (`clear_history`, `truncate_message`).
_SHRINK_VERBS = frozenset(
    {"clear", "drop", "delete", "remove", "trim", "truncate", "pop", "prune", "cut", "compress"}
)


class _PositionalRewrites(Walker):
    """Loops over a history that treat its older items apart from the newest ones, run
    again on every request so the boundary moves as the history grows:

    - `for i, m in enumerate(h): if i < len(h) - N: <rewrite m>` (a test of the position
      against the length), `for i, m in enumerate(reversed(h)): if i < keep_last: ...`
      and `for m in reversed(h): if ...: n += 1; if n > N: <rewrite m>` (a count from the
      newest end): the item that just left the window is masked, truncated or dropped;
    - `for t in turns[:-N]: <render one way>` beside `for t in turns[-N:]: <another>`;
    - `while count_tokens(h) > budget: h[i] = truncate(...)` / `del h[...]` /
      `self.clear_history(...)`: a token-budget loop that rewrites the counted history.

    `h` is a history by name, or the function's own parameter (a history processor takes
    the list it trims). The branch that places `cache_control` markers is no rewrite (the
    markers move by design; the bytes cached before them stay the same)."""

    def __init__(self, text: str, summaries: _Summaries, bodies: _Bodies) -> None:
        self._collected = bodies
        self.text = text
        self._summaries = summaries
        self.found: list[tuple[cst.CSTNode, str]] = []
        self._configured: list[set[str]] = []  # per class: `self.x` set in its `__init__`
        self._params: list[set[str]] = []
        self._texts: list[set[str]] = []  # parameters annotated as lists of text
        self._bodies: list[cst.BaseSuite] = []

    def visit_FunctionDef(self, node: cst.FunctionDef) -> None:
        params = [*node.params.posonly_params, *node.params.params, *node.params.kwonly_params]
        self._params.append({p.name.value for p in params if _holds_items(p)})
        self._texts.append({p.name.value for p in params if _holds_texts(p)})
        self._bodies.append(node.body)
        found = self._collected.of(node.body)
        self._older_apart(found)
        # head + summary + the newest turns: a compaction, summarised once (as for kept heads)
        self._returned_window(found, node.name.value, self._summaries.mentioned_in(node))
        self._spliced_to_fit(found)

    def _spliced_to_fit(self, found: _Collect) -> None:
        """`if len_tokens(log) <= limit: return log` ... `log = log[:i] + [shorter] +
        log[i + 1:]`: a function that takes the history and, while it is over a token
        budget, puts a shortened copy in place of one of its messages (then counts again,
        or calls itself). Run before every request, which message is shortened moves as the
        conversation grows, so an earlier message is sent differently from the request that
        cached it."""
        if not any(_token_counted(i.test) is not None for i in found.ifs):
            return
        for stmt in found.simple:
            if not (isinstance(stmt, cst.Assign) and len(stmt.targets) == 1):
                continue
            listed = self._a_history(stmt.targets[0].target)
            if listed is None:
                continue
            parts = _concatenated(stmt.value)
            if len(parts) == 3 and _splices(parts, listed):
                self.found.append((stmt, "budget"))
                return

    def visit_ClassDef(self, node: cst.ClassDef) -> None:
        self._configured.append(_set_in_init(node))

    def leave_ClassDef(self, node: cst.ClassDef) -> None:
        self._configured.pop()

    def _returned_window(self, found: _Collect, name: str, summarises: bool) -> None:
        """`tail = view[-n:]` ... `return View(events=head + tail)`: a function that takes
        the history and hands back its newest items as the list to send (a history
        processor, a condenser); also of the items it filtered from it (`others = [m for
        m in messages if ...]`). And `kept = self._messages[-self._buffer_size:]` ...
        `return kept`: an object that keeps the history and was made with the size of its
        window (set in `__init__`) hands back the newest items, at every call (a model
        context, a memory read for each request). A window formatted into text for a tool
        result or a log (`"\\n".join(...)`, an f-string) is not returned as the list."""
        derived: dict[str, cst.Subscript] = {}
        given = set(self._params[-1]) if self._params else set()
        if not summarises:
            given |= _partitioned_from(found, given)
        sizes: set[str] = set()  # locals holding the configured size (`n = n or self.n`)
        configured = self._configured[-1] if self._configured else set()
        for stmt in found.simple:
            if not (isinstance(stmt, cst.Assign) and len(stmt.targets) == 1):
                continue
            target = stmt.targets[0].target
            if (
                not summarises
                and isinstance(target, cst.Name)
                and _filtered_from(stmt.value, given)
            ):
                given.add(target.value)
            if isinstance(target, cst.Name) and _returns_list(stmt.value):
                # `result = system + recent`: the window goes on in the list made with it.
                carried = [derived[n.value] for n in _names_in(stmt.value) if n.value in derived]
                if carried:
                    derived[target.value] = carried[0]
                    continue
            if isinstance(target, cst.Name) and _reads_configured(stmt.value, configured, sizes):
                sizes.add(target.value)
            window = _window_of(stmt.value, lambda e: dotted(e) if dotted(e) in given else None)
            if window is None:
                own = _window_of(stmt.value, _own_history)
                sl = own.slice[0].slice if own is not None else None
                if (
                    isinstance(sl, cst.Slice)
                    and sl.lower is not None
                    and _reads_configured(sl.lower, configured, sizes)
                ):
                    window = own
            if isinstance(target, cst.Name) and window is not None:
                derived[target.value] = window
        for ret in found.returns:
            # `return self._history[-n:]`, `return [*self._older[-k:], *self._history]`:
            # the newest items of the history the object keeps, handed back as the list
            # the object itself goes on with (a public accessor no one here calls may be
            # a listing for a screen).
            if ret.value is None or f"self.{name}(" not in self.text:
                continue
            for part in _list_parts(ret.value):
                window = _window_of(part, _own_history)
                if window is not None:
                    self.found.append((window, "returned"))
        if not derived:
            return
        for ret in found.returns:
            if ret.value is None or not _returns_list(ret.value):
                continue
            for used in _names_in(ret.value):
                if used.value in derived:
                    self.found.append((derived[used.value], "returned"))
                    return

    def leave_FunctionDef(self, node: cst.FunctionDef) -> None:
        self._params.pop()
        self._texts.pop()
        self._bodies.pop()

    def _a_history(self, expr: cst.BaseExpression) -> str | None:
        name = dotted(expr)
        if name is None:
            return None
        if _names_history(name) or (self._params and name in self._params[-1]):
            return name
        return None

    def _a_param(self, expr: cst.BaseExpression) -> str | None:
        """The function's own parameter (the list it was given, to hand back trimmed): a
        window of a list the function built itself (read from a file, for a log) is not
        one re-applied to the history sent."""
        name = dotted(expr)
        return name if name is not None and self._params and name in self._params[-1] else None

    # for loops ------------------------------------------------------------------------
    def visit_For(self, node: cst.For) -> None:
        iterable, index, newest_first = _unwrap_iteration(node.iter, node.target)
        listed = self._a_history(iterable) if iterable is not None else None
        if listed is None:
            return
        lengths = {f"len({listed})"} | self._length_names(listed)
        counters = _counted_names(node.body)
        seen = _seen_sets(node.body) if newest_first else set()
        for test_if in _ifs_in(node.body):
            side = _position_side(test_if.test, index, counters, lengths, newest_first)
            if side is None and _tests_seen(test_if.test, seen):
                side = "body"  # a newer item of the same kind was met: this one is older
            if side is None:
                continue
            if "cache_control" in _code(test_if):
                continue
            older: cst.CSTNode | None = test_if.body if side == "body" else test_if.orelse
            if older is None:
                older = _after_continue(node.body, test_if)
            texts = bool(self._texts) and listed in self._texts[-1]
            if older is not None and not _acts_on_item(older, node, listed, index, texts):
                continue
            writes: list[cst.CSTNode] = (
                [w for w in _simple_statements(older) if _writes_field(w)] if older else []
            )
            # Where the older items branch off: their first statement, or the test itself
            # when they take its `else`.
            start = _first_statement(older) if side == "body" else test_if.test
            for where in writes or [start or test_if]:
                self.found.append((where, "positional"))
            return
        self._latest_apart(node, listed, index)

    def _latest_apart(self, node: cst.For, listed: str, index: str | None) -> None:
        """`for i, m in enumerate(h): if i == last_user_idx: <render m another way>`, or
        `if m == [u for u in h if u["role"] == "user"][-1]`: the latest user message is
        rendered apart from the others, so next request, when it is an earlier turn, it
        is sent differently."""
        item = node.target.value if isinstance(node.target, cst.Name) else None
        if isinstance(node.target, cst.Tuple) and len(node.target.elements) == 2:
            second = node.target.elements[1].value
            item = second.value if isinstance(second, cst.Name) else None
        lasts = self._last_names(listed)
        for test_if in _ifs_in(node.body):
            code = _code(test_if.test)
            if "user" not in code or "cache_control" in _code(test_if):
                continue
            if not any(
                _picks_latest(c, index, item, listed, lasts) for c in _all_comparisons(test_if.test)
            ):
                continue
            start = _first_statement(test_if.body)
            if isinstance(start, cst.SimpleStatementLine) and start.body:
                start = start.body[0]  # its line, not the comments above it
            self.found.append((start or test_if, "latest"))
            return

    def _last_names(self, listed: str) -> set[str]:
        """Locals holding the index of the newest (user) message: `last = len(h) - 1`,
        `last_user_idx = self._find_last_user_message_index(h)`."""
        names: set[str] = set()
        if not self._bodies:
            return names
        for stmt in self._collected.of(self._bodies[-1]).simple:
            if not (
                isinstance(stmt, cst.Assign)
                and len(stmt.targets) == 1
                and isinstance(stmt.targets[0].target, cst.Name)
            ):
                continue
            value = stmt.value
            called = (dotted(value.func) or "") if isinstance(value, cst.Call) else ""
            if _last_index_of(value) == listed or "last" in called.rsplit(".", 1)[-1].lower():
                names.add(stmt.targets[0].target.value)
        return names

    def _length_names(self, listed: str) -> set[str]:
        """`total = len(turns)` in the function: `total` stands for the length."""
        names: set[str] = set()
        if not self._bodies:
            return names
        for stmt in self._collected.of(self._bodies[-1]).simple:
            if (
                isinstance(stmt, cst.Assign)
                and len(stmt.targets) == 1
                and isinstance(stmt.targets[0].target, cst.Name)
                and _code(stmt.value) == f"len({listed})"
            ):
                names.add(stmt.targets[0].target.value)
        return names

    def _older_apart(self, found: _Collect) -> None:
        """`for t in turns[:-N]` and `for t in turns[-N:]` in one function."""
        heads: dict[tuple[str, str], cst.For] = {}
        tails: set[tuple[str, str]] = set()
        for loop in found.loops:
            cut = _cut(loop.iter)
            if cut is None or self._a_history(cut[1]) is None:
                continue
            key = (_code(cut[1]), cut[2])
            if cut[0] == "head":
                heads.setdefault(key, loop)
            else:
                tails.add(key)
        for key, loop in heads.items():
            if key in tails:
                self.found.append((loop.iter, "apart"))

    # while loops ----------------------------------------------------------------------
    def visit_While(self, node: cst.While) -> None:
        self._cut_to_fit(node)
        counted = _token_counted(node.test)
        if counted is None:
            return
        for stmt in _simple_statements(node.body):
            if _shrinks(stmt, counted):
                self.found.append((stmt, "budget"))
                return

    def _cut_to_fit(self, loop: cst.While) -> None:
        """`while lo < hi: ... tail = text[mid:]; if count_tokens(tail) <= limit: ...`: a
        loop that looks for the longest end of the history (the list, or the text rendered
        from it) whose tokens fit, cutting its start. Run on every request once the
        history is past the budget, the cut moves with each new message and the start of
        the prompt changes every time."""
        if not self._bodies:
            return
        budgets = [_token_counted(t) for t in [loop.test, *(i.test for i in _ifs_in(loop.body))]]
        if all(b is None for b in budgets):
            return
        counted = {n for b in budgets if b for n in b}
        for call in _calls_in(loop.body):
            # `used = count_tokens(tail, model)`, then `if used <= limit`: what is counted.
            last = (dotted(call.func) or "").rsplit(".", 1)[-1].lower()
            if "token" in last and "tokenizer" not in last:
                counted.update(n for a in call.args if (n := dotted(a.value)) is not None)
        if not counted:
            return
        for stmt in _simple_statements(loop.body):
            if not (
                isinstance(stmt, cst.Assign)
                and len(stmt.targets) == 1
                and dotted(stmt.targets[0].target) in counted
            ):
                continue
            value = stmt.value
            if not (isinstance(value, cst.Subscript) and len(value.slice) == 1):
                continue
            sl = value.slice[0].slice
            if not (isinstance(sl, cst.Slice) and sl.lower is not None and sl.upper is None):
                continue
            base = dotted(value.value)
            if base is not None and _made_from_history(base, self._bodies[-1]):
                self.found.append((value, "fit"))
                return


def _splices(parts: list[cst.BaseExpression], listed: str) -> bool:
    """`h[:i] + [x] + h[i + 1:]`: the list with one item replaced."""
    head, middle, tail = parts
    if not isinstance(middle, cst.List):
        return False
    cuts = []
    for part in (head, tail):
        if not (
            isinstance(part, cst.Subscript)
            and len(part.slice) == 1
            and dotted(part.value) == listed
            and isinstance(part.slice[0].slice, cst.Slice)
        ):
            return False
        cuts.append(part.slice[0].slice)
    first, last = cuts
    assert isinstance(first, cst.Slice) and isinstance(last, cst.Slice)
    return (
        first.lower is None
        and first.upper is not None
        and last.upper is None
        and last.lower is not None
        and first.step is None
        and last.step is None
    )


def _set_in_init(node: cst.ClassDef) -> set[str]:
    """The attributes a class's `__init__` sets on `self` (`self._buffer_size = size`): its
    configuration."""
    names: set[str] = set()
    for stmt in _statements(node.body):
        if isinstance(stmt, cst.FunctionDef) and stmt.name.value == "__init__":
            for small in _walk_nodes(stmt.body):
                if isinstance(small, (cst.Assign, cst.AnnAssign)):
                    targets = (
                        [t.target for t in small.targets]
                        if isinstance(small, cst.Assign)
                        else [small.target]
                    )
                    names.update(n for t in targets if (n := dotted(t)) and n.startswith("self."))
    return names


def _reads_configured(node: cst.CSTNode, configured: set[str], sizes: set[str]) -> bool:
    """`node` reads an attribute the class's `__init__` set, or a local made from one."""
    return any(n in configured or n in sizes for n in _dotted_in(node))


def _partitioned_from(found: _Collect, given: set[str]) -> set[str]:
    """`for m in messages: if ...: system.append(m) else: others.append(m)`: the lists a
    loop over a given list sorts its items into, in their order."""
    lists: set[str] = set()
    for loop in found.loops:
        if dotted(loop.iter) not in given or not isinstance(loop.target, cst.Name):
            continue
        item = loop.target.value
        for call in _calls_in(loop.body):
            func = call.func
            if (
                isinstance(func, cst.Attribute)
                and func.attr.value == "append"
                and len(call.args) == 1
                and dotted(call.args[0].value) == item
                and (name := dotted(func.value)) is not None
            ):
                lists.add(name)
    return lists


def _filtered_from(value: cst.BaseExpression, given: set[str]) -> bool:
    """`[m for m in messages if ...]`, `messages.copy()`, `list(messages)`: the items of a
    list the function was given (or of one made from it), in their order."""
    if isinstance(value, cst.ListComp):
        return dotted(value.for_in.iter) in given and value.for_in.inner_for_in is None
    if isinstance(value, cst.Call) and len(value.args) <= 1:
        func = dotted(value.func) or ""
        if func in ("list", "copy.copy", "copy.deepcopy", "deepcopy") and value.args:
            return dotted(value.args[0].value) in given
        if func.endswith(".copy") and not value.args:
            return func.removesuffix(".copy") in given
    return False


def _made_from_history(name: str, body: cst.BaseSuite) -> bool:
    """`name` is a history, or a local made from one in `body` (`text =
    self._history_as_string()`, `text = render(self.messages)`)."""
    if _names_history(name):
        return True
    for stmt in _simple_statements(body):
        if not (
            isinstance(stmt, cst.Assign)
            and len(stmt.targets) == 1
            and dotted(stmt.targets[0].target) == name
        ):
            continue
        for read in _dotted_in(stmt.value):
            words = read.replace(".", "_").lower().split("_")
            if _names_history(read) or any(w in HISTORY_NAMES for w in words):
                return True
    return False


def _own_history(expr: cst.BaseExpression) -> str | None:
    """`self._history`, `self.chat_history`: the history an object keeps."""
    name = dotted(expr)
    if name is None or not name.startswith("self.") or name.count(".") != 1:
        return None
    return name if _names_history(name) else None


def _list_parts(value: cst.BaseExpression) -> list[cst.BaseExpression]:
    """The lists a returned list is made of: itself, the operands of `+`, the unpacked
    items of a display."""
    if isinstance(value, cst.BinaryOperation) and isinstance(value.operator, cst.Add):
        return [*_list_parts(value.left), *_list_parts(value.right)]
    if isinstance(value, (cst.List, cst.Tuple)):
        return [el.value for el in value.elements if isinstance(el, cst.StarredElement)]
    return [value] if isinstance(value, cst.Subscript) else []


def _window_of(
    value: cst.BaseExpression, history: Callable[[cst.BaseExpression], str | None]
) -> cst.Subscript | None:
    """`h[-n:]` (or `[] if n == 0 else h[-n:]`) of a history: the slice."""
    if isinstance(value, cst.IfExp):
        return _window_of(value.body, history) or _window_of(value.orelse, history)
    if not (isinstance(value, cst.Subscript) and len(value.slice) == 1):
        return None
    sl = value.slice[0].slice
    if not isinstance(sl, cst.Slice) or sl.upper is not None or sl.step is not None:
        return None
    lower = sl.lower
    if isinstance(lower, cst.UnaryOperation) and isinstance(lower.operator, cst.Minus):
        return value if history(value.value) is not None else None
    return None


def _returns_list(value: cst.BaseExpression) -> bool:
    """A returned list of items, not text made of them: a name, a concatenation, a
    display, a comprehension or a constructor (`View(events=...)`, `list(...)`)."""
    if isinstance(value, (cst.Name, cst.List, cst.Tuple, cst.ListComp)):
        return True
    if isinstance(value, cst.BinaryOperation):
        return isinstance(value.operator, cst.Add) and not isinstance(
            value.left, (cst.SimpleString, cst.FormattedString, cst.ConcatenatedString)
        )
    if isinstance(value, cst.Call):
        name = dotted(value.func) or ""
        last = name.rsplit(".", 1)[-1]
        return name in ("list", "tuple") or last[:1].isupper()
    if isinstance(value, cst.Subscript) and len(value.slice) == 1:
        # `(system + recent)[:max_messages]`: a slice of a list is a list.
        return isinstance(value.slice[0].slice, cst.Slice) and _returns_list(value.value)
    return False


_SCALARS = frozenset({"str", "bytes", "int", "float", "bool"})


def _holds_texts(param: cst.Param) -> bool:
    """`names: list[str]`, `Optional[List[str]]`: a list of text, whose items have no fields."""
    if param.annotation is None:
        return False
    code = _code(param.annotation.annotation).removeprefix("Optional[")
    head, _, rest = code.partition("[")
    return (
        head.strip() in ("list", "List", "Sequence", "tuple", "Tuple")
        and rest.split("]", 1)[0].split(",", 1)[0].strip() in _SCALARS
    )


def _holds_items(param: cst.Param) -> bool:
    """A parameter annotated as a collection or a class (`view: View`, `history:
    list[dict]`): what a history processor takes. Unannotated or text (`text: str`) is
    no evidence that it holds turns."""
    if param.annotation is None:
        return False
    head = _code(param.annotation.annotation).removeprefix("Optional[")
    return head.split("[", 1)[0].split("|", 1)[0].strip() not in _SCALARS


class _Bodies:
    """What `_collect` finds in each function body, asked by most looks of this rule at
    every function: each body is walked once per check (the entry holds the body, so its
    id is not reused while the table lives)."""

    def __init__(self) -> None:
        self._found: dict[int, tuple[cst.CSTNode, _Collect]] = {}

    def of(self, body: cst.CSTNode) -> _Collect:
        hit = self._found.get(id(body))
        if hit is None:
            hit = self._found[id(body)] = (body, _collect(body))
        return hit[1]


class _Summaries:
    """Whether a function mentions a summary (`summarise`, `self.summary`), which makes a
    kept head and the newest turns a compaction: asked by two looks at every function, so
    its code is generated once, and only in modules that mention one at all."""

    def __init__(self, text: str) -> None:
        self._in_module = "summar" in text.lower()
        self._by_function: dict[int, bool] = {}  # id(node): the nodes outlive one check

    def mentioned_in(self, node: cst.FunctionDef) -> bool:
        if not self._in_module:
            return False
        said = self._by_function.get(id(node))
        if said is None:
            said = self._by_function[id(node)] = "summar" in _code(node).lower()
        return said


def _code(node: cst.CSTNode) -> str:
    return cst.Module(body=[]).code_for_node(node).strip()


def _unwrap_iteration(
    iterable: cst.BaseExpression, target: cst.BaseExpression
) -> tuple[cst.BaseExpression | None, str | None, bool]:
    """(the list walked, the index name of `enumerate`, whether newest first)."""
    index: str | None = None
    if isinstance(iterable, cst.Call) and dotted(iterable.func) == "enumerate" and iterable.args:
        iterable = iterable.args[0].value
        if isinstance(target, cst.Tuple) and target.elements:
            first = target.elements[0].value
            index = first.value if isinstance(first, cst.Name) else None
    newest_first = False
    if isinstance(iterable, cst.Call) and dotted(iterable.func) == "reversed" and iterable.args:
        iterable = iterable.args[0].value
        newest_first = True
    if not isinstance(iterable, (cst.Name, cst.Attribute)):
        return None, None, False
    return iterable, index, newest_first


def _position_side(
    test: cst.BaseExpression,
    index: str | None,
    counters: set[str],
    lengths: set[str],
    newest_first: bool,
) -> str | None:
    """Which branch of `if test` the older items take ("body" / "orelse"), when the test
    places the item by its distance from the newest end; None when it does not."""
    for comparison in _comparisons(test):
        if len(comparison.comparisons) != 1:
            continue
        op = comparison.comparisons[0].operator
        if not isinstance(op, _ORDER_OPS):
            continue
        left, right = comparison.left, comparison.comparisons[0].comparator
        small = isinstance(op, (cst.LessThan, cst.LessThanEqual))  # left is the smaller
        for var, other, var_small in ((left, right, small), (right, left, not small)):
            if not isinstance(var, cst.Name):
                continue
            if not newest_first and var.value == index:
                # `i < len(h) - N`: a distance from the end (`i < len(h)` holds for all).
                if not (
                    isinstance(other, cst.BinaryOperation)
                    and isinstance(other.operator, cst.Subtract)
                    and any(length in _code(other.left) for length in lengths)
                ):
                    continue
                # Counting from the oldest: the small positions are the old ones.
                return "body" if var_small else "orelse"
            if newest_first and (var.value == index or var.value in counters):
                if isinstance(other, cst.Integer) and other.value == "0":
                    continue
                # Counting from the newest: the large counts are the old ones.
                return "orelse" if var_small else "body"
    return None


def _all_comparisons(test: cst.BaseExpression) -> list[cst.Comparison]:
    """The comparisons in a test, under `and` / `or` / `not` and parentheses."""
    if isinstance(test, cst.Comparison):
        return [test]
    if isinstance(test, cst.BooleanOperation):
        return [*_all_comparisons(test.left), *_all_comparisons(test.right)]
    if isinstance(test, cst.UnaryOperation) and isinstance(test.operator, cst.Not):
        return _all_comparisons(test.expression)
    return []


def _picks_latest(
    comparison: cst.Comparison,
    index: str | None,
    item: str | None,
    listed: str,
    lasts: set[str],
) -> bool:
    """`i == last_user_idx`, `i == len(h) - 1`, `m == [...][-1]`: the test picks the
    newest item."""
    if len(comparison.comparisons) != 1 or not isinstance(
        comparison.comparisons[0].operator, cst.Equal
    ):
        return False
    left, right = comparison.left, comparison.comparisons[0].comparator
    for var, other in ((left, right), (right, left)):
        if not isinstance(var, cst.Name):
            continue
        if index is not None and var.value == index:
            if isinstance(other, cst.Name) and other.value in lasts:
                return True
            if _last_index_of(other) == listed:
                return True
        if item is not None and var.value == item and _is_last_of(other, listed):
            return True
    return False


def _is_minus_one(index: cst.BaseSlice) -> bool:
    """`[-1]`: the index of the newest item."""
    return isinstance(index, cst.Index) and _is_last(index.value)


def _is_last_of(expr: cst.BaseExpression, listed: str) -> bool:
    """`[m for m in h if ...][-1]`, `h[-1]`: the newest item of `h` (or of a filter of it)."""
    if not (isinstance(expr, cst.Subscript) and len(expr.slice) == 1):
        return False
    index = expr.slice[0].slice
    if not _is_minus_one(index):
        return False
    base = expr.value
    if isinstance(base, cst.ListComp):
        return any(dotted(f.iter) == listed for f in _comp_fors(base.for_in))
    return dotted(base) == listed


def _comp_fors(comp: cst.CompFor | None) -> list[cst.CompFor]:
    found: list[cst.CompFor] = []
    while comp is not None:
        found.append(comp)
        comp = comp.inner_for_in
    return found


def _seen_sets(body: cst.BaseSuite) -> set[str]:
    """Sets a newest-first loop fills (`windows.add(file)`): what newer items showed."""
    return {
        name
        for stmt in _simple_statements(body)
        if isinstance(stmt, cst.Expr)
        and isinstance(stmt.value, cst.Call)
        and isinstance(stmt.value.func, cst.Attribute)
        and stmt.value.func.attr.value == "add"
        and (name := dotted(stmt.value.func.value)) is not None
    }


def _tests_seen(test: cst.BaseExpression, seen: set[str]) -> bool:
    """`if file in windows:` against a set the loop fills from the newer items."""
    return any(
        isinstance(c.comparisons[0].operator, cst.In)
        and dotted(c.comparisons[0].comparator) in seen
        for c in _comparisons(test)
        if len(c.comparisons) == 1
    )


def _comparisons(test: cst.BaseExpression) -> list[cst.Comparison]:
    if isinstance(test, cst.Comparison):
        return [test]
    if isinstance(test, cst.BooleanOperation) and isinstance(test.operator, cst.And):
        return [*_comparisons(test.left), *_comparisons(test.right)]
    return []


def _counted_names(body: cst.BaseSuite) -> set[str]:
    """Names bumped by `n += 1` in a loop body: a count of the items seen so far."""
    return {
        stmt.target.value
        for stmt in _simple_statements(body)
        if isinstance(stmt, cst.AugAssign)
        and isinstance(stmt.operator, cst.AddAssign)
        and isinstance(stmt.target, cst.Name)
    }


_DECORATED_LATEST = (
    "this request's user turn is sent through a template that fills in {filled}, behind "
    "the conversation `{history}` the caller keeps: the caller holds the turn as it was given, "
    "so the next request sends it without the template and the prefix the previous request "
    "cached ends before it; put the added text in a message of its own after the turn, or "
    "keep the turn as sent in the history"
)


class _DecoratedLatest(Walker):
    """`def prepare(query, context, conversation): messages = [system]; for m in
    conversation: messages.append(...); messages.append({"role": "user", "content":
    f"Answer {query} from {context}"}); return messages` (or `[*conversation, {...}]`,
    `conversation + [{...}]`, a comprehension over it): the earlier turns come from the
    caller, who keeps each one as it was given, and only this request's turn is sent
    through the template with what was retrieved for it. The next request sends that turn
    bare behind the same history, so what the previous request cached ends before it (the
    retrieved text and the answer are written again). LangChain's form: the turn a message
    template after the history's messages (`from_messages([... for h in history] +
    [input_msg])`) that the chain is called to fill with two or more values (`{"context":
    ..., "question": ...}`). A function that stores the templated turn in the history it
    was given (`conversation.append(...)`) keeps the turn as sent: no finding."""

    def __init__(self, bodies: _Bodies) -> None:
        self._collected = bodies
        self.found: list[tuple[cst.CSTNode, str, list[str]]] = []
        self._enclosing: list[list[str]] = []  # the parameters of the functions around

    def leave_FunctionDef(self, original_node: cst.FunctionDef) -> None:
        self._enclosing.pop()

    def visit_FunctionDef(self, node: cst.FunctionDef) -> None:
        own = [p.name.value for p in (*node.params.params, *node.params.kwonly_params)]
        # a nested function (a streaming generator) reads its caller's parameters too
        params = [*own, *(p for outer in self._enclosing for p in outer if p not in own)]
        self._enclosing.append(own)
        histories = {p for p in params if _names_history(p)}
        others = {p for p in params if p not in histories and p not in ("self", "cls")}
        if not histories or len(others) < 2:
            return
        found = self._collected.of(node.body)
        copied: set[str] = set()  # lists the history's turns were copied into
        for loop in found.loops:
            if isinstance(loop.iter, cst.Name) and loop.iter.value in histories:
                for stmt in _simple_statements(loop.body):
                    listed = _appended_to(stmt)
                    if listed is not None:
                        copied.add(listed)
        kept = False
        turns: list[cst.BaseExpression] = []  # user messages put after the copied turns
        for stmt in found.simple:
            listed = _appended_to(stmt)
            if listed in histories:
                kept = True  # the function keeps the turn itself
            elif listed in copied:
                assert isinstance(stmt, cst.Expr) and isinstance(stmt.value, cst.Call)
                turns.append(stmt.value.args[0].value)
        for value in found.displays:
            for last in _after_history(value, histories):
                turns.append(last)
        # `return message, chat_history`: the turn handed beside the copied history, for
        # an API that takes them apart (Cohere's `message` and `chat_history`).
        texts = {
            stmt.targets[0].target.value: stmt.value
            for stmt in found.simple
            if isinstance(stmt, cst.Assign)
            and len(stmt.targets) == 1
            and isinstance(stmt.targets[0].target, cst.Name)
        }
        for ret in found.returns:
            if not isinstance(ret.value, cst.Tuple):
                continue
            names = [el.value.value for el in ret.value.elements if isinstance(el.value, cst.Name)]
            if any(n in copied for n in names):
                turns.extend(texts[n] for n in names if n not in copied and n in texts)
        if kept:
            return
        filled = _chain_fills(found)
        for turn in turns:
            if isinstance(turn, cst.Name) and turn.value in texts and len(filled) >= 2:
                # `ChatPromptTemplate.from_messages([... for h in history] + [input_msg])`,
                # `chain.ainvoke({"context": context, "question": query})`: the turn is a
                # template the chain fills with the question and what came with it.
                self.found.append((texts[turn.value], sorted(histories)[0], filled))
                continue
            content = _templated_content(turn, others)
            if content is not None:
                text, names = content
                self.found.append((text, sorted(histories)[0], names))


# A LangChain runnable's calls, and a legacy `LLMChain`'s (`acall`, `arun`).
_CHAIN_CALLS = LANGCHAIN_CALLS | {"acall", "arun"}


def _chain_fills(found: _Collect) -> list[str]:
    """`chain.ainvoke({"context": context, "question": query})` in the body: the keys of
    the dict a LangChain runnable is called with, the placeholders its template fills."""
    for call in (c for stmt in (*found.simple, *found.returns) for c in _calls_in(stmt)):
        func = call.func
        if not (isinstance(func, cst.Attribute) and func.attr.value in _CHAIN_CALLS):
            continue
        if call.args and isinstance(call.args[0].value, cst.Dict):
            return [
                string_value(el.key) or ""
                for el in call.args[0].value.elements
                if isinstance(el, cst.DictElement) and isinstance(el.key, cst.SimpleString)
            ]
    return []


def _appended_to(stmt: cst.BaseSmallStatement) -> str | None:
    """`messages.append(x)` (one argument): the list's name."""
    if not (isinstance(stmt, cst.Expr) and isinstance(stmt.value, cst.Call)):
        return None
    call = stmt.value
    func = call.func
    if not (isinstance(func, cst.Attribute) and func.attr.value == "append"):
        return None
    if len(call.args) != 1:
        return None
    return dotted(func.value)


def _after_history(value: cst.BaseExpression, histories: set[str]) -> list[cst.BaseExpression]:
    """`[..., *history, LAST]`, `[..., *[... for m in history], LAST]`, `history + [LAST]`:
    the last element, when the turns before it are the given history."""
    if isinstance(value, cst.BinaryOperation) and isinstance(value.operator, cst.Add):
        left = value.left
        if (
            ((isinstance(left, cst.Name) and left.value in histories) or _iterates(left, histories))
            and isinstance(value.right, cst.List)
            and value.right.elements
        ):
            return [value.right.elements[-1].value]
        return []
    if not isinstance(value, cst.List) or len(value.elements) < 2:
        return []
    last = value.elements[-1]
    if isinstance(last, cst.StarredElement):
        return []
    for el in value.elements[:-1]:
        if not isinstance(el, cst.StarredElement):
            continue
        inner = el.value
        if isinstance(inner, cst.Name) and inner.value in histories:
            return [last.value]
        if _iterates(inner, histories):
            return [last.value]
    return []


def _iterates(value: cst.BaseExpression, histories: set[str]) -> bool:
    """`[convert(m) for m in history]`: a comprehension over the given history."""
    return (
        isinstance(value, cst.ListComp | cst.GeneratorExp)
        and isinstance(value.for_in.iter, cst.Name)
        and value.for_in.iter.value in histories
    )


def _templated_content(
    message: cst.BaseExpression, given: set[str]
) -> tuple[cst.CSTNode, list[str]] | None:
    """`{"role": "user", "content": f"Answer {query} with {context}"}` (or the f-string
    alone): the f-string, when it
    has text of its own and puts in two or more of the function's parameters (the turn and
    what was looked up for it)."""
    # a dict is a message; anything else is the turn's text, handed beside the history
    content = _user_message_content(message) if isinstance(message, cst.Dict) else message
    if not isinstance(content, cst.FormattedString):
        return None
    static = "".join(
        p.value for p in content.parts if isinstance(p, cst.FormattedStringText)
    ).strip()
    names = []
    for part in content.parts:
        if (
            isinstance(part, cst.FormattedStringExpression)
            and isinstance(part.expression, cst.Name)
            and part.expression.value in given
            and part.expression.value not in names
        ):
            names.append(part.expression.value)
    if len(static) < 10 or len(names) < 2:
        return None
    return content, names


_GROWS_EARLIER = (
    "text is added in place to message {index} of `{listed}`, the caller's own list: the "
    "caller's conversation keeps the addition, so the next call with it adds the text "
    "again and that message differs on every request, with everything after it; add the "
    "text to a copy (`[dict(m) for m in messages]`), or only when it is not there yet"
)


class _GrowsEarlierMessage(Walker):
    """`kwargs["messages"][0]["content"] += schema_text` (or `= ... + text`) with `kwargs`
    a parameter the function does not rebind: an earlier message of the list the caller
    passed is extended in place. The caller's conversation holds that dict, so each call
    on it extends the same message again (a library that adds its instructions to the
    system message of the messages it is given): the message grows on every request and
    the prefix breaks at it. The latest message (`[-1]`), a list the function made, or a
    copy it rebinds the name to, are not the caller's earlier turns: no finding."""

    def __init__(self, bodies: _Bodies, in_handler: set[int]) -> None:
        self._collected = bodies
        self._in_handler = in_handler
        self.found: list[tuple[cst.CSTNode, str, str]] = []

    def visit_FunctionDef(self, node: cst.FunctionDef) -> None:
        params = {p.name.value for p in (*node.params.params, *node.params.kwonly_params)}
        params -= {"self", "cls"}
        if not params:
            return
        found = self._collected.of(node.body)
        given = set(params)
        for stmt in found.simple:  # in the order of the source
            if isinstance(stmt, cst.Assign):
                # bound again (to a copy, say) from here on: no longer the caller's list
                given -= {t.target.value for t in stmt.targets if isinstance(t.target, cst.Name)}
            if id(stmt) in self._in_handler:
                continue  # a retry's repair of a request that failed
            if isinstance(stmt, cst.AugAssign) and isinstance(stmt.operator, cst.AddAssign):
                target = stmt.target
            elif (
                isinstance(stmt, cst.Assign)
                and len(stmt.targets) == 1
                and _extends(stmt.value, stmt.targets[0].target)
            ):
                target = stmt.targets[0].target
            else:
                continue
            earlier = _earlier_message_text(target, given)
            if earlier is not None:
                self.found.append((stmt, *earlier))


def _earlier_message_text(target: cst.BaseExpression, given: set[str]) -> tuple[str, str] | None:
    """`kwargs["messages"][0]["content"]`, `messages[0]["content"][0]["text"]`: the list
    (a parameter, or a history-named field of one) and the literal index of the message
    whose text is written, when the index is not the latest one."""
    chain: list[cst.BaseExpression] = []  # the subscripts, outermost first
    node = target
    while isinstance(node, cst.Subscript) and len(node.slice) == 1:
        key = node.slice[0].slice
        if not isinstance(key, cst.Index):
            return None
        chain.append(key.value)
        node = node.value
    if not (isinstance(node, cst.Name) and node.value in given):
        return None
    inner = list(reversed(chain))  # from the parameter outwards
    if not any(isinstance(k, cst.SimpleString) and string_value(k) in _TEXT_FIELDS for k in inner):
        return None
    listed = node.value
    rest = inner
    if rest and isinstance(rest[0], cst.SimpleString):
        field = string_value(rest[0]) or ""
        if not _names_history(field):
            return None
        listed = f'{node.value}["{field}"]'
        rest = rest[1:]
    elif not _names_history(node.value):
        return None
    if not (rest and isinstance(rest[0], cst.Integer)):
        return None  # `[-1]` (the latest turn) is a UnaryOperation, a name is not literal
    return f"[{rest[0].value}]", listed


_UNDECORATED = (
    "text is added to this request's user message only, and the function hands back the "
    "message without it for the caller to keep in the history: the next request sends that "
    "turn without the addition, so the prefix the previous request cached ends before it; "
    "put the extra text in the system prompt or in a message of its own, or keep it in the "
    "stored turn"
)


class _HandsBackUndecorated(Walker):
    """`original = prompt; prompt = prompt + SUFFIX; messages.append({"role": "user",
    "content": prompt}); return messages, original` (or `messages[-1]["content"] += SUFFIX`
    after the user message was appended from `prompt`): the function returns the list to
    send with the user message decorated, and beside it the undecorated text the caller
    keeps as the stored turn. The next request sends that turn plain. A function that
    returns only the list gives the caller nothing else to keep: no finding."""

    def __init__(self, bodies: _Bodies) -> None:
        self._collected = bodies
        self.found: list[cst.CSTNode] = []

    def visit_FunctionDef(self, node: cst.FunctionDef) -> None:
        found = self._collected.of(node.body)
        kept: dict[str, str] = {}  # returned name -> the text it keeps (`original = prompt`)
        for ret in found.returns:
            if isinstance(ret.value, cst.Tuple) and len(ret.value.elements) >= 2:
                for el in ret.value.elements[1:]:
                    if isinstance(el.value, cst.Name):
                        kept[el.value.value] = ""
        if not kept:
            return
        first = {
            el.value.value
            for r in found.returns
            if isinstance(r.value, cst.Tuple)
            for el in r.value.elements[:1]
            if isinstance(el.value, cst.Name)
        }
        decorated: dict[str, cst.CSTNode] = {}  # text -> where it was decorated
        sent: dict[str, str] = {}  # list -> text of its last appended message
        for stmt in found.simple:
            if isinstance(stmt, cst.Assign) and len(stmt.targets) == 1:
                target = stmt.targets[0].target
                source = _plain_text_of(stmt.value)
                if isinstance(target, cst.Name) and target.value in kept and source:
                    kept[target.value] = source
                    continue
                if isinstance(target, cst.Name) and _extends_itself(target.value, stmt.value):
                    if target.value in kept.values():
                        decorated[target.value] = stmt
                    continue
                if _last_content(target) in sent and _extends(stmt.value, target):
                    if sent[_last_content(target) or ""] in kept.values():
                        self.found.append(stmt)
                    continue
            if isinstance(stmt, cst.AugAssign) and isinstance(stmt.operator, cst.AddAssign):
                target = stmt.target
                if isinstance(target, cst.Name) and target.value in kept.values():
                    decorated[target.value] = stmt
                    continue
                listed = _last_content(target)
                if listed in sent and sent[listed] in kept.values():
                    self.found.append(stmt)
                    continue
            if isinstance(stmt, cst.Expr) and isinstance(stmt.value, cst.Call):
                call = stmt.value
                func = call.func
                if not (isinstance(func, cst.Attribute) and func.attr.value == "append"):
                    continue
                listed = dotted(func.value)
                if listed not in first or not call.args:
                    continue
                text = _user_content(call.args[0].value)
                if text is None:
                    continue
                sent[listed] = text
                if text in decorated:
                    self.found.append(decorated[text])


def _plain_text_of(value: cst.BaseExpression) -> str | None:
    """`prompt` or `str(prompt)`: the name of the text kept as it is."""
    if isinstance(value, cst.Call) and dotted(value.func) == "str" and len(value.args) == 1:
        value = value.args[0].value
    if isinstance(value, cst.Name) and value.value not in ("None", "True", "False"):
        return value.value
    return None


def _extends_itself(name: str, value: cst.BaseExpression) -> bool:
    """`prompt + "..."`: the text with more text after it."""
    return (
        isinstance(value, cst.BinaryOperation)
        and isinstance(value.operator, cst.Add)
        and isinstance(value.left, cst.Name)
        and value.left.value == name
    )


def _extends(value: cst.BaseExpression, target: cst.BaseExpression) -> bool:
    return (
        isinstance(value, cst.BinaryOperation)
        and isinstance(value.operator, cst.Add)
        and _code(value.left) == _code(target)
    )


def _last_content(target: cst.BaseExpression) -> str | None:
    """`messages[-1]["content"]`: the list whose last message's text is written."""
    if not (isinstance(target, cst.Subscript) and len(target.slice) == 1):
        return None
    key = target.slice[0].slice
    if not (isinstance(key, cst.Index) and isinstance(key.value, cst.SimpleString)):
        return None
    if string_value(key.value) not in _TEXT_FIELDS:
        return None
    inner = target.value
    if not (isinstance(inner, cst.Subscript) and len(inner.slice) == 1):
        return None
    if not _is_minus_one(inner.slice[0].slice):
        return None
    return dotted(inner.value)


def _user_message_content(message: cst.BaseExpression) -> cst.BaseExpression | None:
    """`{"role": "user", "content": x}` written out: `x`."""
    if not isinstance(message, cst.Dict):
        return None
    fields = {
        string_value(el.key): el.value
        for el in message.elements
        if isinstance(el, cst.DictElement) and isinstance(el.key, cst.SimpleString)
    }
    role = fields.get("role")
    if not (isinstance(role, cst.SimpleString) and string_value(role) == "user"):
        return None
    return fields.get("content")


def _user_content(message: cst.BaseExpression) -> str | None:
    """`{"role": "user", "content": prompt}` (or `str(prompt)`): the name of its text."""
    content = _user_message_content(message)
    return _plain_text_of(content) if content is not None else None


class _HeadAndNewest(Walker):
    """`fixed = memories[:k] + note; return fixed + memories[-n:]`, `kept = head +
    recent_messages[-window:]`: the first items of a history (a system message, the task)
    kept and the newest N after them, a window that moves with every new item once the
    history is longer. Only a history by name (`messages`, `memories`, `history`): the
    head and tail of a text or a log (`text[:500] + text[-500:]`) are no conversation."""

    def __init__(self, summaries: _Summaries, bodies: _Bodies) -> None:
        self._collected = bodies
        self.summaries = summaries
        self.found: list[cst.CSTNode] = []

    def visit_FunctionDef(self, node: cst.FunctionDef) -> None:
        found = self._collected.of(node.body)
        if self.summaries.mentioned_in(node):
            return  # head + summary + recent turns: a compaction, summarised once
        for loop in found.loops:
            self._cut_at_loop_index(loop)
        heads: set[str] = set()
        windows: dict[str, cst.Subscript] = {}
        values: list[cst.BaseExpression] = [r.value for r in found.returns if r.value]
        for stmt in found.simple:
            if not (isinstance(stmt, cst.Assign) and len(stmt.targets) == 1):
                continue
            target = stmt.targets[0].target
            if isinstance(target, cst.Name):
                if _head_of(stmt.value, heads):
                    heads.add(target.value)
                window = _window_of(stmt.value, _a_history_name)
                if window is not None:
                    windows[target.value] = window
            values.append(stmt.value)
        for value in values:
            if not (isinstance(value, cst.BinaryOperation) and isinstance(value.operator, cst.Add)):
                continue
            if not _head_of(value.left, heads):
                continue
            right = value.right
            window = (
                windows.get(right.value)
                if isinstance(right, cst.Name)
                else _window_of(right, _a_history_name)
            )
            if window is not None and window not in self.found:
                self.found.append(window)

    def _cut_at_loop_index(self, loop: cst.For) -> None:
        """`for i in range(start, len(msgs)): ... return msgs[:start] + msgs[i + 1:]`: the
        oldest turns after the head are dropped up to the point a scan of the history
        stops at (a token budget, the end of a tool exchange), on every request."""
        index = {n.value for n in _target_names(loop.target)}
        if not index:
            return
        for ret in _collect(loop.body).returns:
            value = ret.value
            if not (isinstance(value, cst.BinaryOperation) and isinstance(value.operator, cst.Add)):
                continue
            tail = value.right
            if not (_head_of(value.left, set()) and isinstance(tail, cst.Subscript)):
                continue
            if _a_history_name(tail.value) is None or len(tail.slice) != 1:
                continue
            sl = tail.slice[0].slice
            if not (isinstance(sl, cst.Slice) and sl.upper is None and sl.lower is not None):
                continue
            if {n.value for n in _names_in(sl.lower)} & index and tail not in self.found:
                self.found.append(tail)


def _a_history_name(expr: cst.BaseExpression) -> str | None:
    name = dotted(expr)
    if name is None:
        return None
    last = name.rsplit(".", 1)[-1].lower()
    return name if _names_history(name) or last.endswith(("memories", "msgs")) else None


def _head_of(value: cst.BaseExpression, heads: set[str]) -> bool:
    """`xs[:k]` (the kept head), or a name made from one, at the start of `value`."""
    while isinstance(value, cst.BinaryOperation) and isinstance(value.operator, cst.Add):
        value = value.left
    if isinstance(value, cst.Name):
        return value.value in heads
    if not (isinstance(value, cst.Subscript) and len(value.slice) == 1):
        return False
    sl = value.slice[0].slice
    return (
        isinstance(sl, cst.Slice)
        and sl.lower is None
        and sl.upper is not None
        and sl.step is None
        and not isinstance(sl.upper, cst.UnaryOperation)
    )


class _LimitedReads(Walker):
    """`history = store.get_chat_history(sid, max_messages=n)` then `messages.extend(
    history)`, `[system, *history, user]` or `history + new_items`: a read of the stored
    conversation cut by a count, made into the list of messages (through locals made from
    it: a comprehension, a conversion). Returned alone it may be a page of a listing (an
    endpoint that shows the last 50 messages), so only a list made with it counts."""

    def __init__(self, bodies: _Bodies) -> None:
        self._collected = bodies
        self.found: list[tuple[cst.Call, cst.Arg]] = []

    def visit_FunctionDef(self, node: cst.FunctionDef) -> None:
        found = self._collected.of(node.body)
        reads: dict[str, list[tuple[cst.Call, cst.Arg]]] = {}
        for stmt in found.simple:
            if not isinstance(stmt, cst.Assign):
                continue
            value = stmt.value.expression if isinstance(stmt.value, cst.Await) else stmt.value
            targets = [n.value for t in stmt.targets for n in _target_names(t.target)]
            if isinstance(value, cst.Call):
                count = limited_history_read(
                    value.func, {a.keyword.value: a for a in value.args if a.keyword}
                ) or _counted_read(value)
                if count is not None:
                    for t in targets:
                        reads.setdefault(t, []).append((value, count))
                    continue
            # `converted = [convert(m) for m in history]`: the same turns, another form.
            made = {n.value for n in _names_in(stmt.value)} & set(reads)
            if made and len(targets) == 1:
                carried = [r for n in sorted(made) for r in reads[n]]
                kept = reads.get(targets[0], [])
                reads[targets[0]] = kept + [r for r in carried if r not in kept]
        if not reads:
            return
        for placed in _placed_in_list(node.body):
            for read in reads.get(placed, []):
                if read not in self.found:
                    self.found.append(read)


# Words of a name that say it holds a number of turns (`self.memory_k`, `self.history_n`).
_COUNT_WORDS = frozenset({"k", "n", "limit", "window", "last", "recent"})


def _counted_read(call: cst.Call) -> cst.Arg | None:
    """`self.rc.memory.get(self.memory_k)`: a read of the stored history (a memory or
    history object by name) given only a number of turns, by a name that says it is one.
    -> the argument of the count."""
    func = call.func
    if not (isinstance(func, cst.Attribute) and func.attr.value in READ_VERBS):
        return None
    store = dotted(func.value)
    if store is None or not _names_history(store) or len(call.args) != 1:
        return None
    arg = call.args[0]
    name = dotted(arg.value)
    if arg.keyword is not None or arg.star or name is None:
        return None
    words = set(name.rsplit(".", 1)[-1].lower().split("_"))
    return arg if words & _COUNT_WORDS else None


def _placed_in_list(body: cst.CSTNode) -> set[str]:
    """Names put into a list with other items: `xs.extend(name)`, `[*name, ...]`,
    `name + other` / `other + name`."""
    placed = _Placed()
    placed.walk(body)
    return placed.names


class _Placed(Walker):
    def __init__(self) -> None:
        self.names: set[str] = set()

    def visit_Call(self, node: cst.Call) -> None:
        func = node.func
        if isinstance(func, cst.Attribute) and func.attr.value == "extend" and node.args:
            arg = node.args[0].value
            if isinstance(arg, cst.Name):
                self.names.add(arg.value)

    def visit_StarredElement(self, node: cst.StarredElement) -> None:
        if isinstance(node.value, cst.Name):
            self.names.add(node.value.value)

    def visit_BinaryOperation(self, node: cst.BinaryOperation) -> None:
        if isinstance(node.operator, cst.Add):
            for side in (node.left, node.right):
                if isinstance(side, cst.Name):
                    self.names.add(side.value)


class _Collect(Walker):
    """Statements and compound nodes of one body, not descending into nested functions."""

    def __init__(self) -> None:
        self.ifs: list[cst.If] = []
        self.loops: list[cst.For] = []
        self.simple: list[cst.BaseSmallStatement] = []
        self.returns: list[cst.Return] = []
        # list displays and `+`: where a message list is written out, assigned, returned
        # or passed as `messages=`
        self.displays: list[cst.BaseExpression] = []

    def visit_FunctionDef(self, node: cst.FunctionDef) -> bool:
        return False

    def visit_ClassDef(self, node: cst.ClassDef) -> bool:
        return False

    def visit_List(self, node: cst.List) -> None:
        self.displays.append(node)

    def visit_BinaryOperation(self, node: cst.BinaryOperation) -> None:
        self.displays.append(node)

    def visit_If(self, node: cst.If) -> None:
        self.ifs.append(node)

    def visit_For(self, node: cst.For) -> None:
        self.loops.append(node)

    def visit_Assign(self, node: cst.Assign) -> None:
        self.simple.append(node)

    def visit_AugAssign(self, node: cst.AugAssign) -> None:
        self.simple.append(node)

    def visit_Expr(self, node: cst.Expr) -> None:
        self.simple.append(node)

    def visit_Del(self, node: cst.Del) -> None:
        self.simple.append(node)

    def visit_Return(self, node: cst.Return) -> None:
        self.returns.append(node)


def _collect(body: cst.CSTNode) -> _Collect:
    found = _Collect()
    found.walk(body)
    return found


def _ifs_in(body: cst.BaseSuite) -> list[cst.If]:
    return _collect(body).ifs


def _simple_statements(body: cst.CSTNode) -> list[cst.BaseSmallStatement]:
    return _collect(body).simple


def _after_continue(body: cst.BaseSuite, test_if: cst.If) -> cst.CSTNode | None:
    """`if i < keep: out.append(m); continue` then the rewrite: the statements after the
    `if` are the other branch."""
    if not isinstance(body, cst.IndentedBlock) or test_if not in body.body:
        return None
    last = test_if.body.body[-1] if isinstance(test_if.body, cst.IndentedBlock) else None
    ends = isinstance(last, cst.SimpleStatementLine) and isinstance(last.body[-1], cst.Continue)
    rest = body.body[body.body.index(test_if) + 1 :]
    return cst.IndentedBlock(body=rest) if ends and rest else None


def _acts_on_item(
    branch: cst.CSTNode, loop: cst.For, listed: str, index: str | None, texts: bool
) -> bool:
    """Whether the older items' branch does something to the item it is at: reads it
    (`m`, `h[i]`, or a local made from it: `data = dict(m)`), places something in its
    stead (`out.append(...)`), or leaves it out (`continue`, `del`, `pop`). An item of a
    list of text (`names: list[str]`) has no fields: a branch that fills a settings dict
    (`kwargs["next"] = names[i + 1]` in a loop over all but the last name) without reading
    the item itself rewrites no item of a history."""
    items = {n.value for n in _target_names(loop.target)} - {index}
    assigns = [
        stmt
        for stmt in _simple_statements(loop.body)
        if isinstance(stmt, cst.Assign) and len(stmt.targets) == 1
    ]
    grown = not texts
    while grown:  # locals made from the item, and from those
        grown = False
        for stmt in assigns:
            made = {n.value for n in _target_names(stmt.targets[0].target)} - items
            if made and any(n.value in items for n in _names_in(stmt.value)):
                items |= made
                grown = True
    at_index = f"{listed}[{index}]" if index else None
    for sub in _walk_nodes(branch):
        if isinstance(sub, cst.Name) and sub.value in items:
            return True
        if isinstance(sub, (cst.Continue, cst.Del, cst.Return)):
            return True
        if isinstance(sub, cst.Subscript) and at_index is not None and _code(sub) == at_index:
            return True
        if (
            isinstance(sub, cst.Call)
            and isinstance(sub.func, cst.Attribute)
            and sub.func.attr.value in ("append", "extend", "insert", "pop", "remove")
        ):
            return True
    return False


def _walk_nodes(node: cst.CSTNode) -> list[cst.CSTNode]:
    nodes: list[cst.CSTNode] = []
    stack = [node]
    while stack:
        current = stack.pop()
        nodes.append(current)
        stack.extend(child_nodes(current))
    return nodes


def _first_statement(branch: cst.CSTNode | None) -> cst.CSTNode | None:
    if branch is None:
        return None
    if isinstance(branch, cst.Else):
        branch = branch.body
    if isinstance(branch, cst.If):  # an `elif`: its test is where the older items go
        return branch
    if isinstance(branch, cst.IndentedBlock) and branch.body:
        return branch.body[0]
    return None


def _cut(iterable: cst.BaseExpression) -> tuple[str, cst.BaseExpression, str] | None:
    """`turns[:-N]` -> ("head", turns, "N"); `turns[-N:]` -> ("tail", turns, "N")."""
    if not isinstance(iterable, cst.Subscript) or len(iterable.slice) != 1:
        return None
    sl = iterable.slice[0].slice
    if not isinstance(sl, cst.Slice) or sl.step is not None:
        return None
    upper, lower = sl.upper, sl.lower
    if (
        lower is None
        and isinstance(upper, cst.UnaryOperation)
        and isinstance(upper.operator, cst.Minus)
    ):
        return "head", iterable.value, _code(upper.expression)
    if (
        upper is None
        and isinstance(lower, cst.UnaryOperation)
        and isinstance(lower.operator, cst.Minus)
    ):
        return "tail", iterable.value, _code(lower.expression)
    return None


def _token_counted(test: cst.BaseExpression) -> set[str] | None:
    """`count_tokens(hist) > limit`: the names of what the test counts (empty when it
    counts a running total); None when the test is no token budget."""
    for comparison in _comparisons(test):
        if not any(isinstance(c.operator, _ORDER_OPS) for c in comparison.comparisons):
            continue
        sides = [comparison.left, *(c.comparator for c in comparison.comparisons)]
        for side in sides:
            if not any("token" in n.value.lower() for n in _names_in(side)):
                continue
            counted: set[str] = set()
            for call in _calls_in(side):
                for arg in call.args:
                    name = dotted(arg.value)
                    if name is not None:
                        counted.add(name)
            return counted
    return None


class _Calls(Walker):
    def __init__(self) -> None:
        self.found: list[cst.Call] = []

    def visit_Call(self, node: cst.Call) -> None:
        self.found.append(node)


def _calls_in(node: cst.CSTNode) -> list[cst.Call]:
    # A read-only walk: a libcst visitor over every function's body cost a third of a
    # prompt-heavy run.
    calls = _Calls()
    calls.walk(node)
    return calls.found


def _shrinks(stmt: cst.BaseSmallStatement, counted: set[str]) -> bool:
    """The statement drops or rewrites an item of the counted list or of a history:
    `hist[i] = ...`, `del hist[...]`, `self.clear_history(...)`."""

    def trimmed(expr: cst.BaseExpression) -> bool:
        name = dotted(expr)
        return name is not None and (name in counted or _names_history(name))

    if isinstance(stmt, cst.Assign):
        # `hist[i] = ...`, or the history bound again without its first items
        # (`inputs["chat_history"] = chat_history[2:]`).
        return any(
            isinstance(t.target, cst.Subscript) and trimmed(t.target.value) for t in stmt.targets
        ) or (_head_cut(stmt.value) and trimmed(stmt.value.value))
    if isinstance(stmt, cst.Del):
        target = stmt.target
        return isinstance(target, cst.Subscript) and trimmed(target.value)
    if isinstance(stmt, cst.Expr) and isinstance(stmt.value, cst.Call):
        # `self.clear_history(first, last)`: a method that says it shrinks a history
        # (`.pop(0)` on the list itself is reported where the list's events are).
        func = stmt.value.func
        if not isinstance(func, cst.Attribute):
            return False
        if _drops_inner(stmt.value) and trimmed(func.value):
            return True
        words = func.attr.value.lower().split("_")
        return words[0] in _SHRINK_VERBS and any(_names_history(w) for w in words[1:])
    return False


def _head_cut(value: cst.BaseExpression) -> TypeGuard[cst.Subscript]:
    """`hist[2:]`, `hist[-n:]`: the list without its first items."""
    if not (isinstance(value, cst.Subscript) and len(value.slice) == 1):
        return False
    sl = value.slice[0].slice
    return (
        isinstance(sl, cst.Slice)
        and sl.lower is not None
        and sl.upper is None
        and sl.step is None
        and not (isinstance(sl.lower, cst.Integer) and sl.lower.value == "0")
    )


def _drops_inner(call: cst.Call) -> bool:
    """`msgs.pop(len(msgs) // 2)`, `msgs.pop(i)`, `msgs.remove(m)`: an item other than the
    newest is taken out (`pop()` and `pop(-1)` drop the newest, which keeps the prefix;
    `pop(0)` is reported where the list's events are)."""
    func = call.func
    if not isinstance(func, cst.Attribute) or len(call.args) != 1:
        return False
    if func.attr.value == "remove":
        return True
    if func.attr.value != "pop":
        return False
    arg = call.args[0].value
    if isinstance(arg, cst.Integer):
        return False  # `pop(0)`: an event of the list
    return not (
        isinstance(arg, cst.UnaryOperation)
        and isinstance(arg.operator, cst.Minus)
        and isinstance(arg.expression, cst.Integer)
    )


def _writes_field(stmt: cst.BaseSmallStatement) -> bool:
    """`entry["content"] = ...`, `msg.content = ...`: an item rewritten in place."""
    return isinstance(stmt, cst.Assign) and any(
        isinstance(t.target, (cst.Subscript, cst.Attribute)) for t in stmt.targets
    )


# ---- the latest message re-rendered for this request only ----------------------------

# Fields of a message that hold what it says (`m.content`, `m["content"]`).
_TEXT_FIELDS = frozenset({"content", "text", "parts"})


def _last_item_of(target: cst.BaseExpression) -> str | None:
    """`msgs[-1]`, `msgs[-1].content`, `msgs[-1]["content"]`: the list (`msgs`) whose last
    item the target is, or None."""
    if (isinstance(target, cst.Attribute) and target.attr.value in _TEXT_FIELDS) or (
        isinstance(target, cst.Subscript)
        and len(target.slice) == 1
        and isinstance(target.slice[0].slice, cst.Index)
        and isinstance(target.slice[0].slice.value, cst.SimpleString)
        and string_value(target.slice[0].slice.value) in _TEXT_FIELDS
    ):
        target = target.value
    if not (isinstance(target, cst.Subscript) and len(target.slice) == 1):
        return None
    index = target.slice[0].slice
    if not _is_minus_one(index):
        return None
    return dotted(target.value)


class _LatestScan(Walker):
    """One function's body in source order (nested functions apart): what it assigns,
    the rewrites of a list's last item outside any loop, and where names leave it."""

    def __init__(self) -> None:
        self.step = 0
        self.loops = 0
        self.assigned: list[tuple[int, str, cst.BaseExpression]] = []
        self.rewrites: list[tuple[int, cst.CSTNode, str, cst.BaseExpression, bool]] = []
        self.leaves: list[tuple[int, set[str]]] = []  # returned, yielded or passed on

    def visit_FunctionDef(self, node: cst.FunctionDef) -> bool:
        return False

    def visit_ClassDef(self, node: cst.ClassDef) -> bool:
        return False

    def visit_Lambda(self, node: cst.Lambda) -> bool:
        return False

    def visit_For(self, node: cst.For) -> None:
        self.loops += 1

    def leave_For(self, node: cst.For) -> None:
        self.loops -= 1

    def visit_While(self, node: cst.While) -> None:
        self.loops += 1

    def leave_While(self, node: cst.While) -> None:
        self.loops -= 1

    def visit_Assign(self, node: cst.Assign) -> None:
        self.step += 1
        for t in node.targets:
            name = dotted(t.target)
            if name is not None:
                self.assigned.append((self.step, name, node.value))

    # A rewrite counts from where its statement ends: the calls in its own value come first.
    def leave_Assign(self, node: cst.Assign) -> None:
        self.step += 1
        for t in node.targets:
            listed = _last_item_of(t.target)
            if listed is not None and not self.loops:
                self.rewrites.append((self.step, node, listed, node.value, False))

    def leave_AugAssign(self, node: cst.AugAssign) -> None:
        self.step += 1
        listed = _last_item_of(node.target)
        if listed is not None and not self.loops and isinstance(node.operator, cst.AddAssign):
            self.rewrites.append((self.step, node, listed, node.value, True))

    def visit_Return(self, node: cst.Return) -> None:
        self.step += 1
        if node.value is not None:
            self.leaves.append((self.step, {n.value for n in _names_in(node.value)}))

    def visit_Yield(self, node: cst.Yield) -> None:
        self.step += 1
        if isinstance(node.value, cst.BaseExpression):
            self.leaves.append((self.step, {n.value for n in _names_in(node.value)}))

    def visit_Call(self, node: cst.Call) -> None:
        self.step += 1
        if (dotted(node.func) or "") in _READERS:
            return
        names = {n.value for a in node.args for n in _names_in(a.value)}
        self.leaves.append((self.step, names))


class _LatestOnly(Walker):
    """`turns[-1].content = PROMPT.format(query=turns[-1].content)`: the last message of a
    list this function made (a copy of the history, or a list it built) is re-rendered
    from its own text, outside any loop, and the list is then sent or handed back. The next request sends that message
    as an earlier turn without the decoration, so the previous request's prefix is gone.
    A list the caller gave and that is changed in place is the caller's own history (the
    change is kept); a rewrite in a loop merges or streams; a `cache_control` marker moves
    by design."""

    def __init__(self, module: cst.Module) -> None:
        self.found: list[cst.CSTNode] = []
        self._module = module
        self._helpers: dict[str, list[cst.FunctionDef]] | None = None

    def visit_FunctionDef(self, node: cst.FunctionDef) -> None:
        scan = _LatestScan()
        scan.walk(node.body)
        for step, stmt, listed, value, added in scan.rewrites:
            if _latest_only(scan, step, stmt, listed, value, added) or (
                not added and _rendered_by_helper(scan, step, stmt, listed, value, self.helpers())
            ):
                self.found.append(stmt)

    def helpers(self) -> dict[str, list[cst.FunctionDef]]:
        """The module's functions and methods by name (read once, when first needed)."""
        if self._helpers is None:
            found: dict[str, list[cst.FunctionDef]] = {}

            class _Defs(Walker):
                def visit_FunctionDef(self, fn: cst.FunctionDef) -> None:
                    found.setdefault(fn.name.value, []).append(fn)

            _Defs().walk(self._module)
            self._helpers = found
        return self._helpers


def _rendered_by_helper(
    scan: _LatestScan,
    step: int,
    stmt: cst.CSTNode,
    listed: str,
    value: cst.BaseExpression,
    helpers: dict[str, list[cst.FunctionDef]],
) -> bool:
    """`prepared = self._prepare(messages)`, then `prepared[-1]["content"] =
    self._with_context(messages, found)`, where the helper of this module returns text
    made around `messages[-1]`: the last message re-rendered from its own text, by a helper
    given the list this one was made from, and the list then sent or handed back."""
    if "cache_control" in _code(stmt) or not isinstance(value, cst.Call):
        return False
    made = [v for s, name, v in scan.assigned if name == listed and s < step]
    sources = {n for v in made for n in _dotted_in(v) if _names_history(n) and n != listed}
    if not sources:
        return False  # the caller's list, changed in place: the change is kept
    func = value.func
    name = func.attr.value if isinstance(func, cst.Attribute) else dotted(func)
    for helper in helpers.get(name or "", []):
        params = [p.name.value for p in helper.params.params if p.name.value not in ("self", "cls")]
        bound = {
            (a.keyword.value if a.keyword else params[i] if i < len(params) else ""): a.value
            for i, a in enumerate(value.args)
            if not a.star
        }
        given = [p for p, v in bound.items() if p and dotted(v) in sources]
        returns = _collect(helper.body).returns
        if any(
            r.value is not None
            and _adds_text(r.value)
            and any(f"{p}[-1]" in _code(r.value) for p in given)
            for r in returns
        ):
            root = listed.split(".", 1)[0]
            return any(s > step and root in names for s, names in scan.leaves)
    return False


def _latest_only(
    scan: _LatestScan,
    step: int,
    stmt: cst.CSTNode,
    listed: str,
    value: cst.BaseExpression,
    added: bool,
) -> bool:
    if "cache_control" in _code(stmt):
        return False
    made = [v for s, name, v in scan.assigned if name == listed and s < step]
    if not made:
        return False  # the caller's list, changed in place: the change is kept
    if not (_names_history(listed) or any(_names_history(n) for v in made for n in _dotted_in(v))):
        return False
    if added or not _reads_last(scan, step, listed, value):
        # Replaced by other text, not the same message re-rendered; `msgs[-1]["content"] +=
        # note` in a client wrapper is as often a request whose last message is new every
        # time (the history kept as text inside it), which the wrapper cannot tell.
        return False
    root = listed.split(".", 1)[0]
    return any(s > step and root in names for s, names in scan.leaves)


def _reads_last(scan: _LatestScan, step: int, listed: str, value: cst.BaseExpression) -> bool:
    """The new value is made from the last item's own text: it reads `listed[-1]`
    directly or through locals assigned from it (`final = msgs[-1]`, `text = final[...]`)."""
    mark = f"{listed}[-1]"
    derived: set[str] = set()
    made: list[cst.BaseExpression] = []
    for s, name, v in scan.assigned:
        if s >= step or "." in name:
            continue
        if mark in _code(v) or any(n.value in derived for n in _names_in(v)):
            derived.add(name)
            made.append(v)
    if not (mark in _code(value) or any(n.value in derived for n in _names_in(value))):
        return False
    # Text added around it (a template, an f-string, a concatenation), not a word swapped
    # (`.replace("assistant", "ai")` keeps the turn what it was).
    return any(_adds_text(v) for v in (value, *made))


def _adds_text(node: cst.CSTNode) -> bool:
    adds = _Adds()
    adds.walk(node)
    return adds.found


class _Adds(Walker):
    def __init__(self) -> None:
        self.found = False

    def visit_FormattedString(self, n: cst.FormattedString) -> None:
        self.found = True

    def visit_BinaryOperation(self, n: cst.BinaryOperation) -> None:
        self.found = self.found or isinstance(n.operator, cst.Add)

    def visit_Call(self, n: cst.Call) -> None:
        format_call = isinstance(n.func, cst.Attribute) and n.func.attr.value == "format"
        self.found = self.found or format_call


def _dotted_in(node: cst.CSTNode) -> list[str]:
    """The dotted names read in `node` (`self.cur_messages`, `history`)."""
    names = _Dotted()
    names.walk(node)
    return names.found


class _Dotted(Walker):
    def __init__(self) -> None:
        self.found: list[str] = []

    def visit_Attribute(self, attr: cst.Attribute) -> bool:
        name = dotted(attr)
        if name is not None:
            self.found.append(name)
            return False
        return True

    def visit_Name(self, name: cst.Name) -> None:
        self.found.append(name.value)


# ---- a message placed only while the conversation is short ---------------------------


class _WhileShort(Walker):
    """`msgs = [system, intro, *history[:-1]]`, then `if len(history) <= 2:
    msgs.append(hint)`: the list sent is built again from the history on every request,
    and a message goes into it only while the history is short (`<`, `<=`, `==` against a
    number, `not history`). The turn the history grows past that, the message is gone
    from the middle of what the previous request sent. Not a list kept between requests
    (`self.messages` appended to once, while empty: it stays)."""

    def __init__(self, bodies: _Bodies) -> None:
        self._collected = bodies
        self.found: list[cst.Call] = []

    def visit_FunctionDef(self, node: cst.FunctionDef) -> None:
        found = self._collected.of(node.body)
        rebuilt: dict[str, str] = {}  # list built here -> the history it holds
        for stmt in found.simple:
            if isinstance(stmt, cst.Assign) and len(stmt.targets) == 1:
                target = dotted(stmt.targets[0].target)
                held = _history_spread_in(stmt.value)
                if target is not None and held is not None:
                    rebuilt[target] = held
        if not rebuilt:
            return
        for test_if in found.ifs:
            measured = _short_while(test_if.test)
            if measured is None:
                continue
            for call in _calls_in(test_if.body):
                func = call.func
                if not (
                    isinstance(func, cst.Attribute) and func.attr.value in ("append", "insert")
                ):
                    continue
                listed = dotted(func.value)
                if listed in rebuilt and measured in (listed, rebuilt[listed]):
                    self.found.append(call)


def _history_spread_in(value: cst.BaseExpression) -> str | None:
    """`[a, b, *history[:-1]]`: the history a list display unpacks (whole or sliced)."""
    if not isinstance(value, cst.List):
        return None
    for el in value.elements:
        if not isinstance(el, cst.StarredElement):
            continue
        inner = el.value
        if isinstance(inner, cst.Subscript):
            inner = inner.value
        name = dotted(inner)
        if name is not None and _names_history(name):
            return name
    return None


def _short_while(test: cst.BaseExpression) -> str | None:
    """The list whose shortness `test` checks: `len(h) <= 2`, `len(h) == 1`, `len(h) < 3`,
    `not h`."""
    if isinstance(test, cst.UnaryOperation) and isinstance(test.operator, cst.Not):
        return dotted(test.expression)
    if not (isinstance(test, cst.Comparison) and len(test.comparisons) == 1):
        return None
    left, comp = test.left, test.comparisons[0]
    if not isinstance(comp.operator, (cst.LessThan, cst.LessThanEqual, cst.Equal)):
        return None
    if not isinstance(comp.comparator, cst.Integer):
        return None
    if isinstance(left, cst.Call) and dotted(left.func) == "len" and len(left.args) == 1:
        return dotted(left.args[0].value)
    return None


# ---- a window stored back in place, or written to the store the history is read from --

# Calls that write a value to where the next request reads the history back from.
_PERSISTS = frozenset({"json.dump", "pickle.dump", "yaml.dump", "yaml.safe_dump"})


class _StoredWindows(Walker):
    """`messages[:] = messages[trim:]` with `trim = len(messages) - self.window_size`, and
    `kept = h[:1] + h[1 + max(0, len(h) - self.length):]` written with `json.dump(kept, f)`:
    the newest items of a history, counted back from its end, stored in place of the
    history (the list itself, or the file it is read from next turn). Run on every turn
    once the history is long enough, the oldest kept turn goes each time."""

    def __init__(self, bodies: _Bodies) -> None:
        self._collected = bodies
        self.found: list[tuple[cst.Subscript, bool]] = []  # (slice, over grouped turns)

    def visit_FunctionDef(self, node: cst.FunctionDef) -> None:
        found = self._collected.of(node.body)
        starts: dict[str, list[cst.BaseExpression]] = {}
        for stmt in found.simple:
            if isinstance(stmt, cst.Assign):
                for t in stmt.targets:
                    if isinstance(t.target, cst.Name):
                        starts.setdefault(t.target.value, []).append(stmt.value)
        persisted = {
            n.value
            for call in _calls_in(node.body)
            if (dotted(call.func) or "") in _PERSISTS and call.args
            for n in _names_in(call.args[0].value)
        }
        for stmt in found.simple:
            if not (isinstance(stmt, cst.Assign) and len(stmt.targets) == 1):
                continue
            target = stmt.targets[0].target
            for part in _concatenated(stmt.value):
                listed = _newest_slice_of(part, starts)
                if listed is None or not _names_history(listed):
                    continue
                in_place = (
                    isinstance(target, cst.Subscript)
                    and dotted(target.value) == listed
                    and _whole_slice(target)
                )
                written = isinstance(target, cst.Name) and target.value in persisted
                if in_place or written:
                    assert isinstance(part, cst.Subscript)
                    self.found.append((part, False))
            if isinstance(target, cst.Attribute):
                for part in _kept_back_into(stmt.value, target, starts):
                    self.found.append((part, False))
            if isinstance(target, cst.Subscript):
                for part in _concatenated(stmt.value):
                    if _kept_back_into_entry(part, target, starts):
                        assert isinstance(part, cst.Subscript)
                        self.found.append((part, False))
            # `runs = runs[-n:]`, then every message of those runs collected into the
            # history handed back: a window over the turns, grouped.
            if (
                isinstance(target, cst.Name)
                and _newest_slice_of(stmt.value, starts)
                and _flattened_into_returned(found, target.value)
            ):
                assert isinstance(stmt.value, cst.Subscript)
                self.found.append((stmt.value, True))


def _kept_back_into(
    value: cst.BaseExpression,
    target: cst.Attribute,
    starts: dict[str, list[cst.BaseExpression]],
) -> list[cst.Subscript]:
    """`history = self.messages; ...; kept = history[cut:]; kept = [system, *kept];
    self.messages = kept`: the newest items of the history an object keeps, stored back
    into that attribute (through locals, with a kept head), where `cut` is counted back
    from the end or found by a helper given the history and a count
    (`cut = find_cut(history, self.target_count)`). Not with a summary among the kept
    items: a compaction."""
    held = dotted(target)
    if held is None or not _names_history(held):
        return []
    aliases = {held} | {
        name for name, values in starts.items() if any(dotted(v) == held for v in values)
    }
    found: list[cst.Subscript] = []
    seen: set[str] = set()

    def visit(expr: cst.BaseExpression) -> None:
        if isinstance(expr, cst.Name):
            if expr.value in seen or expr.value in aliases:
                return
            seen.add(expr.value)
            for v in starts.get(expr.value, []):
                visit(v)
            return
        if "summar" in _code(expr).lower():
            return
        if isinstance(expr, (cst.List, cst.Tuple)):
            for el in expr.elements:
                visit(el.value)
            return
        for part in _concatenated(expr):
            if part is not expr:
                visit(part)
            elif isinstance(part, cst.Subscript):
                listed = dotted(part.value)
                if (
                    listed in aliases
                    and _cut_at_computed_index(part)
                    and (_newest_slice_of(part, starts) or _cut_found_by_helper(part, starts))
                ):
                    found.append(part)

    if "summar" not in _code(value).lower():
        visit(value)
    return found


# Calls that open a chat session from the turns it is handed (`history=`): every later
# message of the session is sent after them (google-genai's `client.chats.create`, the older
# `model.start_chat`).
_SESSION_STARTS = frozenset({"start_chat"})


def _session_window(call: cst.Call) -> cst.Subscript | None:
    """`client.chats.create(model=m, history=history[-8:])`: a chat session started again
    from the newest turns of a history."""
    func = call.func
    if not isinstance(func, cst.Attribute):
        return None
    owner = func.value.attr.value if isinstance(func.value, cst.Attribute) else ""
    if not (
        func.attr.value in _SESSION_STARTS or (owner == "chats" and func.attr.value == "create")
    ):
        return None
    value = keyword_value(call, "history")
    if not isinstance(value, cst.Subscript):
        return None
    listed = _newest_slice_of(value, {})
    return value if listed is not None and _names_history(listed) else None


def _kept_back_into_entry(
    part: cst.BaseExpression,
    target: cst.Subscript,
    starts: dict[str, list[cst.BaseExpression]],
) -> bool:
    """`self.chats[cid] = self.chats[cid][-n:]`, or `history = self.chats.get(cid, [])`
    ... `self.chats[cid] = history[-n:]`: the history of one chat (session, user) in a
    store of histories by key, stored back as its newest items into the entry it is read
    from. The next turn reads the cut history, so once it is full each turn drops the
    oldest kept one (`self.chats[cid] = [...]`, a reset, or a window kept in another
    store are not this)."""
    entry = _entry_of(target)
    if entry is None or not isinstance(part, cst.Subscript) or len(part.slice) != 1:
        return False
    sl = part.slice[0].slice
    if not (isinstance(sl, cst.Slice) and sl.upper is None and sl.step is None):
        return False
    lower = sl.lower
    bounds = starts.get(lower.value, []) if isinstance(lower, cst.Name) else [lower]
    if not any(
        isinstance(b, cst.UnaryOperation) and isinstance(b.operator, cst.Minus) for b in bounds
    ):
        return False  # counted back from the end: the newest items
    store = entry[0]
    if not (_names_history(store) or _names_histories(store)):
        return False
    cut = part.value
    if _entry_of(cut) == entry:
        return True
    if not isinstance(cut, cst.Name):
        return False
    return any(
        _entry_of(v) == entry or _entry_read(v) == entry
        for start in starts.get(cut.value, [])
        for v in _either_value(start)
    )


def _names_histories(name: str) -> bool:
    """`self.conversations`, `chat_histories`: a store of many histories, by its plural."""
    last = name.split(".")[-1].lower()
    return _names_history(last[:-3] + "y" if last.endswith("ies") else last.removesuffix("s"))


def _either_value(expr: cst.BaseExpression) -> list[cst.BaseExpression]:
    """`a if test else b`: both values; anything else: itself."""
    if isinstance(expr, cst.IfExp):
        return [*_either_value(expr.body), *_either_value(expr.orelse)]
    return [expr]


def _entry_of(expr: cst.BaseExpression) -> tuple[str, str] | None:
    """`self.chats[cid]`: the store (`self.chats`) and the key (`cid`) of an entry kept by
    a key that varies (one chat, session or user of many); not a position (`messages[0]`,
    `messages[-1]`), nor a fixed field of one record (`loss_history["train"]`)."""
    if not (isinstance(expr, cst.Subscript) and len(expr.slice) == 1):
        return None
    index = expr.slice[0].slice
    if not isinstance(index, cst.Index) or not isinstance(index.value, (cst.Name, cst.Attribute)):
        return None
    store = dotted(expr.value)
    return (store, _code(index.value).strip()) if store is not None else None


def _entry_read(expr: cst.BaseExpression) -> tuple[str, str] | None:
    """`self.chats.get(cid, [])`: the entry a read by key takes."""
    if not (
        isinstance(expr, cst.Call)
        and isinstance(expr.func, cst.Attribute)
        and expr.func.attr.value == "get"
        and expr.args
    ):
        return None
    store = dotted(expr.func.value)
    return (store, _code(expr.args[0].value).strip()) if store is not None else None


def _cut_at_computed_index(part: cst.Subscript) -> bool:
    """`h[cut:]` with `cut` a local the function computes: a reducer's cut. A fixed count
    (`self.log = self.log[-self.max_items:]`) is as often a buffer the object shows or
    scans (events, a widget's lines) as the history it sends; the request that reads it
    says which (see the windows by meaning)."""
    sl = part.slice[0].slice if len(part.slice) == 1 else None
    return isinstance(sl, cst.Slice) and isinstance(sl.lower, cst.Name)


def _cut_found_by_helper(part: cst.Subscript, starts: dict[str, list[cst.BaseExpression]]) -> bool:
    """`h[cut:]` with `cut = helper(h, n)`: an index a helper finds in the history itself,
    given it and a count."""
    sl = part.slice[0].slice if len(part.slice) == 1 else None
    if not isinstance(sl, cst.Slice) or sl.upper is not None or not isinstance(sl.lower, cst.Name):
        return False
    listed = dotted(part.value)
    for start in starts.get(sl.lower.value, []):
        if (
            isinstance(start, cst.Call)
            and len(start.args) >= 2
            and any(dotted(a.value) == listed for a in start.args)
        ):
            return True
    return False


def _flattened_into_returned(found: _Collect, window: str) -> bool:
    """A loop over `window` appends to a list named for messages that the function
    returns."""
    returned = {
        n.value
        for r in found.returns
        if r.value is not None and _returns_list(r.value)  # not text made of it
        for n in _names_in(r.value)
    }
    for loop in found.loops:
        if dotted(loop.iter) != window:
            continue
        for call in _calls_in(loop.body):
            func = call.func
            if not (isinstance(func, cst.Attribute) and func.attr.value in ("append", "extend")):
                continue
            listed = dotted(func.value)
            if listed is not None and _names_history(listed) and listed in returned:
                return True
    return False


def _concatenated(value: cst.BaseExpression) -> list[cst.BaseExpression]:
    """`a + b + c`: its parts; anything else: itself."""
    if isinstance(value, cst.BinaryOperation) and isinstance(value.operator, cst.Add):
        return [*_concatenated(value.left), *_concatenated(value.right)]
    return [value]


def _newest_slice_of(
    part: cst.BaseExpression, starts: dict[str, list[cst.BaseExpression]]
) -> str | None:
    """`h[-n:]`, `h[1 + max(0, len(h) - n):]`, `h[trim:]` with `trim = len(h) - n` in the
    function: the list `h` whose newest items the slice keeps."""
    if not (isinstance(part, cst.Subscript) and len(part.slice) == 1):
        return None
    sl = part.slice[0].slice
    if not isinstance(sl, cst.Slice) or sl.upper is not None or sl.lower is None:
        return None
    listed = dotted(part.value)
    if listed is None:
        return None
    lower = sl.lower
    candidates = [lower]
    if isinstance(lower, cst.Name):
        candidates = starts.get(lower.value, [])
    for start in candidates:
        if isinstance(start, cst.UnaryOperation) and isinstance(start.operator, cst.Minus):
            return listed
        if _counts_back(start, listed):
            return listed
    return None


def _counts_back(expr: cst.BaseExpression, listed: str) -> bool:
    """`len(h) - n` somewhere in `expr` (`1 + max(0, len(h) - n)`, `2 if ... else len(h) - n`)."""
    counts = _CountsBack(listed)
    counts.walk(expr)
    return counts.found


class _CountsBack(Walker):
    def __init__(self, listed: str) -> None:
        self.listed = listed
        self.found = False

    def visit_BinaryOperation(self, node: cst.BinaryOperation) -> None:
        left = node.left
        if (
            isinstance(node.operator, cst.Subtract)
            and isinstance(left, cst.Call)
            and dotted(left.func) == "len"
            and left.args
            and dotted(left.args[0].value) == self.listed
        ):
            self.found = True


def _whole_slice(target: cst.Subscript) -> bool:
    """`h[:]`."""
    if len(target.slice) != 1:
        return False
    sl = target.slice[0].slice
    return isinstance(sl, cst.Slice) and sl.lower is None and sl.upper is None and sl.step is None


# ---- a newest-first index walk that stops at a budget ---------------------------------


class _NewestFirstWalks(Walker):
    """`k = len(h) - 1; while k > -1: msg = h[k]; if left == 0: break; ...; k -= 1`: the
    newest items of the history taken back to a budget (turns left, tokens), as the `for`
    loop over `reversed(h)` that breaks on a token test is. Run on every request, the
    oldest kept turn drops each time the history grows past the budget."""

    def __init__(self, bodies: _Bodies) -> None:
        self._collected = bodies
        self.found: list[cst.While] = []
        self._starts: list[dict[str, str]] = []
        self._params: list[set[str]] = []

    def visit_FunctionDef(self, node: cst.FunctionDef) -> None:
        starts: dict[str, str] = {}
        for stmt in _simple_statements(node.body):
            if (
                isinstance(stmt, cst.Assign)
                and len(stmt.targets) == 1
                and isinstance(stmt.targets[0].target, cst.Name)
            ):
                listed = _last_index_of(stmt.value)
                if listed is not None:
                    starts[stmt.targets[0].target.value] = listed
        self._starts.append(starts)
        params = [*node.params.posonly_params, *node.params.params, *node.params.kwonly_params]
        self._params.append({p.name.value for p in params if _holds_items(p)})

    def leave_FunctionDef(self, node: cst.FunctionDef) -> None:
        self._starts.pop()
        self._params.pop()

    def visit_While(self, node: cst.While) -> None:
        if not self._starts or not isinstance(node.test, cst.Comparison):
            return
        index = node.test.left
        if not isinstance(index, cst.Name) or index.value not in self._starts[-1]:
            return
        listed = self._starts[-1][index.value]
        if not (_names_history(listed) or listed in self._params[-1]):
            return
        body = self._collected.of(node.body)
        steps = {
            s.target.value: s.operator
            for s in body.simple
            if isinstance(s, cst.AugAssign) and isinstance(s.target, cst.Name)
        }
        if not isinstance(steps.get(index.value), cst.SubtractAssign):
            return  # not walking back from the newest item
        if f"{listed}[{index.value}]" not in _code(node.body):
            return
        counters = set(steps) - {index.value}
        for test_if in body.ifs:
            if not _breaks(test_if):
                continue
            names = {n.value for n in _names_in(test_if.test)}
            if names & counters or any("token" in n.lower() for n in names):
                self.found.append(node)
                return


def _last_index_of(value: cst.BaseExpression) -> str | None:
    """`len(h) - 1`: the list `h` whose last index it is."""
    if (
        isinstance(value, cst.BinaryOperation)
        and isinstance(value.operator, cst.Subtract)
        and isinstance(value.left, cst.Call)
        and dotted(value.left.func) == "len"
        and value.left.args
        and isinstance(value.right, cst.Integer)
        and value.right.value == "1"
    ):
        return dotted(value.left.args[0].value)
    return None


def _breaks(test_if: cst.If) -> bool:
    """`if ...: break` (its first branch ends the loop)."""
    body = test_if.body
    if not isinstance(body, cst.IndentedBlock) or not body.body:
        return False
    first = body.body[0]
    return isinstance(first, cst.SimpleStatementLine) and any(
        isinstance(s, cst.Break) for s in first.body
    )


def _window_memories(ctx: PythonContext) -> list[tuple[cst.Call, str]]:
    """LangChain's windowed memories made here (`ConversationBufferWindowMemory(k=10)`),
    with what each keeps: the memory's only use is to fill a chain's history."""
    out: list[tuple[cst.Call, str]] = []
    for site in ctx.index.calls:
        call = site.node
        assert isinstance(call, cst.Call)
        qname = ctx.evaluator.qualname(call.func) or ""
        head, _, name = qname.rpartition(".")
        if name in WINDOW_MEMORIES and head.startswith("langchain"):
            out.append((call, WINDOW_MEMORIES[name]))
    return out
