"""Reconstruction of lm-sys/FastChat@0e6d3e4beaab66f4d3f93db72541a4abab8af28d:fastchat/serve/inference.py (lines 62-110), trimmed; not the original text."""

import torch


@torch.inference_mode()
def generate_stream(model, tokenizer, params, device, context_len=2048, stream_interval=2):
    prompt = params["prompt"]
    max_new_tokens = int(params.get("max_new_tokens", 256))
    input_ids = tokenizer(prompt).input_ids

    if model.config.is_encoder_decoder:
        max_src_len = context_len
    else:
        max_src_len = context_len - max_new_tokens - 1

    # Left truncation, decided again for each request's prompt.
    input_ids = input_ids[-max_src_len:]  # expect: PL301
    output_ids = list(input_ids)
    out = model(torch.as_tensor([input_ids], device=device), use_cache=True)
    return out, output_ids
