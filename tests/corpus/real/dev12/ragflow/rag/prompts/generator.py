"""Reconstruction of infiniflow/ragflow@b1b8cd623520b97b2526ffb1514bd812bdcc7eaf:rag/prompts/generator.py (lines 69-135, 254-288, 377-446, 497-530), trimmed; not the original text."""

import datetime
import json
import re
from copy import deepcopy

import jinja2

from rag.prompts.template import load_prompt

PROMPT_JINJA_ENV = jinja2.Environment(autoescape=False, trim_blocks=True, lstrip_blocks=True)
FULL_QUESTION_PROMPT_TEMPLATE = load_prompt("full_question_prompt")
NEXT_STEP = load_prompt("next_step")
META_FILTER = load_prompt("meta_filter")


def num_tokens_from_string(s):
    return len(s) // 4


def message_fit_in(msg, max_length=4000):
    def count():
        nonlocal msg
        total = 0
        for m in msg:
            total += num_tokens_from_string(m["content"])
        return total

    c = count()
    if c < max_length:
        return c, msg

    msg_ = [m for m in msg if m["role"] == "system"]  # expect: PL301
    if len(msg) > 1:
        msg_.append(msg[-1])
    msg = msg_
    c = count()
    if c < max_length:
        return c, msg
    ll = num_tokens_from_string(msg_[0]["content"])
    if ll / (ll + num_tokens_from_string(msg_[-1]["content"])) > 0.8:
        m = msg_[0]["content"]
        msg[0]["content"] = m[: max_length - num_tokens_from_string(msg_[-1]["content"])]
        return max_length, msg
    m = msg_[-1]["content"]
    msg[-1]["content"] = m[: max_length - ll]
    return max_length, msg


async def full_question(tenant_id=None, llm_id=None, messages=[], language=None, chat_mdl=None):
    conv = []
    for m in messages:
        if m["role"] not in ["user", "assistant"]:
            continue
        conv.append("{}: {}".format(m["role"].upper(), m["content"]))
    conversation = "\n".join(conv)
    today = datetime.date.today().isoformat()
    yesterday = (datetime.date.today() - datetime.timedelta(days=1)).isoformat()
    tomorrow = (datetime.date.today() + datetime.timedelta(days=1)).isoformat()
    template = PROMPT_JINJA_ENV.from_string(FULL_QUESTION_PROMPT_TEMPLATE)
    rendered_prompt = template.render(today=today, yesterday=yesterday, tomorrow=tomorrow, conversation=conversation, language=language)
    ans = await chat_mdl.async_chat(rendered_prompt, [{"role": "user", "content": "Output: "}])
    ans = re.sub(r"^.*</think>", "", ans, flags=re.DOTALL)
    return ans if ans.find("**ERROR**") < 0 else messages[-1]["content"]


def tool_schema(tools_description, complete_task=False):
    if not tools_description:
        return ""
    desc = {}
    for idx, tool in enumerate(tools_description):
        name = tool["function"]["name"]
        desc[name] = tool
    return "\n\n".join([f"## {i + 1}. {fnm}\n{json.dumps(des, ensure_ascii=False, indent=4)}" for i, (fnm, des) in enumerate(desc.items())])


async def next_step_async(chat_mdl, history, tools_description, task_desc, user_defined_prompts={}):
    if not tools_description:
        return "", 0
    desc = tool_schema(tools_description)
    template = PROMPT_JINJA_ENV.from_string(user_defined_prompts.get("plan_generation", NEXT_STEP))
    user_prompt = "\nWhat's the next tool to call? If ready OR IMPOSSIBLE TO BE READY, then call `complete_task`."
    hist = deepcopy(history)
    if hist[-1]["role"] == "user":
        hist[-1]["content"] += user_prompt
    else:
        hist.append({"role": "user", "content": user_prompt})
    json_str = await chat_mdl.async_chat(
        template.render(task_analysis=task_desc, desc=desc, today=datetime.datetime.now().strftime("%Y-%m-%d")),  # expect: PL101
        hist[1:],
        stop=["<|stop|>"],
    )
    return json_str, num_tokens_from_string(json_str)


async def gen_meta_filter(chat_mdl, meta_data, query, constraints=None):
    meta_data_structure = {}
    for key, values in meta_data.items():
        meta_data_structure[key] = list(values.keys()) if isinstance(values, dict) else values
    sys_prompt = PROMPT_JINJA_ENV.from_string(META_FILTER).render(
        current_date=datetime.datetime.today().strftime("%Y-%m-%d"), metadata_keys=json.dumps(meta_data_structure), user_question=query, constraints=json.dumps(constraints) if constraints else None
    )
    user_prompt = "Generate filters:"
    ans = await chat_mdl.async_chat(sys_prompt, [{"role": "user", "content": user_prompt}])
    return ans
