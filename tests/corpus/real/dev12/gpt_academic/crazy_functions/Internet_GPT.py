"""Reconstruction of binary-husky/gpt_academic@0aa0472da44edc0a888c7f83b564c6d0d1089366:crazy_functions/Internet_GPT.py (lines 221-252), trimmed; not the original text."""

from crazy_functions.crazy_utils import input_clipping
from request_llms.bridge_all import predict_no_ui_long_connection


def internet_search_with_analysis_prompt(prompt, analysis_prompt, llm_kwargs, chatbot):
    urls = searxng_request(prompt, proxies, categories, searxng_url, engines=engines)
    if len(urls) == 0:
        return None
    max_search_result = 5
    history = []
    for index, url in enumerate(urls[:max_search_result]):
        res = scrape_text(url['link'], proxies)
        prefix = f"第{index}份搜索结果 [源自{url['source'][0]}搜索] （{url['title'][:25]}）："
        history.extend([prefix, res])
    i_say = f"从以上搜索结果中抽取信息，然后回答问题：{prompt} {analysis_prompt}"
    i_say, history = input_clipping(
        inputs=i_say,
        history=history,
        max_token_limit=8192
    )
    gpt_say = predict_no_ui_long_connection(
        inputs=i_say,
        llm_kwargs=llm_kwargs,
        history=history,
        sys_prompt="请从搜索结果中抽取信息，对最相关的两个搜索结果进行总结，然后回答问题。",
        console_silence=False,
    )
    return gpt_say
