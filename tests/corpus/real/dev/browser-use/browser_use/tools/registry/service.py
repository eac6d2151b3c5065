"""Reconstruction of browser-use/browser-use@85ddbfedf609166b2d2c76c3d80506649fee82a9:browser_use/tools/registry/service.py
(lines 517-590), trimmed; not the original text.

The actions become one Union model, the agent's structured-output schema (Anthropic: the single
tool; OpenAI: response_format), which precedes the system prompt in the request.
"""

from typing import Union

from pydantic import BaseModel, Field, RootModel, create_model


class ActionModel(BaseModel):
    pass


class RegisteredAction(BaseModel):
    name: str
    description: str
    param_model: type
    domains: list[str] | None = None


class Registry:
    def __init__(self):
        self.actions: dict[str, RegisteredAction] = {}

    def _match_domains(self, domains, url: str) -> bool:
        return domains is None or any(d in url for d in domains)

    def create_action_model(self, include_actions: list[str] | None = None, page_url: str | None = None) -> type[ActionModel]:
        available_actions: dict[str, RegisteredAction] = {}
        # registration order (a dict), filtered by the page's domain
        for name, action in self.actions.items():
            if include_actions is not None and name not in include_actions:
                continue
            if page_url is None:
                if action.domains is None:
                    available_actions[name] = action
                continue
            if self._match_domains(action.domains, page_url):
                available_actions[name] = action
        individual_action_models = [
            create_model(
                f'{name.title().replace("_", "")}ActionModel',
                __base__=ActionModel,
                **{name: (action.param_model, Field(description=action.description))},
            )
            for name, action in available_actions.items()
        ]
        if not individual_action_models:
            return create_model("EmptyActionModel", __base__=ActionModel)
        if len(individual_action_models) == 1:
            return individual_action_models[0]
        return RootModel[Union[tuple(individual_action_models)]]  # type: ignore
