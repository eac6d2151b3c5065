"""Reconstruction of infiniflow/ragflow@b1b8cd623520b97b2526ffb1514bd812bdcc7eaf:agent/component/llm.py (lines 128-165, 299-366, 378-381, 430-500), trimmed; not the original text."""

import json
from copy import deepcopy

from rag.prompts.generator import citation_prompt, message_fit_in


class LLM:
    component_name = "LLM"

    def _sys_prompt_and_msg(self, msg, args):
        history_size = len(msg)
        for p in self._param.prompts:
            formatted = deepcopy(p)
            formatted["content"] = self.string_format(formatted["content"], args)
            if len(msg) == history_size and msg and msg[-1]["role"] == formatted["role"]:
                msg[-1] = formatted
            else:
                msg.append(formatted)
        return msg, self.string_format(self._param.sys_prompt, args)

    @classmethod
    def fit_messages(cls, system_prompt, msg, max_length):
        _, msg_fit = message_fit_in([{"role": "system", "content": system_prompt}, *deepcopy(msg)], int((max_length or 8192) * 0.97))
        return msg_fit, None

    def _prepare_prompt_variables(self):
        args = {}
        vars = self.get_input_elements()
        for k, o in vars.items():
            args[k] = o["value"]
            if args[k] is None:
                args[k] = ""
            if not isinstance(args[k], str):
                args[k] = json.dumps(args[k], ensure_ascii=False)
        msg, sys_prompt = self._sys_prompt_and_msg(self._canvas.get_history(self._param.message_history_window_size)[:-1], args)
        user_defined_prompt = {}
        if self._param.cite and self._canvas.get_reference()["chunks"]:
            sys_prompt += citation_prompt(user_defined_prompt)
        return sys_prompt, msg, user_defined_prompt

    async def _generate_async(self, msg, **kwargs):
        return await self.chat_mdl.async_chat(msg[0]["content"], msg[1:], self._param.gen_conf(), **kwargs)

    async def _invoke_async(self, **kwargs):
        prompt, msg, _ = self._prepare_prompt_variables()
        error = ""
        for _ in range(self._param.max_retries + 1):
            msg_fit, fit_error = self.fit_messages(prompt, msg, self.chat_mdl.max_length)
            if fit_error:
                error = fit_error
                break
            error = ""
            ans = await self._generate_async(msg_fit)
            msg_fit.pop(0)
            if ans.find("**ERROR**") >= 0:
                error = ans
                continue
            self.set_output("content", ans)
            break
