"""Reconstruction of Future-House/paper-qa@d2c3c698fdf06986aa021812ab3186d3696438d8:src/paperqa/core.py (lines 225-265), trimmed; not the original text."""


async def map_fxn_summary(text, question, summary_llm_model, prompt_templates, extra_prompt_data=None):
    citation = text.name + ": " + text.doc.formatted_citation
    cleaned_text = text.text.strip("\n") or "(no text)"
    data = {"question": question, "citation": citation, "text": cleaned_text} | (extra_prompt_data or {})
    message_prompt, system_prompt = (pt.format(**data) for pt in prompt_templates)
    llm_result = await summary_llm_model.call_single(
        messages=[
            Message(role="system", content=system_prompt),
            Message.create_message(text=message_prompt),
        ],
        name="evidence:" + text.name,
    )
    return llm_result
