"""Reconstruction of Future-House/paper-qa@d2c3c698fdf06986aa021812ab3186d3696438d8:src/paperqa/docs.py (lines 600-680), trimmed; not the original text."""


class Docs:
    async def aquery(self, query, settings=None, llm_model=None):
        query_settings = get_settings(settings)
        prompt_config = query_settings.prompts
        answer_config = query_settings.answer
        session = PQASession(question=query)
        contexts = session.contexts
        context_str = await query_settings.context_serializer(
            contexts=contexts, question=session.question, pre_str=None
        )
        prior_answer_prompt = ""
        messages = [
            Message(role="system", content=prompt_config.system),
            Message(
                role="user",
                content=prompt_config.qa.format(
                    context=context_str,
                    answer_length=answer_config.answer_length,
                    question=session.question,
                    example_citation=prompt_config.EXAMPLE_CITATION,
                    prior_answer_prompt=prior_answer_prompt,
                ),
            ),
        ]
        answer_result = await llm_model.call_single(messages=messages, name="answer")
        return answer_result.text
