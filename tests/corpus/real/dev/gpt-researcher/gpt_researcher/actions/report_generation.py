"""Reconstruction of assafelovic/gpt-researcher@5d84d2f5553e70a2765a8ff3a0d2672d60437ce8:gpt_researcher/actions/report_generation.py
(lines 14-60, 212-300), trimmed; not the original text.

The system prompt is the agent role prompt choose_agent wrote for this query.
"""

from gpt_researcher.utils.llm import create_chat_completion


async def write_report_introduction(query, context, agent_role_prompt, config, prompt_family=None, cost_callback=None):
    return await create_chat_completion(
        model=config.smart_llm_model,
        messages=[
            {"role": "system", "content": f"{agent_role_prompt}"},
            {"role": "user", "content": prompt_family.generate_report_introduction(question=query, research_summary=context, language=config.language)},
        ],
        temperature=0.25,
        llm_provider=config.smart_llm_provider,
        cost_callback=cost_callback,
    )


async def generate_report(query, context, agent_role_prompt, report_source, cfg, tone=None, prompt_family=None, cost_callback=None):
    content = prompt_family.generate_report_prompt(query, context, report_source, report_format=cfg.report_format, tone=tone, total_words=cfg.total_words, language=cfg.language)
    # clean: the role prompt is per research but first, and the user message opens with this
    # research's context anyway
    return await create_chat_completion(
        model=cfg.smart_llm_model,
        messages=[
            {"role": "system", "content": f"{agent_role_prompt}"},
            {"role": "user", "content": content},
        ],
        temperature=0.35,
        llm_provider=cfg.smart_llm_provider,
        stream=True,
        max_tokens=cfg.smart_token_limit,
        cost_callback=cost_callback,
    )
