"""Reconstruction of stanford-oval/storm@fb951af7744dab086e34962e9bc6fe878e145f83:knowledge_storm/lm.py
(lines 57-109, 112-120), trimmed; not the original text.

The LM wrapper: the DSPy prompt becomes the one user message of a litellm request.
"""

import functools

import litellm
import ujson


@functools.lru_cache(maxsize=10000)
def cached_litellm_completion(request):
    return litellm_completion(request, cache={"no-cache": False, "no-store": False})


def litellm_completion(request, cache={"no-cache": True, "no-store": True}):
    return litellm.completion(cache=cache, **ujson.loads(request))


class LM:
    def __init__(self, model, model_type="chat", temperature=0.0, max_tokens=1000, cache=True, **kwargs):
        self.model = model
        self.model_type = model_type
        self.cache = cache
        self.kwargs = dict(temperature=temperature, max_tokens=max_tokens, **kwargs)
        self.history = []

    def __call__(self, prompt=None, messages=None, **kwargs):
        cache = kwargs.pop("cache", self.cache)
        messages = messages or [{"role": "user", "content": prompt}]
        kwargs = {**self.kwargs, **kwargs}
        completion = cached_litellm_completion if cache else litellm_completion
        # clean: the messages list is kept in order; the merged kwargs are sampling parameters
        response = completion(ujson.dumps(dict(model=self.model, messages=messages, **kwargs)))
        outputs = [c.message.content for c in response["choices"]]
        self.history.append(dict(prompt=prompt, messages=messages, kwargs=kwargs, outputs=outputs))
        return outputs
