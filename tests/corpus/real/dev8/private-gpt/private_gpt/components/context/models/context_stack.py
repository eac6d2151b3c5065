"""Reconstruction of zylon-ai/private-gpt@ab89a0d67bf6a30481081bdc7c487b484d82f91b:private_gpt/components/context/models/context_stack.py (lines 17-133), trimmed; not the original text.

The layers of one request: prompt layers are rendered into the system prompt by priority
(user instructions 100, runtime header 200, skill catalog 300, skill bodies 400, tool
instructions 450, context 600), state layers carry tools and documents.
"""

from llama_index.core.base.llms.types import TextBlock
from pydantic import BaseModel, ConfigDict, Field

from private_gpt.components.context.models.context_layer import DocumentLayer, ToolDefinitionsLayer


class ContextStack(BaseModel):
    layers: list = Field(default_factory=list)
    model_config = ConfigDict(frozen=True, arbitrary_types_allowed=True)

    def to_system_prompt(self) -> list[TextBlock]:
        ordered_layers = sorted(enumerate(self.layers), key=lambda item: (item[1].priority, item[0]))
        chunks = [rendered for _, layer in ordered_layers for rendered in [layer.render()] if rendered.strip()]
        return [TextBlock(text=chunk) for chunk in chunks]

    def all_tools(self) -> list:
        seen: set[str | None] = set()
        result: list = []
        for layer in self.layers:
            if not isinstance(layer, ToolDefinitionsLayer):
                continue
            for tool in layer.tools:
                if tool.name not in seen:
                    seen.add(tool.name)
                    result.append(tool)
        return result

    def all_documents(self) -> list:
        return [layer.document for layer in self.layers if isinstance(layer, DocumentLayer)]

    def append_layer(self, layer) -> "ContextStack":
        return ContextStack(layers=[*self.layers, layer])

    def remove_layers_of_type(self, layer_type) -> "ContextStack":
        return ContextStack(layers=[layer for layer in self.layers if layer.type is not layer_type])

    def remove_layers_of_source(self, source: str) -> "ContextStack":
        return ContextStack(layers=[layer for layer in self.layers if layer.source != source])
