"""Reconstruction of langchain-ai/opengpts@8e7fef72e1f7fd1cd3518b4c6e1d6fbb33a4fe2c:backend/app/agent_types/xml_agent.py (lines 19-116), trimmed; not the original text.

The XML agent (Claude 2 on Bedrock): the tools rendered once into the system message, each
turn's tool steps folded into one assistant message.
"""

from langchain.tools.render import render_text_description
from langchain_core.messages import AIMessage, FunctionMessage, HumanMessage, SystemMessage

from app.agent_types.prompts import xml_template
from app.message_types import LiberalFunctionMessage


def _collapse_messages(messages):
    log = ""
    if isinstance(messages[-1], AIMessage):
        scratchpad, final = messages[:-1], messages[-1]
    else:
        scratchpad, final = messages, None
    for i in range(0, len(scratchpad), 2):
        log += f"{messages[i].content}<observation>{messages[i + 1].content}</observation>"
    if final is not None:
        log += final.content
    return AIMessage(content=log)


def construct_chat_history(messages):
    collapsed_messages = []
    temp_messages = []
    for message in messages:
        if isinstance(message, HumanMessage):
            if temp_messages:
                collapsed_messages.append(_collapse_messages(temp_messages))
                temp_messages = []
            collapsed_messages.append(message)
        elif isinstance(message, LiberalFunctionMessage):
            _dict = message.model_dump()
            _dict["content"] = str(_dict["content"])
            temp_messages.append(FunctionMessage(**_dict))
        else:
            temp_messages.append(message)
    if temp_messages:
        collapsed_messages.append(_collapse_messages(temp_messages))
    return collapsed_messages


def get_xml_agent_executor(tools, llm, system_message: str, interrupt_before_action: bool, checkpoint):
    formatted_system_message = xml_template.format(
        system_message=system_message,
        tools=render_text_description(tools),
        tool_names=", ".join([t.name for t in tools]),
    )
    llm_with_stop = llm.bind(stop=["</tool_input>", "<observation>"])

    def _get_messages(messages):
        return [SystemMessage(content=formatted_system_message)] + construct_chat_history(messages)

    return _get_messages | llm_with_stop
