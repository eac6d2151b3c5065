"""Reconstruction of microsoft/promptflow@6e76ef49beda52187d8ae38d710632cfeabedde4:src/promptflow-evals/promptflow/evals/synthetic/_model_tools/_proxy_completion_model.py (lines 64-190), trimmed; not the original text."""

import json
import uuid
from typing import Dict, List

from promptflow.evals.synthetic._conversation import OpenAIChatCompletionsModel


class SimulationRequestDTO:
    def __init__(self, url, headers, payload, params, templatekey, template_parameters):
        self.url = url
        self.headers = headers
        self.json = json.dumps(payload)
        self.params = params
        self.templatekey = templatekey
        self.template_parameters = template_parameters

    def to_dict(self) -> Dict:
        return dict(self.__dict__)


class ProxyChatCompletionsModel(OpenAIChatCompletionsModel):
    def __init__(self, name: str, template_key: str, template_parameters, endpoint_url: str, token_manager, model: str = ""):
        self.name = name
        self.tkey = template_key
        self.tparam = template_parameters
        self.endpoint_url = endpoint_url
        self.token_manager = token_manager
        self.model = model

    async def get_conversation_completion(self, messages: List[Dict], session, role: str = "assistant") -> dict:
        return await self.request_api(session=session, request_data={"messages": messages, "max_tokens": 1200})

    async def request_api(self, session, request_data: dict) -> dict:
        proxy_headers = {"Authorization": f"Bearer {self.token_manager.get_token()}", "Content-Type": "application/json"}
        # a correlation id for the service: a header, not part of the model's input
        headers = {"Content-Type": "application/json", "X-CV": f"{uuid.uuid4()}", "X-ModelType": self.model or ""}
        sim_request_dto = SimulationRequestDTO(
            url=self.endpoint_url,
            headers=headers,
            payload=request_data,
            params={"api-version": "2023-07-01-preview"},
            templatekey=self.tkey,
            template_parameters=self.tparam,
        )
        response = await session.post(url=self.endpoint_url, headers=proxy_headers, json=sim_request_dto.to_dict())
        return {"request": request_data, "response": response.json(), "time_taken": 0, "full_response": None}
