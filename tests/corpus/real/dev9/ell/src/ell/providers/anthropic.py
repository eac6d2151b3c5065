"""Reconstruction of MadcowD/ell@9d129846203e75efeb4e5cddd3fb1c164dc0b243:src/ell/providers/anthropic.py (lines 22-67), trimmed; not the original text."""
# pop(0) moves the system message out to system=; consecutive same-role messages are
# merged into fresh lists the same way on every request.


class AnthropicProvider:
    def translate_to_provider(self, ell_call):
        final_call_params = ell_call.api_params.copy()
        dirty_msgs = [
            {"role": message.role, "content": [{"type": "text", "text": c.text} for c in message.content]}
            for message in ell_call.messages
        ]
        role_correct_msgs = []
        for msg in dirty_msgs:
            if not len(role_correct_msgs) or role_correct_msgs[-1]["role"] != msg["role"]:
                role_correct_msgs.append(msg)
            else:
                role_correct_msgs[-1]["content"].extend(msg["content"])

        system_message = None
        if role_correct_msgs and role_correct_msgs[0]["role"] == "system":
            system_message = role_correct_msgs.pop(0)
        if system_message:
            final_call_params["system"] = system_message["content"][0]["text"]

        final_call_params["stream"] = True
        final_call_params["model"] = ell_call.model
        final_call_params["messages"] = role_correct_msgs
        if ell_call.tools:
            final_call_params["tools"] = [
                dict(
                    name=tool.__name__,
                    description=tool.__doc__,
                    input_schema=tool.__ell_params_model__.model_json_schema(),
                )
                for tool in ell_call.tools
            ]
        return final_call_params
