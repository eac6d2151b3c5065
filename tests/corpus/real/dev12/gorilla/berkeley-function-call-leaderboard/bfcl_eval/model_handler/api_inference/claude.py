"""Reconstruction of ShishirPatil/gorilla@6ea57973c7a6097fd7c5915698c54c17c5b1b6c8:berkeley-function-call-leaderboard/bfcl_eval/model_handler/api_inference/claude.py (lines 58-232), trimmed; not the original text."""

from anthropic import Anthropic

from bfcl_eval.model_handler.utils import convert_to_tool, extract_system_prompt


class ClaudeHandler:
    def __init__(self, model_name, temperature):
        self.model_name = model_name
        self.temperature = temperature
        self.client = Anthropic()

    def generate_with_backoff(self, **kwargs):
        return self.client.messages.create(**kwargs)

    def _query_FC(self, inference_data: dict):
        messages = inference_data["message"]
        if inference_data["caching_enabled"]:
            if "system_prompt" in inference_data:
                inference_data["system_prompt"][0]["cache_control"] = {"type": "ephemeral"}
            count = 0
            for message in reversed(messages):
                if message["role"] == "user":
                    if count < 2:
                        message["content"][0]["cache_control"] = {"type": "ephemeral"}
                    else:
                        if "cache_control" in message["content"][0]:
                            del message["content"][0]["cache_control"]
                    count += 1
        kwargs = {
            "model": self.model_name.strip("-FC"),
            "max_tokens": 64000,
            "temperature": self.temperature,
            "tools": inference_data["tools"],
            "messages": messages,
        }
        if "system_prompt" in inference_data:
            kwargs["system"] = inference_data["system_prompt"]
        return self.generate_with_backoff(**kwargs)

    def _pre_query_processing_FC(self, inference_data: dict, test_entry: dict) -> dict:
        inference_data["message"] = []
        system_prompt = extract_system_prompt(test_entry["question"][0])
        if system_prompt is not None:
            inference_data["system_prompt"] = [{"type": "text", "text": system_prompt}]
        inference_data["caching_enabled"] = "multi_turn" in test_entry["id"]
        return inference_data

    def _compile_tools(self, inference_data: dict, test_entry: dict) -> dict:
        tools = convert_to_tool(test_entry["function"], {}, "claude")
        if inference_data["caching_enabled"] and len(tools) > 0:
            tools[-1]["cache_control"] = {"type": "ephemeral"}
        inference_data["tools"] = tools
        return inference_data

    def _add_assistant_message_FC(self, inference_data: dict, model_response_data: dict) -> dict:
        inference_data["message"].append({"role": "assistant", "content": model_response_data["model_responses_message_for_chat_history"]})
        return inference_data

    def _add_execution_results_FC(self, inference_data: dict, execution_results: list, model_response_data: dict) -> dict:
        tool_message = {"role": "user", "content": []}
        for execution_result, tool_call_id in zip(execution_results, model_response_data["tool_call_ids"]):
            tool_message["content"].append({"type": "tool_result", "content": execution_result, "tool_use_id": tool_call_id})
        inference_data["message"].append(tool_message)
        return inference_data
