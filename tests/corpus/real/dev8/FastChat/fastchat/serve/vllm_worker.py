"""Reconstruction of lm-sys/FastChat@0e6d3e4beaab66f4d3f93db72541a4abab8af28d:fastchat/serve/vllm_worker.py (lines 66-120), trimmed; not the original text."""

from vllm import SamplingParams


class VLLMWorker:
    def __init__(self, engine, tokenizer):
        self.engine = engine
        self.tokenizer = tokenizer
        self.call_ct = 0

    async def generate_stream(self, params):
        self.call_ct += 1
        context = params.pop("prompt")
        request_id = params.pop("request_id")
        stop_str = params.get("stop", None)
        stop_token_ids = params.get("stop_token_ids", None) or []

        stop = set()
        if isinstance(stop_str, str) and stop_str != "":
            stop.add(stop_str)
        elif isinstance(stop_str, list) and stop_str != []:
            stop.update(stop_str)
        for tid in stop_token_ids:
            s = self.tokenizer.decode(tid)
            if s != "":
                stop.add(s)

        sampling_params = SamplingParams(n=1, stop=list(stop), stop_token_ids=stop_token_ids)
        async for request_output in self.engine.generate(context, sampling_params, request_id):
            yield request_output
