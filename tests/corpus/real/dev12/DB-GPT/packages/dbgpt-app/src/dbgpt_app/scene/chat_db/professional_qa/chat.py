"""Reconstruction of eosphoros-ai/DB-GPT@651fc13e6152d6a8d2f05d2ccfea08467f97a3ee:packages/dbgpt-app/src/dbgpt_app/scene/chat_db/professional_qa/chat.py (lines 53-85), trimmed; not the original text."""

from dbgpt.util.executor_utils import blocking_func_to_async
from dbgpt_app.scene.base_chat import BaseChat



class ChatWithDbQA(BaseChat):
    async def generate_input_values(self):
        from dbgpt_serve.datasource.service.db_summary_client import DBSummaryClient

        user_input = self.current_user_input.last_text
        table_infos = None
        if self.db_name:
            client = DBSummaryClient(system_app=self.system_app)
            try:
                table_infos = await blocking_func_to_async(  # expect: PL104
                    self._executor,
                    client.get_db_summary,
                    self.db_name,
                    user_input,
                    self.top_k,
                )
            except Exception:
                table_infos = await blocking_func_to_async(
                    self._executor, self.database.table_simple_info
                )
        input_values = {
            "input": user_input,
            "table_info": table_infos,
        }
        return input_values
