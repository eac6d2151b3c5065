"""Reconstruction of SciPhi-AI/R2R@9c5a94d151f90876bd7eb860f300a8fd662dc481:py/core/agent/base.py (lines 48-76, 100-130), trimmed; not the original text."""


class R2RAgent:
    async def arun(self, messages: list, system_instruction=None, *args, **kwargs) -> list[dict]:
        self._reset()
        await self._setup(system_instruction)
        for message in messages or []:
            await self.conversation.add_message(message)
        iterations_count = 0
        while not self._completed and iterations_count < self.config.max_iterations:
            iterations_count += 1
            messages_list = await self.conversation.get_messages()
            generation_config = self.get_generation_config(messages_list[-1])
            response = await self.llm_provider.aget_completion(messages_list, generation_config)
            await self.process_llm_response(response, *args, **kwargs)
        return await self.conversation.get_messages()

    async def _generate_llm_summary(self, iterations_count: int) -> str:
        all_messages = await self.conversation.get_messages()
        summary_prompt = {
            "role": "user",
            "content": (
                f"The conversation has reached the maximum limit of {iterations_count} iterations without completing the task. "
                "Summarise what was gathered, what was tried, and how to proceed."
            ),
        }
        response = await self.llm_provider.aget_completion(all_messages + [summary_prompt], self.get_generation_config(summary_prompt))
        return response.choices[0].message.content
