"""Reconstruction of ShishirPatil/gorilla@6ea57973c7a6097fd7c5915698c54c17c5b1b6c8:berkeley-function-call-leaderboard/bfcl_eval/model_handler/local_inference/base_oss_handler.py (lines 307-395), trimmed; not the original text."""

from typing import Any

from openai import OpenAI


class OSSHandler:
    def __init__(self, model_name, temperature):
        self.model_path_or_id = model_name
        self.temperature = temperature
        self.client = OpenAI(base_url="http://localhost:1053/v1", api_key="EMPTY")

    def _format_prompt(self, messages, function):
        raise NotImplementedError("OSS Models should implement their own prompt formatting.")

    def _query_prompting(self, inference_data: dict):
        function = inference_data["function"]
        message = inference_data["message"]
        formatted_prompt: str = self._format_prompt(message, function)
        api_response = self.client.completions.create(
            model=self.model_path_or_id,
            temperature=self.temperature,
            prompt=formatted_prompt,
            max_tokens=4096,
            timeout=72000,
        )
        return api_response

    def add_first_turn_message_prompting(self, inference_data: dict, first_turn_message: list) -> dict:
        inference_data["message"].extend(first_turn_message)
        return inference_data

    def _add_next_turn_user_message_prompting(self, inference_data: dict, user_message: list) -> dict:
        inference_data["message"].extend(user_message)
        return inference_data

    def _add_execution_results_prompting(self, inference_data: dict, execution_results: list, model_response_data: dict) -> dict:
        for execution_result, decoded_model_response in zip(execution_results, model_response_data["model_responses_decoded"]):
            inference_data["message"].append({"role": "tool", "name": decoded_model_response, "content": execution_result})
        return inference_data
