"""Reconstruction of pydantic/pydantic-ai@4fda38988f2939fa6ea9cdefcf120693e10ef491:pydantic_ai_slim/pydantic_ai/models/openai.py (lines 1525-1560, 2562-2606, 4850-4893), trimmed; not the original text."""

from typing import Any

DEFAULT_THINKING_TAGS = ("<think>", "</think>")


class _MapModelResponseContext:
    def __init__(self, profile: dict[str, Any], system: str) -> None:
        self.profile = profile
        self.system = system
        self.texts: list[str] = []
        self.thinkings: dict[str, list[str]] = {}

    def _map_response_thinking_part(self, item: Any) -> None:
        include_method = self.profile.get("openai_chat_send_back_thinking_parts", "auto")
        if include_method == "auto":
            custom_field = self.profile.get("openai_chat_thinking_field")
            if item.id and item.id != "content" and item.provider_name == self.system and (not custom_field or item.id == custom_field):
                self.thinkings.setdefault(item.id, []).append(item.content)
            else:
                start_tag, end_tag = self.profile.get("thinking_tags", DEFAULT_THINKING_TAGS)
                self.texts.append("\n".join([start_tag, item.content, end_tag]))
        elif include_method == "tags":
            start_tag, end_tag = self.profile.get("thinking_tags", DEFAULT_THINKING_TAGS)
            self.texts.append("\n".join([start_tag, item.content, end_tag]))


class OpenAICompaction:
    def __init__(self, message_count_threshold: int | None = None) -> None:
        self.message_count_threshold = message_count_threshold

    def _should_compact(self, messages: list[Any]) -> bool:
        return self.message_count_threshold is not None and len(messages) > self.message_count_threshold

    async def before_model_request(self, ctx: Any, request_context: Any) -> Any:
        if not self._should_compact(request_context.messages):
            return request_context
        compacted_response = await request_context.model.compact_messages(request_context.messages[:-1])
        # the graph writes this list back as the run's history: later steps extend it
        request_context.messages = [compacted_response, request_context.messages[-1]]
        return request_context


class OpenAIResponsesModel:
    def _build_responses_request_params(self, messages: list[Any], model_request_parameters: Any) -> list[Any]:
        from pydantic_ai.toolsets._tool_search import parse_discovered_tools

        trimmed_messages = self._trim_before_compaction(messages)
        post_trim_revealed = parse_discovered_tools(trimmed_messages)
        lost_reveals = {
            name
            for name, visibility in (model_request_parameters.tool_visibility or {}).items()
            if visibility == "via_history" and name not in post_trim_revealed
        }
        if lost_reveals:
            tool_visibility = {
                **(model_request_parameters.tool_visibility or {}),
                **dict.fromkeys(sorted(lost_reveals), "visible"),
            }
            model_request_parameters = model_request_parameters.replace(tool_visibility=tool_visibility)
        return [t for t in model_request_parameters.function_tools if model_request_parameters.visibility_of(t.name) != "hidden"]

    def _trim_before_compaction(self, messages: list[Any]) -> list[Any]:
        for i in range(len(messages) - 1, -1, -1):
            if getattr(messages[i], "is_compaction", False):
                return messages[i:]
        return messages
