"""Reconstruction of langroid/langroid@786c4fe39a3fd7b595d3220a08676e9af78f4143:langroid/agent/chat_agent.py (lines 246-247, 481-575, 646-670, 1353-1414, 1415-1507, 1607-1886, 1888-1974, 2241-2311), trimmed; not the original text."""

import copy
from typing import Dict, List, Optional, Set, Type

from langroid.agent.base import Agent
from langroid.agent.chat_document import ChatDocument
from langroid.agent.tool_message import ToolMessage
from langroid.language_models.base import LLMMessage, OpenAIToolSpec, Role


class ChatAgent(Agent):
    def __init__(self, config):
        super().__init__(config)
        self.llm_tools_map: Dict[str, Type[ToolMessage]] = {}
        self.llm_functions_map: Dict[str, object] = {}
        self.llm_tools_usable: Set[str] = set()
        self.llm_functions_usable: Set[str] = set()
        self.llm_function_force = None
        self.message_history: List[LLMMessage] = []
        self.system_message = config.system_message
        self.system_tool_instructions = ""
        self.system_tool_format_instructions = ""

    def tool_format_rules(self) -> str:
        # the dict's order; the set is only asked for membership
        usable = [t for t in self.llm_tools_map.values() if t.default_value("request") in self.llm_tools_usable]
        if not usable:
            return ""
        rules = "\n\n".join(t.format_instructions(tool=self.config.use_tools) for t in usable)
        return ToolMessage.group_format_instructions().format(format_instructions=rules)

    def tool_instructions(self) -> str:
        instructions = []
        for msg_cls in self.llm_tools_map.values():
            if msg_cls.default_value("request") in self.llm_tools_usable:
                guidance = msg_cls.instructions()
                if guidance:
                    instructions.append(f"TOOL: {msg_cls.default_value('request')}:\nGUIDANCE: {guidance}")
        if not instructions:
            return ""
        return "=== GUIDELINES ON SOME TOOLS/FUNCTIONS USAGE ===\n" + "\n\n".join(instructions)

    def _create_system_and_tools_message(self) -> LLMMessage:
        content = self.system_message
        if self.system_tool_instructions != "":
            content += "\n\n" + self.system_tool_instructions
        if self.system_tool_format_instructions != "":
            content += "\n\n" + self.system_tool_format_instructions
        return LLMMessage(role=Role.SYSTEM, content=content.strip())

    def truncate_message(self, idx: int, tokens: int = 5, warning: str = "...[Contents truncated!]") -> LLMMessage:
        llm_msg = self.message_history[idx]
        if llm_msg.content:
            llm_msg.content = self.parser.truncate_tokens(llm_msg.content, tokens) + "\n" + warning
        return llm_msg

    def _reduce_raw_tool_results(self, message: ChatDocument) -> None:
        parent = message.parent
        tools = [] if parent is None else parent.tool_messages
        limiting = [t for t in tools if t._max_retained_tokens is not None]
        if limiting:
            tool = limiting[0]
            warning = f"The result of the {tool.default_value('request')} tool was truncated."
            self.truncate_message(message.metadata.msg_idx, tool._max_retained_tokens, warning)  # expect: PL301

    def llm_response(self, message: Optional[str | ChatDocument] = None) -> Optional[ChatDocument]:
        if self.tool_error and self.config.strict_recovery:
            self.tool_error = False
            AnyTool = self._get_any_tool_message()
            self.set_output_format(AnyTool, force_tools=True, use=True, handle=True, instructions=True)
            recovery = self._strict_recovery_instructions(AnyTool)
            augmented = message
            if augmented is None:
                augmented = recovery
            elif isinstance(augmented, str):
                augmented = augmented + recovery  # expect: PL301
            else:
                augmented.content = augmented.content + recovery
            result = self.llm_response(augmented)
            # the history keeps the plain message
            if message is None:
                self.delete_last_message(role=Role.USER)
            else:
                self.update_last_message(message if isinstance(message, str) else message.content, role=Role.USER)
            return result
        hist, output_len = self._prep_llm_messages(message)
        response = self.llm_response_messages(hist, output_len)
        self.message_history.extend(ChatDocument.to_LLMMessage(response))
        if isinstance(message, ChatDocument):
            self._reduce_raw_tool_results(message)
        return response

    def _prep_llm_messages(self, message=None, truncate: bool = True):
        if not self.message_history:
            self.message_history = [self._create_system_and_tools_message()]
        else:
            self.message_history[0] = self._create_system_and_tools_message()
        if message is not None:
            self.message_history.extend(ChatDocument.to_LLMMessage(message))
        hist = self.message_history
        output_len = self.config.llm.model_max_output_tokens
        budget = self.llm.chat_context_length() - self.config.llm.min_output_tokens - 300
        if truncate and output_len > self.llm.chat_context_length() - self.chat_num_tokens(hist):
            if self.config.context_overflow_strategy == "truncate":
                idx = 1  # keep the system message
                while self.chat_num_tokens(hist) > budget:
                    hist[idx] = self.truncate_message(idx, tokens=30, warning="... [Contents truncated!]")  # expect: PL301
                    idx += 1
            else:  # "drop_turns"
                while self.chat_num_tokens(hist) > budget:
                    last_user = self.last_message_idx_with_role(role=Role.USER)
                    first_user = next((i for i in range(1, last_user) if hist[i].role == Role.USER), -1)
                    if first_user == -1:
                        break
                    nxt = next((i for i in range(first_user + 1, last_user + 1) if hist[i].role == Role.USER), -1)
                    if nxt == -1:
                        break
                    self.clear_history(first_user, nxt - 1)  # expect: PL301
            output_len = min(output_len, self.llm.chat_context_length() - self.chat_num_tokens(hist) - 300)
        return hist, output_len

    def _function_args(self):
        functions = None
        tools: Optional[List[OpenAIToolSpec]] = None
        if self.config.use_functions_api and len(self.llm_functions_usable) > 0:
            if not self.config.use_tools_api:
                functions = [self.llm_functions_map[f] for f in self.llm_functions_usable]  # expect: PL201
            else:

                def to_maybe_strict_spec(function: str) -> OpenAIToolSpec:
                    spec = self.llm_functions_map[function]
                    strict = self._strict_mode_for_tool(function)
                    return OpenAIToolSpec(type="function", strict=strict, function=copy.deepcopy(spec) if strict else spec)

                tools = [to_maybe_strict_spec(f) for f in self.llm_functions_usable]  # expect: PL201
        return functions, tools

    def _llm_response_temp_context(self, message: str, prompt: str) -> ChatDocument:
        # the full prompt (question plus passages) is sent, then replaced by the bare question
        answer_doc = ChatAgent.llm_response(self, prompt)
        self.update_last_message(message, role=Role.USER)  # expect: PL301
        return answer_doc

    def llm_response_forget(self, message=None) -> ChatDocument:
        # a one-off exchange: both new messages are removed again, the history is as before
        n_msgs = len(self.message_history)
        response = ChatAgent.llm_response(self, message)
        while len(self.message_history) > n_msgs:
            self.message_history.pop()
        return response
