"""Reconstruction of melih-unsal/DemoGPT@aca748b7134549d6fa80c5c3a989779919697095:demogpt_agenthub/agents/react.py (lines 3-33), trimmed; not the original text."""

from demogpt_agenthub.agents.base import BaseAgent


class ReactAgent(BaseAgent):
    def run(self, prompt):
        self.add_message("User", prompt)
        result_ready = False
        iter = 0
        while not result_ready and iter < self.max_iter:
            result_ready = self.success_decider.invoke({"task": prompt, "context": self.context, "tools": self.tool_explanations})
            if result_ready:
                break
            decision = self.tool_decider.invoke({"task": prompt, "context": self.context, "tools": self.tool_explanations})  # expect: PL104
            self.add_message("Agent", decision["reasoning"])
            tool_result = self.tools[decision["tool"]].run(**decision["argument"])
            self.add_message(decision["tool"], tool_result)
            iter += 1
        answer = self.final_answer.invoke({"query": prompt, "context": self.context})
        self.add_message("Agent", answer)
        return answer
