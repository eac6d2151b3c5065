"""Reconstruction of Pythagora-io/gpt-pilot@186f98e3a75cc0b5e33c266b0ceccce176dc43ee:core/agents/executor.py (lines 100-166), trimmed; not the original text."""

from datetime import datetime, timezone
from typing import Optional

from core.agents.base import BaseAgent
from core.agents.convo import AgentConvo


class Executor(BaseAgent):
    async def run_command(self, cmd: str, timeout: Optional[int]):
        started_at = datetime.now(timezone.utc)
        status_code, stdout, stderr = await self.process_manager.run_command(cmd, timeout=timeout)
        llm_response = await self.check_command_output(cmd, timeout, stdout, stderr, status_code)
        duration = (datetime.now(timezone.utc) - started_at).total_seconds()
        exec_log = ExecLog(started_at=started_at, duration=duration, cmd=cmd, status_code=status_code, analysis=llm_response)
        await self.state_manager.log_command_run(exec_log)
        return llm_response

    async def check_command_output(self, cmd: str, timeout: Optional[int], stdout: str, stderr: str, status_code: int):
        llm = self.get_llm()
        convo = (
            AgentConvo(self)
            .template(
                "ran_command",
                task_steps=self.current_state.steps,
                current_task=self.current_state.current_task,
                step_index=self.current_state.steps.index(self.step),
                cmd=cmd,
                timeout=timeout,
                stdout=stdout,
                stderr=stderr,
                status_code=status_code,
            )
            .require_schema(CommandResult)
        )
        return await llm(convo, parser=JSONParser(spec=CommandResult), temperature=0)
