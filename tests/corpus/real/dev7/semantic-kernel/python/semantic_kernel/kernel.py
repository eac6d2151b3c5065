"""Reconstruction of microsoft/semantic-kernel@b39d95a34435f4c1d55dd00c86120ce118d847e1:python/semantic_kernel/kernel.py (lines 325-463), trimmed; not the original text.

Each concurrent function call appends its result to the shared history when it finishes
(chat_completion_client_base.py 153 gathers them): the tool messages come in completion order.
"""

from semantic_kernel.functions.kernel_function_extension import KernelFunctionExtension


class FunctionResultContent:
    def __init__(self, call_id: str, name: str, result):
        self.call_id = call_id
        self.name = name
        self.result = result

    def to_chat_message_content(self) -> dict:
        return {"role": "tool", "tool_call_id": self.call_id, "content": str(self.result)}


class Kernel(KernelFunctionExtension):
    async def invoke_function_call(self, function_call, chat_history: list, arguments=None, request_index=None):
        function_to_call = self.plugins[function_call.plugin_name].functions[function_call.function_name]
        result = await function_to_call.invoke(self, function_call.to_kernel_arguments())
        frc = FunctionResultContent(call_id=function_call.id, name=function_call.name, result=result)
        message = frc.to_chat_message_content()
        chat_history.append(message)  # expect: PL201
        return None
