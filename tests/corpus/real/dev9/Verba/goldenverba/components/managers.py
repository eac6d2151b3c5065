"""Reconstruction of weaviate/Verba@6fb7c98d729bca91efe6be7d835dc9d36a53905f:goldenverba/components/managers.py (lines 364-384, 1219-1286), trimmed; not the original text."""

import json

import tiktoken

from goldenverba.components.generation.AnthrophicGenerator import AnthropicGenerator
from goldenverba.components.generation.OpenAIGenerator import OpenAIGenerator

generators = [OpenAIGenerator(), AnthropicGenerator()]


class WeaviateManager:
    config_collection_name = "VERBA_CONFIGURATION"

    async def get_config(self, client, uuid: str) -> dict:
        config_collection = client.collections.get(self.config_collection_name)
        if await config_collection.data.exists(uuid):
            config = await config_collection.query.fetch_object_by_id(uuid)
            return json.loads(config.properties["config"])
        return None

    async def set_config(self, client, uuid: str, config: dict):
        config_collection = client.collections.get(self.config_collection_name)
        if await config_collection.data.exists(uuid):
            if await config_collection.data.delete_by_id(uuid):
                await config_collection.data.insert(properties={"config": json.dumps(config)}, uuid=uuid)
        else:
            await config_collection.data.insert(properties={"config": json.dumps(config)}, uuid=uuid)


class GeneratorManager:
    def __init__(self):
        self.generators = {generator.name: generator for generator in generators}

    async def generate_stream(self, rag_config, query, context, conversation):
        generator = rag_config["Generator"].selected
        generator_config = rag_config["Generator"].components[generator].config
        async for result in self.generators[generator].generate_stream(generator_config, query, context, conversation):
            yield result

    def truncate_conversation_dicts(self, conversation_dicts: list[dict], max_tokens: int) -> list[dict]:
        encoding = tiktoken.encoding_for_model("gpt-3.5-turbo")
        accumulated_tokens = 0
        truncated_conversation_dicts = []

        for item_dict in reversed(conversation_dicts):
            item_tokens = encoding.encode(item_dict["content"], disallowed_special=())
            if accumulated_tokens + len(item_tokens) > max_tokens:
                remaining_space = max_tokens - accumulated_tokens
                truncated_conversation_dicts.append(
                    {"type": item_dict["type"], "content": encoding.decode(item_tokens[:remaining_space])}
                )
                break
            truncated_conversation_dicts.append(item_dict)
            accumulated_tokens += len(item_tokens)

        return list(reversed(truncated_conversation_dicts))
