"""Reconstruction of 567-labs/instructor@cc67955310e64056bcf8a087d570a85972a58c40:instructor/batch.py (lines 39, 113-164), trimmed; not the original text."""
# custom_id is a batch line's id, not prompt text.
import json
import uuid

import instructor
from instructor.process_response import handle_response_model


class BatchJob:
    @classmethod
    def create_from_messages(cls, messages_batch, model, response_model, file_path, max_tokens=1000):
        _, kwargs = handle_response_model(
            response_model=response_model, mode=instructor.Mode.ANTHROPIC_JSON
        )
        with open(file_path, "w") as file:
            for messages in messages_batch:
                request = {
                    "custom_id": str(uuid.uuid4()),
                    "params": {
                        "model": model,
                        "max_tokens": max_tokens,
                        "messages": messages,
                        **kwargs,
                    },
                }
                file.write(json.dumps(request) + "\n")
