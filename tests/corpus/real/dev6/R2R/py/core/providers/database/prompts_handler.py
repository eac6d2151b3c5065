"""Reconstruction of SciPhi-AI/R2R@9c5a94d151f90876bd7eb860f300a8fd662dc481:py/core/providers/database/prompts_handler.py (lines 708-748), trimmed; not the original text."""


class PostgresPromptsHandler:
    async def get_message_payload(self, system_prompt_name=None, system_role="system", system_inputs=None, task_prompt_name=None, task_role="user", task_inputs=None, task_prompt=None) -> list[dict]:
        system_prompt = await self.get_cached_prompt(system_prompt_name or "system", system_inputs or {})
        task_prompt = await self.get_cached_prompt(task_prompt_name or "rag", task_inputs or {}, prompt_override=task_prompt)
        return [
            {"role": system_role, "content": system_prompt},
            {"role": task_role, "content": task_prompt},
        ]
