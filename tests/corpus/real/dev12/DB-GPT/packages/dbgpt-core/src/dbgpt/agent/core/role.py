"""Reconstruction of eosphoros-ai/DB-GPT@651fc13e6152d6a8d2f05d2ccfea08467f97a3ee:packages/dbgpt-core/src/dbgpt/agent/core/role.py (lines 408-470), trimmed; not the original text."""

import json
import os
from datetime import datetime


class Role:
    def _write_op_snapshot(self, step, action, thought=None, action_input=None,
                           observation=None, output_dir="snapshots", conv_id=""):
        snapshot_dir = os.path.join(output_dir, conv_id) if conv_id else output_dir
        os.makedirs(snapshot_dir, exist_ok=True)
        filename = f"step_{step:03d}_{action}.json"
        filepath = os.path.join(snapshot_dir, filename)
        payload = {
            "step": step,
            "action": action,
            "thought": thought or "",
            "action_input": action_input or "",
            "observation": observation or "",
            "timestamp": datetime.utcnow().isoformat(),
            "conv_id": conv_id,
        }
        with open(filepath, "w", encoding="utf-8") as f:
            json.dump(payload, f, ensure_ascii=False, indent=2)
        return filepath
