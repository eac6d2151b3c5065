"""Reconstruction of eosphoros-ai/DB-GPT@651fc13e6152d6a8d2f05d2ccfea08467f97a3ee:packages/dbgpt-app/src/dbgpt_app/scene/chat_db/auto_execute/chat.py (lines 26-88), trimmed; not the original text."""

from dbgpt.util.executor_utils import blocking_func_to_async
from dbgpt_app.scene.base_chat import BaseChat


class ChatWithDbAutoExecute(BaseChat):
    def __init__(self, chat_param, system_app):
        self.db_name = chat_param.select_param
        self.curr_config = chat_param.real_app_config(ChatWithDBExecuteConfig)
        super().__init__(chat_param=chat_param, system_app=system_app)
        self.database = ConnectorManager.get_instance(system_app).get_connector(self.db_name)

    async def generate_input_values(self):
        from dbgpt_serve.datasource.service.db_summary_client import DBSummaryClient

        user_input = self.current_user_input.last_text
        client = DBSummaryClient(system_app=self.system_app)
        try:
            table_infos = await blocking_func_to_async(  # expect: PL104
                self._executor,
                client.get_db_summary,
                self.db_name,
                user_input,
                self.curr_config.schema_retrieve_top_k,
            )
        except Exception:
            table_infos = await blocking_func_to_async(
                self._executor, self.database.table_simple_info
            )
        input_values = {
            "db_name": self.db_name,
            "user_input": user_input,
            "top_k": self.curr_config.max_num_results,
            "dialect": self.database.dialect,
            "table_info": table_infos,
            "display_type": self._generate_numbered_list(),
        }
        return input_values
