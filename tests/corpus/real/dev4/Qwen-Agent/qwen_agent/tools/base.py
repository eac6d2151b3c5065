"""Reconstruction of QwenLM/Qwen-Agent@31a4d36d123688581a9e9744427272b33ce940e0:qwen_agent/tools/base.py (lines 100-176), trimmed; not the original text."""

from typing import List, Optional, Union


class BaseTool:
    name: str = ''
    description: str = ''
    parameters: Union[List[dict], dict] = []

    def __init__(self, cfg: Optional[dict] = None):
        self.cfg = cfg or {}
        if not self.name:
            raise ValueError(f'{self.__class__.__name__}.name must be set')

    @property
    def function(self) -> dict:
        # the schema the model sees: class attributes in a fixed layout
        return {
            'name': self.name,
            'description': self.description,
            'parameters': self.parameters,
        }

    @property
    def name_for_human(self) -> str:
        return self.cfg.get('name_for_human', self.name)
