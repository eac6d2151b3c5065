"""Reconstruction of 567-labs/instructor@cc67955310e64056bcf8a087d570a85972a58c40:instructor/reask.py (lines 203-222), trimmed; not the original text."""
# Retries append the failed answer and the validation error: append-only.


def reask_tools(kwargs, response, exception):
    kwargs = kwargs.copy()
    reask_msgs = [response.choices[0].message.model_dump()]
    for tool_call in response.choices[0].message.tool_calls:
        reask_msgs.append(
            {
                "role": "tool",
                "tool_call_id": tool_call.id,
                "name": tool_call.function.name,
                "content": f"Validation Error found:\n{exception}\nRecall the function correctly, fix the errors",
            }
        )
    kwargs["messages"].extend(reask_msgs)
    return kwargs
