"""Reconstruction of kyegomez/swarms@7e3330267808cf8d6eb8ee1aa4d8ff2b054273d4:swarms/structs/agent.py (lines 977-1050), trimmed; not the original text."""

from swarms.structs.conversation import Conversation
from swarms.tools.py_func_to_openai_func_str import convert_multiple_functions_to_openai_function_schema


class Agent:
    def tool_handling(self):
        user_tools = convert_multiple_functions_to_openai_function_schema(self.tools)
        if self.tools_list_dictionary is None:
            self.tools_list_dictionary = []
        existing_tool_names = set()
        for tool in self.tools_list_dictionary:
            if isinstance(tool, dict) and "function" in tool:
                existing_tool_names.add(tool["function"].get("name", ""))
        for tool in user_tools:
            tool_name = tool.get("function", {}).get("name", "")
            if tool_name not in existing_tool_names:
                self.tools_list_dictionary.append(tool)
                existing_tool_names.add(tool_name)
        self.short_memory.add(role=self.agent_name, content=self.tools_list_dictionary)

    def short_memory_init(self):
        prompt = self.system_prompt
        return Conversation(
            name=f"{self.agent_name}_id_{self.id}_conversation",
            system_prompt=prompt,
            user=self.user_name,
            rules=self.rules,
            message_id_on=True,
            time_enabled=True,
            dynamic_context_window=self.dynamic_context_window,
            tokenizer_model_name=self.model_name,
            context_length=self.context_length,
        )
