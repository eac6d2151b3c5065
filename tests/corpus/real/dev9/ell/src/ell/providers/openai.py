"""Reconstruction of MadcowD/ell@9d129846203e75efeb4e5cddd3fb1c164dc0b243:src/ell/providers/openai.py (lines 20-91), trimmed; not the original text."""
# Tools in the decorator's order, pydantic schemas; tool-call arguments re-serialised from
# the model's parsed params (pydantic field order).
import json


class OpenAIProvider:
    def translate_to_provider(self, ell_call):
        final_call_params = ell_call.api_params.copy()
        final_call_params["model"] = ell_call.model
        if ell_call.tools:
            final_call_params.update(
                tool_choice=final_call_params.get("tool_choice", "auto"),
                tools=[
                    dict(
                        type="function",
                        function=dict(
                            name=tool.__name__,
                            description=tool.__doc__,
                            parameters=tool.__ell_params_model__.model_json_schema(),
                        ),
                    )
                    for tool in ell_call.tools
                ],
            )
        openai_messages = []
        for message in ell_call.messages:
            if tool_calls := message.tool_calls:
                openai_messages.append(dict(
                    tool_calls=[
                        dict(
                            id=tool_call.tool_call_id,
                            type="function",
                            function=dict(
                                name=tool_call.tool.__name__,
                                arguments=json.dumps(tool_call.params.model_dump(), ensure_ascii=False),
                            ),
                        )
                        for tool_call in tool_calls
                    ],
                    role="assistant",
                    content=None,
                ))
            elif tool_results := message.tool_results:
                for tool_result in tool_results:
                    openai_messages.append(dict(role="tool", tool_call_id=tool_result.tool_call_id, content=tool_result.text_only))
            else:
                openai_messages.append(dict(role=message.role, content=message.text_only))
        final_call_params["messages"] = openai_messages
        return final_call_params
