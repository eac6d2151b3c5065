"""Reconstruction of SciPhi-AI/R2R@9c5a94d151f90876bd7eb860f300a8fd662dc481:py/core/base/providers/llm.py (lines 70-95), trimmed; not the original text."""

import asyncio
import random


class CompletionProvider:
    async def _execute_with_backoff_async(self, task: dict):
        retries = 0
        backoff = self.config.initial_backoff
        while True:
            try:
                return await self._execute_task(task)
            except Exception:
                retries += 1
                if retries > self.config.max_retries:
                    raise
                await asyncio.sleep(random.uniform(0, backoff))
                backoff = min(backoff * 2, self.config.max_backoff)
