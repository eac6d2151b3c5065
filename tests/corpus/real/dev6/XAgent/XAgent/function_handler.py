"""Reconstruction of OpenBMB/XAgent@95893d560e6edfd29527cf4a0babbd7ad4cb9f23:XAgent/function_handler.py (lines 83-150), trimmed; not the original text."""

from XAgent.ai_functions import function_manager


class FunctionHandler:
    def __init__(self, toolserver_interface, config):
        self.toolserver_interface = toolserver_interface
        self.config = config

    def change_subtask_handle_function_enum(self, function_name_list: list):
        self.subtask_handle_function = function_manager.get_function_schema("subtask_handle")
        self.subtask_handle_function["parameters"]["properties"]["tool_call"]["properties"]["tool_name"]["enum"] = function_name_list

    def intrinsic_tools(self, enable_ask_human_for_help):
        tools = [self.subtask_submit_function]
        if enable_ask_human_for_help:
            tools.append(self.ask_human_for_help_function)
        tools.extend(self.avaliable_tools_description_list)
        return tools

    def get_functions(self, config):
        output = self.toolserver_interface.get_available_tools()
        available_tools: list = output["available_tools"]
        openai_function_jsons: list = output["tools_json"]
        black_list = set(config.tool_blacklist)
        for item in black_list:
            try:
                available_tools.remove(item)
            except ValueError:
                pass
        openai_function_jsons = [f for f in openai_function_jsons if f["name"] not in black_list]
        self.tool_names = available_tools
        self.change_subtask_handle_function_enum(available_tools)
        self.avaliable_tools_description_list = openai_function_jsons
        return self.intrinsic_tools(config.enable_ask_human_for_help), openai_function_jsons
