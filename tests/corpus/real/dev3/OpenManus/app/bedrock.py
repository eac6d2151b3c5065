"""Reconstruction of FoundationAgents/OpenManus@52a13f2a57d8c7f6737eefb02ccf569594d44273:app/bedrock.py
(lines 86-132), trimmed; not the original text.

The Bedrock adapter converts the whole OpenAI-style history afresh on each request.
"""

import json

CURRENT_TOOLUSE_ID = None


class ChatCompletions:
    def _convert_openai_messages_to_bedrock_format(self, messages):
        global CURRENT_TOOLUSE_ID
        bedrock_messages = []
        system_prompt = []
        # clean: a pure function of the history; the tool arguments are the model's own JSON, parsed back
        for message in messages:
            if message.get("role") == "system":
                system_prompt = [{"text": message.get("content")}]
            elif message.get("role") == "user":
                bedrock_messages.append({"role": "user", "content": [{"text": message.get("content")}]})
            elif message.get("role") == "assistant":
                bedrock_message = {"role": "assistant", "content": [{"text": message.get("content")}]}
                tool_calls = message.get("tool_calls", [])
                if tool_calls:
                    bedrock_message["content"].append(
                        {
                            "toolUse": {
                                "toolUseId": tool_calls[0]["id"],
                                "name": tool_calls[0]["function"]["name"],
                                "input": json.loads(tool_calls[0]["function"]["arguments"]),
                            }
                        }
                    )
                    CURRENT_TOOLUSE_ID = tool_calls[0]["id"]
                bedrock_messages.append(bedrock_message)
            elif message.get("role") == "tool":
                bedrock_messages.append(
                    {"role": "user", "content": [{"toolResult": {"toolUseId": CURRENT_TOOLUSE_ID, "content": [{"text": message.get("content")}]}}]}
                )
        return system_prompt, bedrock_messages
