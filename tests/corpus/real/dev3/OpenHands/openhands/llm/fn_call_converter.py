"""Reconstruction of All-Hands-AI/OpenHands@156d0686c46aafb0fa9d291da6421fb6f64dddc0:openhands/llm/fn_call_converter.py (lines 320-385, 435-470), trimmed; not the original text."""

TOOL_EXAMPLES: dict[str, dict[str, str]] = {
    "execute_bash": {"check_dir": "ASSISTANT: let me look around\n", "run_server": "ASSISTANT: start it\n"},
    "str_replace_editor": {"create_file": "ASSISTANT: create app.py\n"},
    "finish": {"example": "ASSISTANT: done\n"},
}


def get_example_for_tools(tools: list[dict]) -> str:
    # the set is only asked for membership; the example's parts come in a fixed order
    available_tools = set()
    for tool in tools:
        name = tool["function"]["name"]
        if name == "execute_bash":
            available_tools.add("execute_bash")
        elif name == "str_replace_editor":
            available_tools.add("str_replace_editor")
        elif name == "finish":
            available_tools.add("finish")
    if not available_tools:
        return ""
    example = "Here's a running example of how to perform a task with the provided tools.\n\n"
    if "execute_bash" in available_tools:
        example += TOOL_EXAMPLES["execute_bash"]["check_dir"]
    if "str_replace_editor" in available_tools:
        example += TOOL_EXAMPLES["str_replace_editor"]["create_file"]
    if "execute_bash" in available_tools:
        example += TOOL_EXAMPLES["execute_bash"]["run_server"]
    if "finish" in available_tools:
        example += TOOL_EXAMPLES["finish"]["example"]
    return example


def convert_tools_to_description(tools: list[dict]) -> str:
    ret = ""
    for i, tool in enumerate(tools):
        fn = tool["function"]
        ret += f"---- BEGIN FUNCTION #{i + 1}: {fn['name']} ----\nDescription: {fn['description']}\n"
        if "parameters" in fn:
            props = fn["parameters"].get("properties", {})
            required = set(fn["parameters"].get("required", []))
            for j, (pname, pinfo) in enumerate(props.items()):
                status = "required" if pname in required else "optional"
                ret += f"  ({j + 1}) {pname} ({pinfo.get('type', 'string')}, {status}): {pinfo.get('description', '')}\n"
        ret += f"---- END FUNCTION #{i + 1} ----\n"
    return ret
