import re
from collections.abc import Sequence
from dataclasses import replace

import libcst as cst

from promptlint.check.config import CHARS_PER_TOKEN
from promptlint.check.rule import Invalid, Valid
from promptlint.findings import Severity
from promptlint.python import catalogue as cat
from promptlint.python.frontend import PythonContext, PythonRule
from promptlint.python.index import Scope, prepended, string_value
from promptlint.python.rendered import mustache_render, rendered_template, shown
from promptlint.python.requests import Block
from promptlint.python.values import (
    CALLER,
    STATE,
    UNORDERED,
    VOLATILE,
    Dyn,
    Part,
    Taint,
    Val,
    static_text,
)

# Static text after the per-request value worth caching: about 50 tokens.
LONG_STATIC_CHARS = 200
# In a one-shot request (the value sits in the final user turn) only the template's static
# text is reusable: a closing line or two after the input is not worth a reorder, a body of
# instructions is, from `one-shot-min-tokens` (default 1024 tokens, about 4,000 characters:
# the hosted APIs cache nothing shorter).
# The examples of one-shot templates are checked as for an engine that caches every block
# (vLLM), where a paragraph of instructions is worth moving ahead of the inputs.
ENGINE_BLOCKS = (("one-shot-min-tokens", 100),)
_POLICY = "Follow the refund policy. " * 12
_GUIDE = "Check each claim against the sources and name the source that supports it. " * 110
# The project's own client wrapper of two examples: `msg` is the final user message.
_ASK = f'''            from openai import OpenAI
            client = OpenAI()

            def ask(msg, system_message, msg_history=None):
                if msg_history is None:
                    msg_history = []
                messages = [
                    {{"role": "system", "content": system_message}},
                    *msg_history,
                    {{"role": "user", "content": msg}},
                ]
                return client.chat.completions.create(model="gpt-4o", messages=messages)

            IDEA_PROMPT = """Ideas so far:\\n{{prev_ideas}}\\n{_POLICY}{_POLICY}"""'''


class DynamicBeforeStatic(PythonRule):
    """
    ## What it does
    Checks for per-request caller data (function parameters, fields of a request or user
    object) interpolated *before* long static text in a system prompt, instructions or the
    first message.

    In a one-shot request, where the value sits in the only (final) user message, in the
    system text of a request whose messages are all written out in the call
    (`messages=[{"role": "system", ...}, {"role": "user", "content": question}]`: no
    history follows it, so it is sent once per input), or in prompt text known by its name
    (`*_prompt` variables, `generate_*_prompt()` returns) whose request is elsewhere, the
    static text after it counts from the cache's minimum (the threshold below) with one
    stretch of at least 200 characters between inputs: a closing line, or the
    tags around each input, are not worth a reorder, and most of the static text must come
    after the value (what comes before it is already a reusable prefix). Only the first
    per-request value of a text is reported: the prefix ends there. A prompt function that
    returns its texts together (`return [system_text, query_text]`) has each judged so. A
    parameter named as a prompt part (`question_description`) of a prompt function, which
    every call in the project fills with static text (a constant, an entry of a table of
    prompts), is that static text: configuration, not per-request data, so the task and the
    action history placed ahead of it are what breaks the prefix. A text handed to the
    project's own client wrapper (a function that sends one of its parameters as the final
    user message of a request) is a one-shot message too, unless the call passes a
    conversation along (an argument named like history that is not empty, or is set again
    by the loop around the call). So is the user message of a message list a function
    returns with only system messages before it (`return [Message(role="system", ...),
    Message(role="user", content=f"...")]`): no conversation comes with it. Text handed to
    a method named for setting the system message (`builder.add_system_message(text)`) is
    system text, whatever request the builder ends in. Text read from a file (`f.read()` of `with open(path) as
    f`, `json.load(f)`, `Path(path).read_text()`) is static wherever the path comes from.
    A list or text read inside a loop that grows it later in the same pass (the archive of
    answers so far, appended after each request) is per-request: each pass sends more.
    A module-level table or list that a module function changes in place
    (`file_contents[path] = text`, `notes.append(note)`, or binds again under `global`),
    where some function calls that function, is the running program's state: it differs
    between the requests of one run (a registry that a decorator fills at import, and a
    table named for configuration, `_config` set by `set_config()`, are configuration; a
    history kept so is judged by PL301). A prompt text the function writes to a file
    (`file.write(prompt)`, `path.write_text(prompt)`) is a prompt file generated once:
    what filled it is fixed in the file, static where the file is read, and the function's
    callers get it as static text too. A field of a parameter named like configuration
    (`context["entity_types"]`, `ctx["system_prompt"]`) is configuration, as a parameter
    of that name is.

    A template formatted with `TEMPLATE.format(...)` is read with the values passed, and
    the value is reported at the argument that fills the placeholder. A template handed in
    as configuration (`system_prompt: str = ANSWER_PROMPT`, `self.system_prompt =
    system_prompt or ANSWER_PROMPT`) is read from its default, and the constructor's other
    options with literal defaults (`answer_style="one paragraph"`) are the object's
    configuration, not per-request data: retrieved documents formatted into the middle of
    a system prompt are what breaks its prefix.

    A Jinja template rendered from Python (`env.from_string(TEXT).render(...)`,
    `Template(TEXT)`, `env.get_template(NAME)`, with TEXT a literal or read with
    `open(PATH).read()` / `Path(PATH).read_text()`) is read the same way, with the values
    the render call passes: a per-request value printed ahead of most of the template's
    static text is reported at the render call, naming the template line. The threshold is
    the minimum of the cache the request goes to, where the code says which: the SDK's own
    address or a literal one (`OpenAI()`, `Anthropic(base_url="https://...")`) and a literal
    model give the provider's per-model minimum (1024 tokens at OpenAI, 4096 for Claude
    Haiku 4.5), a self-hosted engine (`OpenAI(base_url="http://gpu1:8000/v1")` with a model
    no provider serves, LiteLLM's `ollama/` or `hosted_vllm/` models) caches every full
    block, so 100 tokens count. Where the code does not say (a client handed in, an address
    from the settings, the project's own wrapper, a template rendered apart) it is 1024, the
    hosted APIs' minimum. `one-shot-min-tokens` (counted as 4 characters a token) sets one
    threshold for every request; some one-shot examples below are checked with 100.

    Ahead of the conversation history any length counts: a per-request parameter in the
    system text (a step, a budget, the context variables a callback reads) changes the
    text the whole history follows. Attributes of a parameter object (`agent.instructions`)
    are taken for configuration there. A text handed by keyword to the project's own client
    wrapper, which sends that parameter as the system text ahead of the conversation it is
    given (`self._call_model(messages=self.messages, system_prompt=text)`), is read so too,
    the text of every branch of the builder that made it included (the current page's
    `current_state.url` in the browser's instructions).

    A function named for the system message it builds (`get_system_message`,
    `build_system_prompt`, `format_state_for_system_message`) gives the system text of
    every run, and the conversation follows a system message. The configuration flags that
    switch its sections on (`if agent.add_memories_to_context:`) and the agent or team it
    describes are configuration; what a section puts in may not be: what is looked up for
    the request (`knowledge.search(...)`, `memory_manager.get_user_memories(...)`,
    `retriever.retrieve(...)`, `self.mem.run(...)`: a method named for a lookup or called on
    a memory, knowledge or retriever store, or the object's own accessor of its memory,
    `self.get_memory_context()`) and the conversation's state by name
    (`run_context.session_state`, `session.summary`) change between the runs of one
    conversation. A lookup is reported where it is made; what an `except` handler returns
    (the prompt unchanged when the search failed) is the builder's fallback, not its text,
    and a request id handed to the lookup to name the search is not in what it finds. So
    does a message that carries
    such a lookup and is inserted into the conversation ahead of its end
    (`messages.insert(1, memory_message)`, not at `len(messages)`, or put in front of it,
    `query.messages = [memory_message] + query.messages`): the history after it
    is sent again behind a message that changed. A system message rewritten on every pass
    of the loop that sends the conversation (`chat[0]["content"] =
    SYSTEM.replace("{{calls}}", calls_text)`) with what that loop adds to (the calls made
    so far) changes the text the growing history follows: reported where the text is
    made, also when the other branch of an `if` binds a fixed text (`else: calls_text =
    "None"`). A DSPy signature is the system message the adapter builds: a field added
    to it (`signature.append(f"action_{idx}", ...)`, `.prepend`, `.insert`) named from a
    parameter of the method that adds it (a step number; not in `__init__`, where the
    fields are the module's configuration) changes it on every call. A Mustache template rendered with
    `chevron.render(TEXT, data)` / `pystache.render` is read as a Jinja one is (a section
    `{{#name}}` is text that may not be printed).

    ## Why is this bad?
    The cache stores a prefix. Static instructions placed after a user name, a tenant id or
    a retrieved document differ from request to request only because of what precedes
    them, so they are recomputed every time. Put the stable part first and the
    per-request part last (OpenAI: "put static content at the beginning").

    ## Example
    ```python
    def system_for(user):
        return f"The user is {user.name}.\\n\\n{LONG_POLICY}"
    ```

    ## Use instead
    ```python
    def system_for(user):
        return f"{LONG_POLICY}\\n\\nThe user is {user.name}."
    ```

    ## Fix safety
    No automatic fix: reordering prompt text can change the model's behaviour.
    """

    CODE = "PL104"
    NAME = "dynamic-before-static"
    SEVERITY = Severity.WARNING
    MESSAGE = "per-request data placed before long static prompt text"

    VALID = [
        # The object's client wrapper, handed the system text by position, sends one
        # question after it and no kept conversation: the page at the end costs nothing.
        Valid(
            """
            from openai import AsyncOpenAI

            RUBRIC = "Grade the answer from 1 to 5. Explain every point you take off. " * 10

            class Grader:
                async def grade(self, state, answer):
                    system_prompt = f"{RUBRIC}\\nThe page graded: {state.url}"
                    return await self._call_model(self.model, system_prompt, answer)

                async def _call_model(self, model, system_prompt, answer):
                    return await AsyncOpenAI().responses.create(
                        model=model,
                        input=[{"role": "user", "content": answer}],
                        instructions=system_prompt,
                    )
            """
        ),
        # The memories found for this turn go into the user message, after the history.
        Valid(
            """
            import uuid

            class ContextEnhancer:
                async def enhance_user_message(self, user_message, user):
                    try:
                        context = ToolContext(user=user, request_id=str(uuid.uuid4()))
                        memories = await self.agent_memory.search_text_memories(
                            query=user_message, context=context, limit=5
                        )
                        notes = "".join(f"- {m.memory.content}\\n" for m in memories)
                        return f"{user_message}\\n\\nContext:\\n{notes}"
                    except Exception:
                        return user_message
            """
        ),
        # The fixed instructions put in front of the conversation: nothing looked up.
        Valid(
            """
            SYSTEM = "You answer questions about the user's files. Cite the file you used."

            def with_instructions(messages, summary):
                messages = [{"role": "system", "content": SYSTEM}] + messages
                return [*messages, {"role": "user", "content": summary}]
            """
        ),
        Valid(
            """
            from openai import OpenAI
            client = OpenAI()
            TAIL = "Answer with one word: CORRECT, INCORRECT or NOT_ATTEMPTED. " * 5

            def grade(question, answer):
                prompt = f"Question: {question}\\nAnswer: {answer}\\n{TAIL}"
                return client.chat.completions.create(
                    model="gpt-4o-mini", messages=[{"role": "user", "content": prompt}]
                )
            """
        ),
        Valid(
            f'''
            POLICY = """{_POLICY}"""

            def build_messages(user_name, question):
                return [
                    {{"role": "system", "content": POLICY + f"\\nThe customer is {{user_name}}."}},
                    {{"role": "user", "content": question}},
                ]
            '''
        ),
        Valid(
            """
            def build_messages(prompt_template, question):
                system = f"{prompt_template}\\n" + "Be concise and accurate in every answer you give. " * 6
                return [{"role": "system", "content": system}, {"role": "user", "content": question}]
            """
        ),
        Valid(
            f"""
            from pathlib import Path

            FENCES = {{".py": "python", ".js": "javascript"}}

            def review_prompt(filename, code):
                fence = FENCES.get(Path(filename).suffix, "text")
                return f"Review this {{fence}} file.\\n{_POLICY}{_POLICY}\\n```{{fence}}\\n{{code}}\\n```"
            """
        ),
        Valid(
            f'''
            from jinja2 import BaseLoader, Environment

            PROMPT = """{_POLICY}{_POLICY}
            The request: {{{{ prompt }}}}"""

            def render(prompt: str) -> str:
                return Environment(loader=BaseLoader()).from_string(PROMPT).render(prompt=prompt)
            '''
        ),
        Valid(
            f'''
            MERGE_PROMPT = """You merge the reports below into one answer.
            How to merge:
            {_POLICY}{_POLICY}
            Reports:
            {{reports}}"""

            class Merger:
                def __init__(self, model, merge_prompt: str = MERGE_PROMPT):
                    self.model = model
                    self.merge_prompt = merge_prompt

                async def reduce(self, query: str, reports: list[str]):
                    answer_prompt = self.merge_prompt.format(reports=" ".join(reports))
                    return await self.model.complete(system=answer_prompt, user=query)
            '''
        ),
        Valid(
            f'''
            from pathlib import Path

            SUMMARY_TEMPLATE = """You are {{persona}}. Write in {{language}}.
            {_POLICY}{_POLICY}"""

            def create_summary_prompt(persona, language, output_path: Path):
                prompt = SUMMARY_TEMPLATE.format(persona=persona, language=language)
                with (output_path / "summarize.txt").open("wb") as file:
                    file.write(prompt.encode("utf-8"))
                return prompt

            def generate_prompts(persona, language, output_path):
                summary_prompt = create_summary_prompt(persona, language, output_path)
                return summary_prompt
            '''
        ),
        # A system-message builder switched by the agent's settings: the flags and the
        # agent's attributes are configuration, and a pattern search is no lookup.
        Valid(
            """
            import re

            _VERSION = re.compile(r"v(\\d+)")

            def get_system_message(agent, session):
                content = f"{agent.description}\\n"
                if agent.markdown:
                    content += "Use markdown to format your answers.\\n"
                if agent.enable_agentic_memory:
                    content += "Use the `search_memories` tool to recall what the user told you.\\n"
                version = _VERSION.search(agent.model_id)
                if version:
                    content += f"You run on model version {version.group(1)}.\\n"
                return {"role": agent.system_message_role, "content": content}
            """
        ),
        # A callback made by a factory (an Agents SDK `instructions=` function) is made once
        # with the factory's parameters, and the instructions handed in as a callable give
        # the user's configured text: neither is per-request data.
        Valid(
            f'''
            RULES = """{_POLICY}{_POLICY}"""

            def make_instructions(capabilities, base_instructions):
                async def _instructions(run_context, agent):
                    base = base_instructions(run_context, agent)
                    skills = "\\n".join(c.name for c in capabilities)
                    return f"{{base}}\\nYou can use: {{skills}}\\n{{RULES}}"

                return _instructions
            '''
        ),
        # What is looked up for the question goes in the final user message, after the
        # history: the system text stays the same.
        Valid(
            """
            SYSTEM = "You answer from the references given with each question."

            def build_messages(knowledge, history, question):
                references = knowledge.search(query=question)
                return [
                    {"role": "system", "content": SYSTEM},
                    *history,
                    {"role": "user", "content": f"{question}\\n\\nReferences:\\n{references}"},
                ]
            """
        ),
        # The prompt function's guidance comes from its callers as a constant: the page's
        # elements come after it (and most of the static text is before them).
        Valid(
            f'''
            GUIDANCE = """{_POLICY}{_POLICY}"""
            FORMAT = "Answer with the letter of one element. " * 6

            def build_grounding_prompt(choices, guidance_description):
                text = guidance_description + "\\nThe elements:\\n"
                for letter, choice in choices:
                    text += f"{{letter}}. {{choice}}\\n"
                text += FORMAT
                return text

            def ground(choices):
                return build_grounding_prompt(choices, guidance_description=GUIDANCE)
            '''
        ),
        # A description a caller fills with per-request text is per-request too: the task
        # ahead of it is no break.
        Valid(
            f'''
            SYSTEM = """{_POLICY}"""

            def build_query_prompt(task, page_description):
                text = "Complete this task: " + task + "\\n"
                text += page_description
                return [SYSTEM, text]

            def step(task, page):
                return build_query_prompt(task, page_description=page.describe())
            '''
        ),
        # Text read from a file is static, whichever folder it comes from; the paper, the
        # per-request part, comes after the template's instructions.
        Valid(
            f'''
            import os
            from openai import OpenAI
            client = OpenAI()
            RULES = """{_POLICY}{_POLICY}"""

            def review(base_dir, paper):
                with open(os.path.join(base_dir, "task.txt")) as f:
                    task = f.read()
                return client.chat.completions.create(
                    model="gpt-4o",
                    messages=[{{"role": "user", "content": f"{{task}}\\n{{RULES}}\\nThe paper:\\n{{paper}}"}}],
                )
            '''
        ),
        # The project's own client wrapper, handed a conversation: the template is a turn
        # of it, not a one-shot request.
        Valid(
            f"""
{_ASK}

            def refine(archive, history):
                prev = "\\n".join(archive)
                return ask(IDEA_PROMPT.format(prev_ideas=prev), "You are a researcher.", msg_history=history)
            """
        ),
        # The notes are gathered in a loop and sent once after it: one request, not one
        # per pass.
        Valid(
            f'''
            from openai import OpenAI
            client = OpenAI()
            SUMMARY_PROMPT = """{_POLICY}{_POLICY}
            The notes:
            {{notes}}"""

            def summarise(pages):
                notes = []
                for page in pages:
                    notes.append(page.strip())
                prompt = SUMMARY_PROMPT.format(notes="\\n".join(notes))
                return client.chat.completions.create(
                    model="gpt-4o", messages=[{{"role": "user", "content": prompt}}]
                )
            '''
        ),
        Valid(
            f'''
            POLICY = """{_POLICY}"""

            def parser_messages(agent, run_response):
                system = agent.parser_model_prompt or "Turn the data into the schema."
                system += POLICY  # the agent's configured prompt first: configuration
                return [
                    {{"role": "system", "content": system}},
                    {{"role": "user", "content": run_response.content}},
                ]
            '''
        ),
        Valid(
            f"""
            from agents import Agent

            def reasoning_agent(model, min_steps: int, max_steps: int):
                return Agent(
                    model=model,
                    instructions=f"Take {{min_steps}} to {{max_steps}} steps.\\n{_POLICY}",
                )
            """
        ),
        Valid(
            f"""
            class CodingTools:
                def __init__(self, enable_shell: bool = True):
                    tool_names = ["read_file", "edit_file"] + (["run_shell"] if enable_shell else [])
                    self.instructions = self._build_instructions(tool_names)

                @classmethod
                def _build_instructions(cls, tool_names):
                    return f"You have access to: {{', '.join(tool_names)}}.\\n{_POLICY}{_POLICY}"
            """
        ),
        Valid(
            f'''
            from agno.agent import Agent

            planner = Agent(name="Planner", instructions=["Plan the content."])

            def plan(step_input):
                planning_prompt = f"""Topic: {{step_input.input}}
            {_POLICY}{_POLICY}"""
                return planner.run(planning_prompt)  # the agent's final user turn
            '''
        ),
        Valid(
            f'''
            import json

            FN_CALL_TEMPLATE = """# Tools
            You may call one or more functions. Their signatures:
            {{tool_descs}}
            {_POLICY}{_POLICY}"""

            def preprocess(messages, functions):
                tool_descs = "\\n".join(json.dumps(f) for f in functions)  # the configured tools
                tool_system = FN_CALL_TEMPLATE.format(tool_descs=tool_descs)
                return [{{"role": "system", "content": tool_system}}, *messages]
            '''
        ),
        Valid(
            f"""
            LANGUAGES = {{"ja": "Japanese", "ko": "Korean"}}
            TERMS = {{"ja": {{"agent": "agent (ja)"}}, "ko": {{"agent": "agent (ko)"}}}}

            def build_instructions(target_language: str, lang_code: str) -> str:
                terms = "\\n".join(f"* {{k}} -> {{v}}" for k, v in TERMS.get(lang_code, {{}}).items())
                return f"Translate into {{target_language}}.\\n{{terms}}\\n{_POLICY}{_POLICY}"

            def translate_file(lang_code, chunks, translate_chunk):
                # one of the table's languages, fixed for the whole run of many chunks
                instructions = build_instructions(LANGUAGES[lang_code], lang_code)
                return [translate_chunk(chunk, instructions) for chunk in chunks]
            """
        ),
        # A message list returned with the conversation in it is a turn of that
        # conversation, not a one-shot request: its last user message is the final turn.
        Valid(
            f"""
            from .models import Message

            def next_turn(context, history):
                return [
                    Message(role="system", content="You deduplicate facts."),
                    *history,
                    Message(role="user", content=f"New fact: {{context['new_edge']}}\\n{_POLICY}{_POLICY}"),
                ]
            """
        ),
        # The wrapper's system text handed in by its callers is fixed: a summary request
        # with its own constant instructions changes nothing the history follows.
        Valid(
            """
            import anthropic

            class OperatorAgent:
                def __init__(self):
                    self.client = anthropic.AsyncAnthropic()

                async def summarise(self, messages, query):
                    ask = {"role": "user", "content": f"Summarise the steps so far for: {query}"}
                    return await self._call_model(
                        messages=messages + [ask],
                        system_prompt="You condense computer-use traces into a summary.",
                    )

                async def _call_model(self, messages, system_prompt):
                    return await self.client.messages.create(
                        model="claude-sonnet-4-5",
                        max_tokens=1024,
                        system=system_prompt,
                        messages=[{"role": m["role"], "content": m["content"]} for m in messages],
                    )
            """
        ),
        # What memory recalls for this turn goes in as the latest message, after the
        # history; the message put first into a list built here is no conversation.
        Valid(
            """
            def remember(self, messages, query):
                memories = self.memory.search(query)
                messages.insert(len(messages), {"role": "user", "content": f"{query}\\n{memories}"})
                notes = [{"role": "user", "content": query}]
                notes.insert(0, {"role": "system", "content": f"Known: {memories}"})
                return messages, notes

            def insert_summary(self, summary_content, insert_index):
                # a one-off compaction: the summary is made once and kept
                messages = self._store.get_messages()
                messages.insert(insert_index, {"role": "assistant", "content": summary_content})
            """
        ),
        # The system message is set anew on every pass, its placeholder filled with one of
        # two fixed texts chosen by a setting: the text the growing conversation follows
        # stays the same.
        Valid(
            """
            import litellm

            SYSTEM = "You solve the task step by step. Show your work: {{show}}"

            def solve(task, verbose: bool = False):
                context = [{"role": "system", "content": SYSTEM}, {"role": "user", "content": task}]
                for _ in range(5):
                    if verbose:
                        show = "every step"
                    else:
                        show = "the answer only"
                    context[0]["content"] = SYSTEM.replace("{{show}}", show)
                    reply = litellm.completion(model="gpt-4o", messages=context)
                    context.append(reply.choices[0].message)
            """
        ),
        # DSPy: fields added while the module is built, or under a fixed name, are the
        # signature's configuration; the per-call values go in as inputs.
        Valid(
            """
            import dspy

            class Compare(dspy.Module):
                def __init__(self, signature, M=3):
                    for idx in range(M):
                        signature = signature.append(f"attempt_{idx + 1}", dspy.InputField())
                    self.predict = dspy.Predict(signature)

                def forward(self, hint, **kwargs):
                    signature = self.predict.signature.append("hint_", dspy.InputField(desc="a hint"))
                    return dspy.Predict(signature)(hint_=hint, **kwargs)
            """
        ),
        # A Mustache template (chevron) rendered with its static text first.
        Valid(
            f'''
            import chevron

            TEMPLATE = """{_POLICY}{_POLICY}
            The person to describe: {{{{particulars}}}}"""

            def describe(particulars):
                return chevron.render(TEMPLATE, {{"particulars": particulars}})
            '''
        ),
        # Written out in the call, the request is sent once per ticket: the 75 tokens of
        # policy after the name could not be cached even if they came first.
        Valid(
            f'''
            import anthropic
            client = anthropic.Anthropic()
            GUIDE = """{_POLICY}"""

            def reply(ticket, question):
                return client.messages.create(
                    model="claude-sonnet-4-5", max_tokens=400,
                    system=f"Ticket from {{ticket.customer.name}} ({{ticket.plan}}).\\n{{GUIDE}}",
                    messages=[{{"role": "user", "content": question}}],
                )
            '''
        ),
        # Sent to a model whose cache starts at 4,096 tokens: the 2,000 tokens of guide after
        # the claim could not be cached even if they came first.
        Valid(
            f'''
            import anthropic
            client = anthropic.Anthropic()
            GUIDE = """{_GUIDE}"""

            def check(claim):
                return client.messages.create(
                    model="claude-haiku-4-5",
                    max_tokens=300,
                    messages=[{{"role": "user", "content": f"Claim: {{claim}}\\n{{GUIDE}}"}}],
                )
            '''
        ),
        # A table named for configuration, set up by a setter a function calls, is the
        # program's configuration, not state that changes between requests.
        Valid(
            """
            import anthropic
            client = anthropic.Anthropic()
            _config = None

            def set_config(config):
                global _config
                _config = dict(config)

            def system_prompt():
                return "Answer in " + _config["language"] + ". " + "Cite the filings. " * 20

            def start(settings, messages):
                set_config(settings)
                return client.messages.create(
                    model="claude-sonnet-4-5", max_tokens=500,
                    system=system_prompt(), messages=messages,
                )
            """
        ),
        # A registry filled by a decorator is filled once, at import: configuration.
        Valid(
            """
            import anthropic
            client = anthropic.Anthropic()
            TOOLS = {}

            def tool(fn):
                TOOLS[fn.__name__] = fn
                return fn

            @tool
            def search(query):
                return query

            def system_prompt():
                names = ", ".join(TOOLS)
                return f"You can call: {names}.\\n" + "Think before each call. " * 20

            def chat(messages):
                return client.messages.create(
                    model="claude-sonnet-4-5", max_tokens=500,
                    system=system_prompt(), messages=messages,
                )
            """
        ),
    ]

    INVALID = [
        # The same wrapper sending the conversation the object keeps (`self.messages`):
        # each page changes the text every earlier step follows.
        Invalid(
            """
            from openai import AsyncOpenAI

            RUBRIC = "Operate the browser step by step. Say what you see first. " * 10

            class BrowserOperator:
                async def act(self, state):
                    system_prompt = f"{RUBRIC}\\nThe current URL is {state.url}."
                    response = await self._call_model(self.model, system_prompt)
                    self.messages += response.output
                    return response

                async def _call_model(self, model, system_prompt):
                    return await AsyncOpenAI().responses.create(
                        model=model, input=self.messages, instructions=system_prompt
                    )
            """,
            line=7,
            message_contains="the system text `_call_model()` sends",
        ),
        # A module-level table that a tool changes while the agent runs, rendered into the
        # system text: every file read changes what the whole history follows.
        Invalid(
            """
            import anthropic
            client = anthropic.Anthropic()
            file_contents = {}

            def read_file(path):
                with open(path) as f:
                    file_contents[path] = f.read()
                return file_contents[path]

            def system_prompt():
                listing = ""
                for path, content in file_contents.items():
                    listing += f"--- {path} ---\\n{content}\\n"
                return "You are a coding agent.\\n" + listing

            def run_tool(name, args):
                if name == "read_file":
                    return read_file(args["path"])

            def chat(messages):
                return client.messages.create(
                    model="claude-sonnet-4-5", max_tokens=500,
                    system=system_prompt(), messages=messages,
                )
            """,
            line=12,
            message_contains="which `read_file()` changes as the program runs",
        ),
        # The same guide sent to a model whose cache starts at 1,024 tokens.
        Invalid(
            f'''
            import anthropic
            client = anthropic.Anthropic()
            GUIDE = """{_GUIDE}"""

            def check(claim):
                return client.messages.create(
                    model="claude-sonnet-4-5",
                    max_tokens=300,
                    messages=[{{"role": "user", "content": f"Claim: {{claim}}\\n{{GUIDE}}"}}],
                )
            ''',
            line=9,
            message_contains="`claim` is per-request data",
        ),
        # A self-hosted engine caches every full block: a paragraph after the input counts.
        Invalid(
            f'''
            import litellm
            RULES = """{_POLICY}{_POLICY}"""

            def reply(ticket):
                return litellm.completion(
                    model="ollama/llama3.1",
                    messages=[{{"role": "user", "content": f"Ticket: {{ticket}}\\n{{RULES}}"}}],
                )
            ''',
            line=7,
            message_contains="`ticket` is per-request data",
        ),
        # The field named like configuration (`entity_types`, the graph's schema) is not
        # per-request; the episode after it is, and it is what is reported.
        Invalid(
            f'''
            def extract_message(context: dict) -> list[dict]:
                user_prompt = f"""<ENTITY TYPES>
            {{context['entity_types']}}
            </ENTITY TYPES>
            <CURRENT MESSAGE>
            {{context['episode_content']}}
            </CURRENT MESSAGE>
            {_POLICY}{_POLICY}"""
                return [{{"role": "user", "content": user_prompt}}]
            ''',
            line=6,
            message_contains="context['episode_content']",
            settings=ENGINE_BLOCKS,
        ),
        Invalid(
            f'''
            ANSWER_PROMPT = """You answer questions from the documents below, in this style: {{answer_style}}.
            Documents:
            {{documents}}
            How to answer:
            {_POLICY}{_POLICY}"""

            class Answerer:
                def __init__(self, model, retriever, system_prompt=None, answer_style="one paragraph"):
                    self.model = model
                    self.retriever = retriever
                    self.system_prompt = system_prompt or ANSWER_PROMPT
                    self.answer_style = answer_style

                async def search(self, query: str):
                    context = self.retriever.retrieve(query=query)
                    answer_prompt = self.system_prompt.format(
                        answer_style=self.answer_style,
                        documents=context.chunks,
                    )
                    return await self.model.complete(system=answer_prompt, user=query)
            ''',
            line=18,
            column=13,
            message_contains="what `self.retriever.retrieve()` looks up is per-request data",
            settings=ENGINE_BLOCKS,
        ),
        Invalid(
            f'''
            from jinja2 import BaseLoader, Environment

            PROMPT = """You are a planning assistant. The user asked: {{{{ prompt }}}}
            {_POLICY}{_POLICY}"""

            class Planner:
                def render(self, prompt: str) -> str:
                    env = Environment(loader=BaseLoader())
                    template = env.from_string(PROMPT)
                    return template.render(prompt=prompt)
            ''',
            line=10,
            column=16,
            message_contains="printed at line 1 of the template",
            settings=ENGINE_BLOCKS,
        ),
        # Made in one statement, placed by `.format` in another: reported where it is made.
        Invalid(
            f'''
            SEARCH_PROMPT = """You write search queries for a user in {{location}}.
            {_POLICY}{_POLICY}"""

            def extract_questions(query, location_data):
                location = f"{{location_data}}" if location_data else "N/A"
                system_prompt = SEARCH_PROMPT.format(location=location)
                return [
                    {{"role": "system", "content": system_prompt}},
                    {{"role": "user", "content": query}},
                ]
            ''',
            line=5,
            message_contains="placed into the prompt at line 6",
        ),
        # Bound in two branches: no one line makes it, so it is reported where it is placed.
        Invalid(
            f"""
            def search_messages(question, parent_query, detailed):
                if detailed:
                    task = f"{{parent_query}} - {{question}}"
                else:
                    task = question
                return [
                    {{"role": "system", "content": f"Task: {{task}}\\n{_POLICY}{_POLICY}"}},
                    {{"role": "user", "content": question}},
                ]
            """,
            line=7,
            column=48,
        ),
        # Made by the caller and placed by a helper: the helper's f-string is what to change.
        Invalid(
            f"""
            def greeting(name):
                return f"Hello {{name}}.\\n{_POLICY}{_POLICY}"

            def build_messages(user, question):
                return [
                    {{"role": "system", "content": greeting(user.name)}},
                    {{"role": "user", "content": question}},
                ]
            """,
            line=2,
            column=21,
        ),
        Invalid(
            """
            from openai import OpenAI
            client = OpenAI()

            def turn(agent, history, context_variables):
                instructions = agent.instructions(context_variables) if callable(agent.instructions) else agent.instructions
                messages = [{"role": "system", "content": instructions}] + history
                return client.chat.completions.create(model=agent.model, messages=messages)
            """,
            line=5,
            column=20,
            message_contains="ahead of the conversation history",
        ),
        Invalid(
            f'''
            POLICY = """{_POLICY}"""

            def build_messages(user_name, question):
                return [
                    {{"role": "system", "content": f"The customer is {{user_name}}.\\n" + POLICY}},
                    {{"role": "user", "content": question}},
                ]
            ''',
            line=5,
            column=58,
            message_contains="parameter `user_name`",
        ),
        Invalid(
            f'''
            import anthropic
            client = anthropic.Anthropic()
            GUIDE = """{_GUIDE}"""

            def reply(ticket, question):
                return client.messages.create(
                    model="claude-sonnet-4-5", max_tokens=400,
                    system=f"Ticket from {{ticket.customer.name}} ({{ticket.plan}}).\\n{{GUIDE}}",
                    messages=[{{"role": "user", "content": question}}],
                )
            ''',
            line=8,
            column=31,
            message_contains="ticket.customer.name",
        ),
        # A builder of the system message: the memories it looks up and the session's
        # summary change between the runs of one conversation, and the history follows.
        Invalid(
            """
            def get_system_message(agent, session, run_context):
                content = f"{agent.description}\\n"
                if agent.add_memories_to_context:
                    memories = agent.memory_manager.get_user_memories(user_id=run_context.user_id)
                    content += "What you know about the user:\\n"
                    for memory in memories:
                        content += f"- {memory.memory}\\n"
                if agent.add_session_summary_to_context and session.summary is not None:
                    content += "A summary of your earlier conversation:\\n"
                    content += session.summary.summary
                return {"role": agent.system_message_role, "content": content}
            """,
            line=4,
            message_contains="`agent.memory_manager.get_user_memories()` looks up",
        ),
        Invalid(
            """
            def get_system_message(agent, session, run_context):
                content = f"{agent.description}\\n"
                if agent.add_session_summary_to_context and session.summary is not None:
                    content += "A summary of your earlier conversation:\\n"
                    content += session.summary.summary
                return {"role": agent.system_message_role, "content": content}
            """,
            line=5,
            message_contains="ahead of the conversation history",
        ),
        # An enhancer of the system prompt: the memories searched with this turn's message
        # are appended to it; the `except` fallback (the prompt unchanged) is not its text,
        # and the request id that names the search is not in what it finds.
        Invalid(
            """
            import uuid

            class ContextEnhancer:
                async def enhance_system_prompt(self, system_prompt, user_message, user):
                    try:
                        context = ToolContext(user=user, request_id=str(uuid.uuid4()))
                        memories = await self.agent_memory.search_text_memories(
                            query=user_message, context=context, limit=5
                        )
                        section = "\\n## Relevant context from memory\\n"
                        for result in memories:
                            section += f"- {result.memory.content}\\n"
                        return system_prompt + section
                    except Exception:
                        return system_prompt
            """,
            line=7,
            message_contains="`self.agent_memory.search_text_memories()` looks up",
        ),
        Invalid(
            """
            def format_state_for_system_message(session_state):
                return f"<session_state>\\n{session_state}\\n</session_state>"
            """,
            line=2,
            message_contains="`session_state`",
        ),
        # The question's description is static text every caller passes (a constant): the
        # task and the growing action history ahead of it change what it follows on every step.
        Invalid(
            f'''
            SYSTEM = """You browse the web for the user."""
            QUESTION = """{_POLICY}{_POLICY}"""

            def build_query_prompt(task, previous_actions, question_description):
                text = "You are asked to complete the following task: "
                text += task
                text += "\\nPrevious actions:\\n"
                for action in previous_actions:
                    text += action + "\\n"
                text += question_description
                return [SYSTEM, text]

            def next_step(task, actions):
                return build_query_prompt(task, actions, question_description=QUESTION)
            ''',
            line=6,
            column=13,
            message_contains="parameter `task` is per-request data placed before",
            settings=ENGINE_BLOCKS,
        ),
        # The only user message handed to the project's own client wrapper (`ask(msg, ...)`
        # ends in a request with `msg` the final user turn): the growing archive of ideas
        # ahead of the template's instructions.
        Invalid(
            f"""
{_ASK}

            def next_idea(archive):
                prev = "\\n".join(archive)
                return ask(IDEA_PROMPT.format(prev_ideas=prev), "You are a researcher.", msg_history=[])
            """,
            line=17,
            column=12,
            message_contains="in the user message `ask()` sends",
            settings=ENGINE_BLOCKS,
        ),
        # The archive grows on every pass of the loop that sends it: each request carries
        # one more idea ahead of the same instructions.
        Invalid(
            f'''
            from openai import OpenAI
            client = OpenAI()
            IDEA_PROMPT = """Ideas so far:
            {{prev_ideas}}
            {_POLICY}{_POLICY}"""

            def generate(n):
                archive = []
                for _ in range(n):
                    prev = "\\n".join(archive)
                    prompt = IDEA_PROMPT.format(prev_ideas=prev)
                    reply = client.chat.completions.create(
                        model="gpt-4o", messages=[{{"role": "user", "content": prompt}}]
                    )
                    archive.append(reply.choices[0].message.content)
                return archive
            ''',
            line=10,
            column=16,
            message_contains="grown on every pass of the loop",
            settings=ENGINE_BLOCKS,
        ),
        # A method named for setting the system message is handed its text; the template
        # the object is built with is read from its default: the retrieved context comes
        # ahead of its instructions.
        Invalid(
            f'''
            SEARCH_PROMPT = """---Role---
            You answer from the data tables below.
            ---Data tables---
            {{context_data}}
            ---Goal---
            {_POLICY}{_POLICY}"""

            class LocalSearch:
                def __init__(self, model, context_builder, system_prompt: str = SEARCH_PROMPT):
                    self.model = model
                    self.context_builder = context_builder
                    self.system_prompt = system_prompt

                async def search(self, query: str):
                    result = self.context_builder.build_context(query=query)
                    prompt = self.system_prompt.format(context_data=result.context_chunks)
                    builder = MessagesBuilder().add_system_message(prompt).add_user_message(query)
                    return await self.model.completion_async(messages=builder.build())
            ''',
            line=16,
            column=44,
            message_contains="in `add_system_message()`",
        ),
        # A function returning a system message and one user message returns a one-shot
        # request: the episode ahead of the template's rules breaks its reusable prefix.
        Invalid(
            f'''
            from .models import Message

            def resolve_edge(context):
                return [
                    Message(role="system", content="You deduplicate facts."),
                    Message(
                        role="user",
                        content=f"""<NEW FACT>
            {{context['new_edge']}}
            </NEW FACT>
            {_POLICY}{_POLICY}""",
                    ),
                ]
            ''',
            line=9,
            message_contains="in the user message `resolve_edge()` returns",
            settings=ENGINE_BLOCKS,
        ),
        # The project's own client wrapper sends its `system_prompt` parameter ahead of the
        # trajectory it is given: the current page's URL, placed by the caller in the
        # system text of one of two environments, changes it on every step.
        Invalid(
            f"""
            import anthropic

            class OperatorAgent:
                def __init__(self, environment_type):
                    self.environment_type = environment_type
                    self.messages = []
                    self.client = anthropic.AsyncAnthropic()

                async def act(self, current_state):
                    system_prompt = self.get_instructions(self.environment_type, current_state)
                    return await self._call_model(messages=self.messages, system_prompt=system_prompt)

                async def _call_model(self, messages, system_prompt):
                    return await self.client.messages.create(
                        model="claude-sonnet-4-5",
                        max_tokens=1024,
                        system=[{{"type": "text", "text": system_prompt}}],
                        messages=[{{"role": m.role, "content": m.content}} for m in messages],
                    )

                def get_instructions(self, environment_type, current_state):
                    if environment_type == "browser":
                        return f"You drive a browser. The current URL is {{current_state.url}}.\\n{_POLICY}"
                    return f"You drive a computer.\\n{_POLICY}"

                def observe(self, result):
                    self.messages.append({{"role": "user", "content": result}})
            """,
            line=23,
            message_contains="in the system text `_call_model()` sends",
        ),
        # The object's own accessor of its memory (`self.get_memory_context()`, defined
        # where the store is kept) read into the system prompt every turn.
        Invalid(
            """
            class ChatMixin:
                def _build_system_prompt(self):
                    system_prompt = f"Your Role: {self.role}"
                    if self._memory_instance:
                        memory_context = self.get_memory_context()
                        system_prompt += f"\\n## Memory\\n{memory_context}"
                    return system_prompt
            """,
            line=5,
            column=30,
            message_contains="`self.get_memory_context()` looks up",
        ),
        # Memories found for the latest user message put in right after the system
        # prompt: the whole history after them is sent again behind a changed message.
        Invalid(
            """
            class MemoryService:
                async def enhance(self, context, query):
                    memories = self.memory_client.search(query=query, limit=10)
                    text = "I recall:\\n" + "\\n".join(m["memory"] for m in memories)
                    messages = context.get_messages()
                    messages.insert(1, {"role": "system", "content": text})
                    context.set_messages(messages)
            """,
            line=3,
            column=20,
            message_contains="the message inserted by `messages.insert(1,",
        ),
        # Memories looked up for the latest message, trimmed to a budget by a helper and
        # put in front of the conversation as a new first message.
        Invalid(
            """
            class ContextInjector:
                def inject(self, query):
                    latest = query.messages[-1]["content"]
                    found = self.memory.retrieve_memory({"content": latest, "k": 5})
                    kept = self._within_budget(found.results)
                    block = "Relevant memories:\\n" + "\\n".join(m["content"] for m in kept)
                    query.messages = [{"role": "system", "content": block}] + query.messages
                    return query

                def _within_budget(self, memories):
                    while memories:
                        if sum(len(m["content"]) for m in memories) <= 6000:
                            return memories
                        memories = memories[:-1]
                    return memories
            """,
            line=4,
            column=17,
            message_contains="the message put ahead of `query.messages`",
        ),
        # A Mustache template (chevron) with the request's value ahead of its rules.
        Invalid(
            f'''
            import chevron

            TEMPLATE = """The person to describe: {{{{particulars}}}}
            {{{{#context}}}}The context: {{{{context}}}}{{{{/context}}}}
            {_POLICY}{_POLICY}"""

            def describe(particulars):
                return chevron.render(TEMPLATE, {{"particulars": particulars, "context": ""}})
            ''',
            line=8,
            column=53,
            message_contains="`particulars` (parameter `particulars`) is printed at line",
            settings=ENGINE_BLOCKS,
        ),
        # The calls made so far are rendered into the system message on every pass of the
        # loop that sends it, while the conversation after it grows: reported where the
        # text is made (the other branch binds a fixed "None").
        Invalid(
            """
            import litellm

            SYSTEM = "You call the functions below step by step. Calls so far: {{calls}}"

            def react(input_text):
                calls = []
                chat = [{"role": "system", "content": SYSTEM}, {"role": "user", "content": input_text}]
                for _ in range(5):
                    if calls:
                        calls_text = "\\n".join(f"- {c['name']}: {c['output']}" for c in calls)
                    else:
                        calls_text = "None"
                    chat[0]["content"] = SYSTEM.replace("{{calls}}", calls_text)
                    reply = litellm.completion(model="gpt-4o", messages=chat)
                    chat.append(reply.choices[0].message)
                    calls.append({"name": "search", "output": reply.choices[0].message.content})
            """,
            line=10,
            message_contains="`calls` (grown on every pass",
        ),
        # DSPy: each step adds a step-numbered field to the signature the adapter lists in
        # the system message.
        Invalid(
            """
            import dspy

            class Stepper(dspy.Module):
                def _next_step(self, idx: int):
                    self.actor.signature = self.actor.signature.append(
                        f"action_{idx + 1}", dspy.OutputField(desc=f"action number {idx + 1}")
                    )
            """,
            line=6,
            message_contains="parameter `idx` names a field added to the signature",
        ),
    ]

    def check(self, ctx: PythonContext) -> None:
        self._reported: set[int] = set()  # lookups reported ahead of the history
        self._before_history(ctx)
        self._signature_fields(ctx)
        self._rendered(ctx)
        blocks = [
            *ctx.text_blocks,
            *((b, None) for b in ctx.one_shot_texts),
            *((b, None) for b in ctx.wrapped_messages),
            *((b, None) for b in ctx.returned_one_shots),
        ]
        for block, request in blocks:
            parts = block.val.text_parts()
            for i, part in enumerate(parts):
                if not isinstance(part, Dyn):
                    continue
                callers = [t for t in part.taints if t.kind in (CALLER, STATE)]
                if block.before_history:
                    # Built on its own: a parameter of the builder may be the same for the
                    # whole conversation; what changes within it is counted.
                    where_node = _placed(part) or part.node
                    placed = ctx.evaluator.code(where_node) if where_node is not None else ""
                    state = _conversation_state(part.taints, False, placed)
                    callers = [state] if state is not None else []
                if not callers or any(t.kind in VOLATILE for t in part.taints):
                    continue
                after = static_text(parts[i + 1 :])
                # A request written out in full is sent once per input: only what could be
                # cached across inputs counts, as for the final turn.
                if block.final or (request is not None and request.written_out):
                    goes_to = request.destination if request is not None else None
                    one_shot_chars = CHARS_PER_TOKEN * ctx.config.one_shot_tokens(
                        goes_to.one_shot_min_tokens(ctx.config.cache_minimum)
                        if goes_to is not None
                        else None
                    )
                    # One-shot: the template text that could move ahead of the inputs is
                    # its longest stretch between them, not the tags around each input;
                    # and where most of it already comes before the first input, that
                    # part is the reusable prefix.
                    long_enough = (
                        len(after.strip()) >= one_shot_chars
                        and _longest_run(parts[i + 1 :]) >= LONG_STATIC_CHARS
                        and len(after.strip()) > len(static_text(parts[:i]).strip())
                    )
                else:
                    long_enough = len(after.strip()) >= LONG_STATIC_CHARS
                if not long_enough:
                    break  # the cacheable prefix ends at the first per-request value
                where = block.label + (f" of `{request.api}` request" if request else "")
                hole = _placed(part)
                # One report per value: its first per-request source, or the hole it fills.
                for taint in sorted(callers, key=lambda t: ctx.order(t.node))[:1]:
                    if id(taint.node) in self._reported:
                        break  # reported ahead of the history already, where it is made
                    ctx.report(
                        type(self),
                        hole if hole is not None else taint.node,
                        f"{taint.detail} is per-request data placed before {_size(len(after.strip()))}"
                        f" of static text in {where}: that text cannot be cached; "
                        "move the static text first and the per-request part to the end",
                        origin=part.made,
                    )
                break

    def _rendered(self, ctx: PythonContext) -> None:
        """A Jinja template rendered with per-request values: its static text after the
        first of them is sent again on every call but never as a prefix. Reported at the
        render call (where the values come in), naming the template line."""
        min_chars = ctx.config.one_shot_tokens() * CHARS_PER_TOKEN
        for site in ctx.index.calls:
            call = site.node
            if not isinstance(call, cst.Call):
                continue
            template = rendered_template(call, site.scope, site.at, ctx.path, ctx.evaluator)
            if template is None:
                continue
            # Imported here: only files that render a template pay for jinja2's import.
            from jinja2 import TemplateSyntaxError

            from promptlint.templates.analysis import output_pieces

            try:
                pieces = output_pieces(template.source)
            except TemplateSyntaxError:
                continue
            inputs: dict[str, list[str]] = {}
            placed: dict[str, cst.CSTNode] = {}  # input -> where a mapping display sets it
            # `chevron.render(TEXT, data)`: the mapping is the second argument (or `data=`).
            mustache = mustache_render(call, ctx.evaluator)
            for n, arg in enumerate(call.args):
                if mustache and ((n == 1 and arg.keyword is None) or _keyword(arg) == "data"):
                    mapping = ctx.evaluator.eval(arg.value, site.scope, site.at)
                    for key, val in (mapping.fields or {}).items():
                        inputs[key] = _per_request(val)
                    placed.update(_display_entries(mapping.node))
                elif mustache:
                    continue
                elif arg.keyword is not None:
                    val = ctx.evaluator.eval(arg.value, site.scope, site.at)
                    inputs[arg.keyword.value] = _per_request(val) or _wrapped_prompt(
                        arg.value, site.scope
                    )
                elif arg.star == "**" or (arg.star == "" and len(call.args) == 1):
                    mapping = ctx.evaluator.eval(arg.value, site.scope, site.at)
                    for key, val in (mapping.fields or {}).items():
                        inputs[key] = _per_request(val)
                    placed.update(_display_entries(mapping.node))
            first = next(
                (i for i, p in enumerate(pieces) if any(inputs.get(n) for n in p.inputs)),
                None,
            )
            if first is None:
                continue
            before = sum(len(p.text.strip()) for p in pieces[:first])
            # Text inside an `{% if %}` after the value may not be printed at all (a section
            # a setting turns on): only what is always printed counts as the lost prefix.
            after = sum(len(p.text.strip()) for p in pieces[first + 1 :] if not p.optional)
            run = best = 0
            for p in pieces[first + 1 :]:
                if any(inputs.get(n) for n in p.inputs):
                    run = 0
                if not p.optional:
                    run += len(p.text.strip())
                best = max(best, run)
            # The static text the inputs come after is already a prefix: report only where
            # most of the template's static text follows the first per-request value.
            if after < min_chars or best < LONG_STATIC_CHARS or after <= before:
                continue
            piece = pieces[first]
            name = next(n for n in sorted(piece.inputs) if inputs.get(n))
            # Where the value enters the prompt: the entry of the mapping the template is
            # rendered with (often built once in `__init__`), else the render call.
            ctx.report(
                type(self),
                placed.get(name, call),
                f"`{name}` ({inputs[name][0]}) is printed at line "
                f"{piece.line + template.line - 1} of "
                f"{shown(template.path)}, before {_size(after)} of the template's static "
                "text: rendered with per-request values, that text is never a reusable "
                "prefix; print the static text first and the per-request values after it",
            )

    def _signature_fields(self, ctx: PythonContext) -> None:
        """A DSPy signature is the system message: the adapter lists every field of it
        (name, prefix, description) ahead of the task's instructions. A field added to it
        (`signature.append(name, field)`, `.prepend`, `.insert(i, name, field)`) named or
        described from a parameter of the method that adds it (a step number) changes that
        system message on every call. Fields added while the module is built (`__init__`)
        are its configuration."""
        if not any(v.split(".")[0] == "dspy" for v in ctx.index.imports.values()):
            return
        for site in ctx.index.calls:
            call = site.node
            assert isinstance(call, cst.Call)
            func = call.func
            if not isinstance(func, cst.Attribute) or func.attr.value not in _SIGNATURE_EDITS:
                continue
            receiver = _words(ctx.evaluator.code(func.value))
            if "signature" not in receiver or site.scope.kind != "function":
                continue
            if site.scope.name == "__init__":
                continue
            position = 1 if func.attr.value == "insert" else 0
            positional = [a for a in call.args if a.keyword is None and not a.star]
            named = next((a for a in call.args if _keyword(a) == "name"), None)
            arg = named or (positional[position] if len(positional) > position else None)
            if arg is None:
                continue
            val = ctx.evaluator.eval(arg.value, site.scope, site.at)
            given = sorted(
                (
                    t
                    for t in val.all_taints()
                    if t.kind == CALLER and t.detail.startswith("parameter")
                ),
                key=lambda t: t.detail,
            )
            if not given or any(t.kind in VOLATILE for t in val.all_taints()):
                continue
            ctx.report(
                type(self),
                arg.value,
                f"{given[0].detail} names a field added to the signature by "
                f"`{ctx.evaluator.code(func)}()`: the adapter lists every field of the "
                "signature in the system message, so each call sends another system "
                "message and nothing after the changed field list is read from cache; "
                "keep the signature's fields fixed and pass the per-step values as inputs",
            )

    def _before_history(self, ctx: PythonContext) -> None:
        """A per-request value in the system text with the conversation history after it:
        the history is sent again next turn, behind a system text that has changed."""
        for request in ctx.requests:
            for i, block in enumerate(request.blocks):
                if (block.section != "system" and not block.text_first) or block.final:
                    continue
                if not any(b.val.spread for b in request.blocks[i + 1 :]):
                    continue
                self._ahead_of_history(
                    ctx, block, f"{block.label} of `{request.api}` request", parameters=True
                )
        for block in ctx.wrapped_systems:
            # A conversation kept in the caller's local: only what changes within it counts.
            parameters = not block.before_history
            self._ahead_of_history(ctx, block, block.label, parameters=parameters)
            if block.val.parts is not None:
                # The text of other branches (a builder with one return per environment)
                # is kept as the value's own taints: ahead of the history, wherever in it.
                alternatives = Dyn(
                    frozenset(
                        t for t in block.val.own if t.kind not in VOLATILE and t.kind != UNORDERED
                    )
                )
                self._ahead_of_history(
                    ctx,
                    replace(block, val=Val(parts=(alternatives,))),
                    block.label,
                    parameters=parameters,
                )
        for block in ctx.standalone:
            if block.before_history:
                # Built on its own: only what changes within a conversation counts (a
                # parameter of the builder may be fixed for the whole conversation).
                self._ahead_of_history(ctx, block, block.label, parameters=False)
        for block in _inserted_at_front(ctx):
            self._ahead_of_history(ctx, block, block.label, parameters=False)

    def _ahead_of_history(
        self, ctx: PythonContext, block: Block, where: str, parameters: bool
    ) -> None:
        for part in block.val.text_parts():
            if not isinstance(part, Dyn):
                continue
            if any(t.kind in VOLATILE or t.kind == UNORDERED for t in part.taints):
                continue  # PL101-PL103 and PL201 report those, more precisely
            if part.node is None:
                # Somewhere in the text (another branch's): each value where it is made.
                for taint in sorted(part.taints, key=lambda t: ctx.order(t.node)):
                    found = _conversation_state(frozenset({taint}), parameters, taint.detail)
                    if found is None or found.detail.startswith("parameter"):
                        continue  # a parameter has no line of its own in this text
                    self._report_ahead(ctx, found, found.node, where, None)
                continue
            placed = _placed(part) or part.node
            found = _conversation_state(part.taints, parameters, ctx.evaluator.code(placed))
            if found is None:
                continue
            # A lookup is reported where it is made; a parameter where it is placed, or
            # where a value was made of it in an earlier statement; the conversation's
            # state where it is placed.
            node = found.node if found.kind == STATE else placed
            made_here = found.kind == CALLER and (
                found.detail.startswith("parameter") or found.grown
            )
            self._report_ahead(ctx, found, node, where, part.made if made_here else None)

    def _report_ahead(
        self,
        ctx: PythonContext,
        found: Taint,
        node: cst.CSTNode,
        where: str,
        origin: cst.CSTNode | None,
    ) -> None:
        self._reported.add(id(found.node))
        ctx.report(
            type(self),
            node,
            f"{found.detail} is per-request data in {where}, ahead of the conversation "
            "history: every turn changes the text the history follows, so none of it is "
            "read from cache; move the per-request part into the final user message",
            origin=origin,
        )


# What adds a field to a DSPy signature (each returns a new signature).
_SIGNATURE_EDITS = frozenset({"append", "prepend", "insert"})


def _inserted_at_front(ctx: PythonContext) -> list[Block]:
    """Messages put into a conversation ahead of its end (`messages.insert(1, memory_msg)`,
    not at `len(messages)`): everything after them is the history sent again, so what the
    message holds is in the prefix. A list the function builds itself from known items is
    no conversation."""
    out: list[Block] = []
    for site in ctx.index.calls:
        call = site.node
        assert isinstance(call, cst.Call)
        func = call.func
        if not (isinstance(func, cst.Attribute) and func.attr.value == "insert"):
            continue
        if len(call.args) != 2 or any(a.keyword or a.star for a in call.args):
            continue
        name = func.value.attr.value if isinstance(func.value, cst.Attribute) else None
        name = func.value.value if isinstance(func.value, cst.Name) else name
        if name is None or not any(h in name.lower() for h in cat.HISTORY_NAMES):
            continue
        position = call.args[0].value
        if isinstance(position, cst.Call) and ctx.evaluator.code(position.func) == "len":
            continue  # at the end: the final turn
        into = ctx.evaluator.eval(func.value, site.scope, site.at)
        if into.items is not None and not any(i.spread for i in into.items):
            continue
        message = ctx.evaluator.eval(call.args[1].value, site.scope, site.at)
        content = _lookups_only(message.field("content") or message)
        if content is None:
            continue
        label = f"the message inserted by `{ctx.evaluator.code(call)}`"
        out.append(Block(content, label, "messages", prefix=True, before_history=True))
    for site in ctx.index.prepends:
        # `messages = [memory_msg] + messages`: the same insertion at the front.
        assign = site.node
        assert isinstance(assign, cst.Assign)
        target = assign.targets[0].target
        name = ctx.evaluator.code(target).rsplit(".", 1)[-1]
        if not any(h in name.lower() for h in cat.HISTORY_NAMES):
            continue
        into = ctx.evaluator.eval(target, site.scope, site.at)
        if into.items is not None and not any(i.spread for i in into.items):
            continue
        for item in prepended(target, assign.value):
            message = ctx.evaluator.eval(item, site.scope, site.at)
            content = _lookups_only(message.field("content") or message)
            if content is None:
                continue
            label = f"the message put ahead of `{ctx.evaluator.code(target)}`"
            out.append(Block(content, label, "messages", prefix=True, before_history=True))
    return out


def _lookups_only(val: Val) -> Val | None:
    """The text of an inserted message with only what was looked up for the request: a
    summary or a marker handed in (`insert_summary(summary_content, index)`, a one-off
    compaction) is made once and kept. None when nothing was looked up."""
    if not any(t.kind == STATE for t in val.all_taints()):
        return None
    parts = tuple(
        Dyn(frozenset(t for t in p.taints if t.kind == STATE), p.node, p.made)
        if isinstance(p, Dyn)
        else p
        for p in val.text_parts()
    )
    return Val(parts=parts, node=val.node)


def _conversation_state(taints: frozenset[Taint], parameters: bool, placed: str) -> Taint | None:
    """The value among `taints` that differs between the requests of one conversation: a
    lookup (documents, memories), the conversation's state placed by name (`{session_state}`,
    `session.summary.summary`; not what a callback made from it) or, with `parameters`, a
    parameter passed as data. `agent.instructions` (an attribute of a parameter object) is as
    likely configuration."""
    names_state = bool(_words(placed) & cat.STATE_WORDS)
    for t in sorted(taints, key=lambda t: (t.kind != STATE, t.detail)):
        if t.kind == STATE:
            return t
        if t.kind != CALLER:
            continue
        if t.grown:
            return t  # what the loop that sends the request adds to on every pass
        if parameters and t.detail.startswith("parameter"):
            return t
        if names_state and _words(t.detail) & cat.STATE_WORDS:
            return t
    return None


def _keyword(arg: cst.Arg) -> str | None:
    return arg.keyword.value if arg.keyword is not None else None


def _words(code: str) -> set[str]:
    """The words of the names in `code` (`session.summary.summary` -> session, summary)."""
    return set(re.split(r"[^a-z0-9]+", code.lower()))


def _display_entries(node: cst.CSTNode | None) -> dict[str, cst.CSTNode]:
    """The values of a dict display by their literal keys."""
    if not isinstance(node, cst.Dict):
        return {}
    out: dict[str, cst.CSTNode] = {}
    for el in node.elements:
        if isinstance(el, cst.DictElement) and isinstance(el.key, cst.SimpleString):
            key = string_value(el.key)
            if key is not None:
                out[key] = el.value
    return out


def _placed(part: Dyn) -> cst.CSTNode | None:
    """Where a value enters the text, if we know it: an f-string hole or the argument of
    `template.format(...)` that fills a placeholder (`documents=chunks`, whole: the
    keyword keeps it apart from the same name elsewhere)."""
    if isinstance(part.node, cst.FormattedStringExpression):
        return part.node.expression
    if isinstance(part.node, cst.Arg):
        return part.node
    return None


def _size(chars: int) -> str:
    return f"{chars:,} characters (about {max(1, chars // CHARS_PER_TOKEN):,} tokens)"


def _per_request(val: Val) -> list[str]:
    """The per-request sources of a value bound to a template input (clock, ids and random
    values are PL101-PL103's)."""
    taints = val.all_taints()
    if any(t.kind in VOLATILE for t in taints):
        return []
    return sorted({t.detail for t in taints if t.kind == CALLER})


def _wrapped_prompt(expr: cst.BaseExpression, scope: Scope) -> list[str]:
    """A parameter named like a prompt (`prompt`, `current_prompt`) passed as a template
    input: elsewhere such a parameter is taken for configuration (a prompt template handed
    in), but as an input of a template it is the text the template wraps, the request's."""
    if not isinstance(expr, cst.Name) or expr.value not in scope.params:
        return []
    words = set(expr.value.lower().split("_"))
    if "prompt" not in words or words & _CONFIG_WORDS:
        return []
    return [f"parameter `{expr.value}`"]


_CONFIG_WORDS = frozenset(
    {"system", "template", "instruction", "instructions", "persona", "base", "default"}
)


def _longest_run(parts: Sequence[Part]) -> int:
    """The longest static text between per-request values (stable unknowns do not split it)."""
    best = run = 0
    for part in parts:
        if isinstance(part, Dyn) and any(
            t.kind == CALLER or t.kind in VOLATILE for t in part.taints
        ):
            run = 0
            continue
        if not isinstance(part, Dyn):
            run += len(part.text.strip())
            best = max(best, run)
    return best
