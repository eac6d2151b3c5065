"""Reconstruction of melih-unsal/DemoGPT@aca748b7134549d6fa80c5c3a989779919697095:demogpt_agenthub/agents/tool_calling.py (lines 3-33), trimmed; not the original text."""

from demogpt_agenthub.agents.base import BaseAgent


class ToolCallingAgent(BaseAgent):
    def run(self, prompt):
        self.add_message("User", prompt)
        formatted_tools = "\nAvailable Tools:\n"
        for tool_name, details in self.tool_explanations.items():
            formatted_tools += f"\n{tool_name}:\n"
            formatted_tools += f"  Description: {details['description']}\n"
            formatted_tools += f"  {details['parameters']}\n"
            formatted_tools += f"  Run Function: {details['run_description']}\n"
        decision = self.tool_decider.invoke({"task": prompt, "context": self.context, "tools": formatted_tools})  # expect: PL104
        self.add_message("Agent", decision["reasoning"])
        if decision.get("tool") is None or decision["tool"] not in self.tools:
            answer = self.final_answer.invoke({"query": prompt, "context": self.context})
            self.add_message("Agent", answer)
            return answer
        tool_result = self.tools[decision["tool"]].run(**decision["argument"])
        self.add_message(decision["tool"], tool_result)
        answer = self.final_answer.invoke({"query": prompt, "context": self.context})
        self.add_message("Agent", answer)
        return answer
