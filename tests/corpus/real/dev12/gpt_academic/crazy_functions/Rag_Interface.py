"""Reconstruction of binary-husky/gpt_academic@0aa0472da44edc0a888c7f83b564c6d0d1089366:crazy_functions/Rag_Interface.py (lines 13-14, 49-155), trimmed; not the original text."""

from crazy_functions.crazy_utils import input_clipping, request_gpt_model_in_new_thread_with_ui_alive
from toolbox import CatchException, update_ui

MAX_HISTORY_ROUND = 5
MAX_CONTEXT_TOKEN_LIMIT = 4096
RAG_WORKER_REGISTER = {}


@CatchException
def Rag问答(txt, llm_kwargs, plugin_kwargs, chatbot, history, system_prompt, user_request):
    user_name = chatbot.get_user()
    rag_worker = RAG_WORKER_REGISTER[user_name]
    chatbot.append([txt, "正在召回知识 ..."])
    yield from update_ui(chatbot=chatbot, history=history)
    if len(history) > MAX_HISTORY_ROUND * 2:
        history = history[-(MAX_HISTORY_ROUND * 2):]  # expect: PL301
    txt_clip, history, flags = input_clipping(txt, history, max_token_limit=MAX_CONTEXT_TOKEN_LIMIT, return_clip_flags=True)
    i_say = txt_clip
    nodes = rag_worker.retrieve_from_store_with_query(i_say)
    prompt = rag_worker.build_prompt(query=i_say, nodes=nodes)  # expect: PL301
    if len(chatbot) != 0:
        chatbot.pop(-1)
    model_say = yield from request_gpt_model_in_new_thread_with_ui_alive(
        inputs=prompt,
        inputs_show_user=i_say,
        llm_kwargs=llm_kwargs,
        chatbot=chatbot,
        history=history,
        sys_prompt=system_prompt,
        retry_times_at_unknown_error=0,
    )
    rag_worker.remember_qa(i_say, model_say)
    history.extend([i_say, model_say])
    yield from update_ui(chatbot=chatbot, history=history)
