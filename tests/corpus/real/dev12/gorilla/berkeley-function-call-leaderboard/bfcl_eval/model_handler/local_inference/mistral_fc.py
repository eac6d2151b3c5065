"""Reconstruction of ShishirPatil/gorilla@6ea57973c7a6097fd7c5915698c54c17c5b1b6c8:berkeley-function-call-leaderboard/bfcl_eval/model_handler/local_inference/mistral_fc.py (lines 231-300), trimmed; not the original text."""

import json
import random
import string
from typing import Any

from bfcl_eval.model_handler.local_inference.base_oss_handler import OSSHandler


class MistralFCHandler(OSSHandler):
    def _add_execution_results_prompting(self, inference_data: dict, execution_results: list, model_response_data: dict) -> dict:
        for execution_result, tool_call_id in zip(execution_results, model_response_data["tool_call_ids"]):
            inference_data["message"].append({"role": "tool", "tool_call_id": tool_call_id, "content": execution_result})
        return inference_data

    @staticmethod
    def generate_random_string() -> str:
        characters = string.ascii_letters + string.digits
        random_string = "".join(random.choices(characters, k=9))
        return random_string

    def _parse_query_response_prompting(self, api_response: Any) -> dict:
        model_responses = api_response.choices[0].text
        tool_call_ids = []
        try:
            model_responses = json.loads(model_responses)
            for model_response in model_responses:
                tool_call_id = self.generate_random_string()
                model_response["id"] = tool_call_id
                tool_call_ids.append(tool_call_id)
            model_responses_message_for_chat_history = f"[TOOL_CALLS]{json.dumps(model_responses)}"
            model_responses = [{item["name"]: item["arguments"]} for item in model_responses]
        except json.JSONDecodeError:
            model_responses_message_for_chat_history = model_responses
        return {
            "model_responses": model_responses,
            "model_responses_message_for_chat_history": model_responses_message_for_chat_history,
            "tool_call_ids": tool_call_ids,
        }

    def _add_assistant_message_prompting(self, inference_data: dict, model_response_data: dict) -> dict:
        inference_data["message"].append({"role": "assistant", "content": model_response_data["model_responses_message_for_chat_history"]})
        return inference_data
