"""Reconstruction of eosphoros-ai/DB-GPT@651fc13e6152d6a8d2f05d2ccfea08467f97a3ee:packages/dbgpt-app/src/dbgpt_app/scene/chat_data/chat_excel/excel_analyze/chat.py (lines 122-143), with packages/dbgpt-app/src/dbgpt_app/scene/chat_data/chat_excel/excel_reader.py (lines 304-310), trimmed; not the original text."""

import json

from dbgpt.util.executor_utils import blocking_func_to_async
from dbgpt_app.scene.base_chat import BaseChat


class ExcelReader:
    def get_sample_data(self, table_name: str):
        columns, datas = self.run(
            f"SELECT * FROM {table_name} USING SAMPLE 5;",
            table_name=table_name,
            transform=False,
        )
        return columns, datas


class ChatExcel(BaseChat):
    async def generate_input_values(self):
        table_schema = await blocking_func_to_async(
            self._executor, self.excel_reader.get_create_table_sql, self._curr_table
        )
        colunms, datas = await blocking_func_to_async(  # expect: PL103
            self._executor, self.excel_reader.get_sample_data, self._curr_table
        )
        input_values = {
            "user_input": self.current_user_input.last_text,
            "table_name": self._curr_table,
            "display_type": self._generate_numbered_list(),
            "table_schema": table_schema,
            "data_example": json.dumps(datas, cls=EnhancedJSONEncoder, ensure_ascii=False),
        }
        return input_values
