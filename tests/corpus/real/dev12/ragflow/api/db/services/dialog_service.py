"""Reconstruction of infiniflow/ragflow@b1b8cd623520b97b2526ffb1514bd812bdcc7eaf:api/db/services/dialog_service.py (lines 293-350, 581-600, 640-700, 720-850, 975-990, 1754-1845), trimmed; not the original text."""

import re
from datetime import datetime, timezone

from api.db.services.llm_service import LLMBundle
from common import settings
from rag.prompts.generator import PROMPT_JINJA_ENV, citation_prompt, full_question, kb_prompt, message_fit_in
from rag.prompts.template import load_prompt

ASK_SUMMARY = load_prompt("ask_summary")


async def async_chat_solo(dialog, messages, stream=True, session_id=None):
    chat_mdl = LLMBundle(dialog.tenant_id, dialog.llm_id)
    prompt_config = dialog.prompt_config
    msg = [{"role": m["role"], "content": re.sub(r"##\d+\$\$", "", m["content"])} for m in messages if m["role"] != "system"]
    sys_date = datetime.now(timezone.utc).strftime("%Y-%m-%d %H:%M:%S")  # expect: PL101
    system_prompt = prompt_config.get("system", "").replace("{date}", sys_date)
    answer = await chat_mdl.async_chat(system_prompt, msg, dialog.llm_setting)
    yield {"answer": answer, "reference": {}}


async def async_chat(dialog, messages, stream=True, **kwargs):
    if not dialog.kb_ids:
        async for ans in async_chat_solo(dialog, messages, stream):
            yield ans
        return
    chat_mdl = LLMBundle(dialog.tenant_id, dialog.llm_id)
    max_tokens = 8192
    kbs = dialog.kbs
    retriever = settings.retriever
    questions = [m["content"] for m in messages if m["role"] == "user"][-3:]
    prompt_config = dialog.prompt_config
    param_keys = [p["key"] for p in prompt_config.get("parameters", [])]

    sys_date = datetime.now(timezone.utc).strftime("%Y-%m-%d %H:%M:%S")  # expect: PL101
    kwargs["date"] = sys_date
    for p in prompt_config.get("parameters", []):
        if p["key"] == "knowledge":
            continue
        if p["key"] not in kwargs:
            prompt_config["system"] = prompt_config["system"].replace("{%s}" % p["key"], " ")

    if len(questions) > 1 and prompt_config.get("refine_multiturn"):
        questions = [await full_question(dialog.tenant_id, dialog.llm_id, messages)]
    else:
        questions = questions[-1:]

    kbinfos = {"total": 0, "chunks": [], "doc_aggs": []}
    if "knowledge" in param_keys:
        tenant_ids = list(set([kb.tenant_id for kb in kbs]))
        kbinfos = await retriever.retrieval(  # expect: PL104
            " ".join(questions),
            dialog.embd_mdl,
            tenant_ids,
            dialog.kb_ids,
            1,
            dialog.top_n,
        )
    knowledges = kb_prompt(kbinfos, max_tokens)
    knowledge_text = "\n\n------\n\n".join(knowledges)
    if knowledge_text:
        kwargs["knowledge"] = "\n------\n" + knowledge_text
    else:
        kwargs.setdefault("knowledge", "")
    gen_conf = dialog.llm_setting

    system_content = prompt_config["system"].format(**kwargs)
    if knowledges and "{knowledge}" not in prompt_config.get("system", ""):
        system_content += kwargs["knowledge"]
    msg = [{"role": "system", "content": system_content}]
    prompt4citation = ""
    if knowledges and prompt_config.get("quote", True):
        prompt4citation = citation_prompt()
    msg.extend([{"role": m["role"], "content": re.sub(r"##\d+\$\$", "", m["content"])} for m in messages if m["role"] != "system"])
    used_token_count, msg = message_fit_in(msg, int(max_tokens * 0.95))
    prompt = msg[0]["content"]
    answer = await chat_mdl.async_chat(prompt + prompt4citation, msg[1:], gen_conf)
    yield {"answer": answer, "reference": kbinfos}


async def async_ask(question, kb_ids, tenant_id, chat_llm_name=None, search_config={}, search_id=None):
    chat_mdl = LLMBundle(tenant_id, chat_llm_name)
    retriever = settings.retriever
    kbinfos = await retriever.retrieval(question=question, kb_ids=kb_ids, page=1, page_size=12)
    knowledges = kb_prompt(kbinfos, 8192)
    sys_prompt = PROMPT_JINJA_ENV.from_string(ASK_SUMMARY).render(knowledge="\n".join(knowledges))
    msg = [{"role": "user", "content": question}]
    answer = await chat_mdl.async_chat(sys_prompt, msg, {"temperature": 0.1})
    yield {"answer": answer, "reference": kbinfos}
