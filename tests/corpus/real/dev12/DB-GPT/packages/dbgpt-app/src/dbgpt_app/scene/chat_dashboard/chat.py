"""Reconstruction of eosphoros-ai/DB-GPT@651fc13e6152d6a8d2f05d2ccfea08467f97a3ee:packages/dbgpt-app/src/dbgpt_app/scene/chat_dashboard/chat.py (lines 63-98), with packages/dbgpt-app/src/dbgpt_app/scene/chat_dashboard/prompt.py (lines 18-66), trimmed; not the original text."""

import json

from dbgpt.core import (
    ChatPromptTemplate,
    HumanPromptTemplate,
    MessagesPlaceholder,
    SystemPromptTemplate,
)
from dbgpt.util.executor_utils import blocking_func_to_async
from dbgpt_app.scene.base_chat import BaseChat

_DEFAULT_TEMPLATE = """
According to the following table structure definition:
{table_info}
Provide professional data analysis to support users' goals:
{input}

Provide at least 4 and at most 8 dimensions of analysis according to user goals.
The output data of the analysis cannot exceed 4 columns, and do not use columns such \
as pay_status in the SQL where condition for data filtering.
According to the characteristics of the analyzed data, choose the most suitable one \
from the charts provided below for data display, chart type:
{supported_chat_type}

Give the correct {dialect} analysis SQL
1.Do not use unprovided values such as 'paid'
2.All queried values must have aliases, such as select count(*) as count from table
3.Carefully check the correctness of the SQL, and respond in the following json format:
{response}
"""

RESPONSE_FORMAT = [{"thoughts": "Current thinking", "showcase": "chart", "sql": "SQL", "title": "Title"}]

prompt = ChatPromptTemplate(
    messages=[
        SystemPromptTemplate.from_template(
            "You are a data analysis expert" + _DEFAULT_TEMPLATE,
            response_format=json.dumps(RESPONSE_FORMAT, indent=4),
        ),
        MessagesPlaceholder(variable_name="chat_history"),
        HumanPromptTemplate.from_template("{input}"),
    ]
)


class ChatDashboard(BaseChat):
    async def generate_input_values(self):
        from dbgpt_serve.datasource.service.db_summary_client import DBSummaryClient

        user_input = self.current_user_input.last_text
        client = DBSummaryClient(system_app=self.system_app)
        try:
            table_infos = await blocking_func_to_async(
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
            "input": user_input,
            "dialect": self.database.dialect,
            "table_info": table_infos,
            "supported_chat_type": self.dashboard_template["supported_chart_type"],
        }
        return input_values
