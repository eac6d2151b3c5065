"""Reconstruction of stanford-oval/WikiChat@803683b1139117d374801688af1d9d968e04a07b:pipelines/chatbot.py (lines 14-168), trimmed; not the original text."""

import re

from chainlite import chain, llm_generation_chain, register_prompt_constants
from chainlite.llm_output import extract_tag_from_llm_output, lines_to_list

register_prompt_constants({"chatbot_name": "WikiChat"})


@chain
async def query_stage(state):
    # the prompt is the query.prompt template; this call only passes the dialogue state
    query_chain = (
        llm_generation_chain("query.prompt", engine=state.config.engine, max_tokens=200)
        | extract_tag_from_llm_output.bind(tags="search_query")
        | lines_to_list
    )
    queries = await query_chain.ainvoke({"dlg": state, "llm_corpus_description": state.config.llm_corpus_description})
    state.current_turn.search_query = [q for q in queries if q and q != "None"]


@chain
async def filter_information_stage(state):
    filter_chain = (
        llm_generation_chain("filter_irrelevant_info.prompt", engine=state.config.engine, max_tokens=2000)
        | extract_tag_from_llm_output.bind(tags="relevant_content")
        | lines_to_list
    )
    filtered_info = await filter_chain.abatch(
        [{"dlg": state, "result": result} for result in state.current_turn.all_single_search_results]
    )
    for result, filtered in zip(state.current_turn.all_single_search_results, filtered_info):
        if filtered and filtered != ["None"]:
            result = result.copy()
            result.summary = filtered
            state.current_turn.filtered_search_results.append(result)


@chain
async def draft_stage(state):
    draft_chain = llm_generation_chain(
        "draft_w_citation.prompt", engine=state.config.engine, max_tokens=2000
    ) | extract_tag_from_llm_output.bind(tags="response")
    state.current_turn.draft_stage_output = await draft_chain.ainvoke({"dlg": state})


@chain
async def shift_references(state):
    # renumbers the citations of the finished answer; nothing here is sent to a model
    agent_utterance = state.current_turn.agent_utterance
    references = state.current_turn.filtered_search_results
    cited = []
    for citation in re.findall(r"\[\d+\]", agent_utterance):
        index = int(citation[1:-1]) - 1
        if 0 <= index < len(references):
            cited.append(index)
    cited = list(set(cited))
    cited.sort()
    for i, index in enumerate(cited):
        agent_utterance = agent_utterance.replace(f"[{index + 1}]", f"[{i + 1}]")
    state.current_turn.agent_utterance = agent_utterance
    state.current_turn.filtered_search_results = [references[i] for i in cited]


@chain
async def refine_stage(state):
    if not state.config.do_refine:
        state.current_turn.agent_utterance = state.current_turn.draft_stage_output
        return
    refine_chain = llm_generation_chain(
        "refine.prompt", engine=state.config.engine, max_tokens=2000
    ) | extract_tag_from_llm_output.bind(tags="revised_response")
    state.current_turn.agent_utterance = await refine_chain.ainvoke(
        {"dlg": state, "utterance_to_refine": state.current_turn.draft_stage_output}
    )
