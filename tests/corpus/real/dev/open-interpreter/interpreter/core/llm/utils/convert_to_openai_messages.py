"""Reconstruction of OpenInterpreter/open-interpreter@dcfcffa9af13737bee1fa128364a718b56324998:interpreter/core/llm/utils/convert_to_openai_messages.py
(lines 9-110), trimmed; not the original text.
"""

import json


def convert_to_openai_messages(messages, function_calling=True, vision=False, shrink_images=True, interpreter=None):
    new_messages = []
    for message in messages:
        new_message = {}
        if message["type"] == "message":
            new_message["role"] = message["role"]
            if message["role"] == "user" and (
                message == [m for m in messages if m["role"] == "user"][-1] or interpreter.always_apply_user_message_template
            ):
                # only the latest user message goes through the template: next turn the same
                # message is sent without it (a no-op with the default "{content}")
                new_message["content"] = interpreter.user_message_template.replace("{content}", message["content"])  # expect: PL301
            else:
                new_message["content"] = message["content"]
        elif message["type"] == "code":
            new_message["role"] = "assistant"
            if function_calling:
                # clean: a dict literal with two constant keys
                new_message["function_call"] = {
                    "name": "execute",
                    "arguments": json.dumps({"language": message["format"], "code": message["content"]}),
                }
                new_message["content"] = ""
            else:
                new_message["content"] = f"```{message['format']}\n{message['content']}\n```"
        elif message["type"] == "console" and message["format"] == "output":
            new_message["role"] = "function" if function_calling else "user"
            new_message["name"] = "execute"
            new_message["content"] = message["content"] or "No output"
        else:
            continue
        new_messages.append(new_message)
    return new_messages
