"""Reconstruction of eosphoros-ai/DB-GPT@651fc13e6152d6a8d2f05d2ccfea08467f97a3ee:packages/dbgpt-app/src/dbgpt_app/scene/chat_data/chat_excel/excel_analyze/prompt.py (lines 15-108, 222-229), trimmed; not the original text."""

from dbgpt.core import (
    ChatPromptTemplate,
    HumanPromptTemplate,
    MessagesPlaceholder,
    SystemPromptTemplate,
)

_PROMPT_SCENE_DEFINE = "You are a data analysis expert. "

_DEFAULT_TEMPLATE = """
The user has a table file data to be analyzed, which has already been imported into a \
DuckDB table. \
A sample of the data is as follows:
```json
{data_example}
```
The DuckDB table structure information is as follows:
{table_schema}
For DuckDB, please pay special attention to the following DuckDB syntax rules:
### When using GROUP BY in DuckDB SQL queries, note these key points:
1. Any non-aggregate columns that appear in the SELECT clause must also appear in the \
GROUP BY clause
2. When referencing a column in ORDER BY or window functions, ensure that column has \
been properly selected in the preceding CTE or query
3. When building multi-layer CTEs, ensure column reference consistency between layers, \
especially for columns used in sorting and joining
4. If a column doesn't need an exact value, you can use the ANY_VALUE() function as an \
alternative
Based on the data structure information provided, please answer the user's questions \
through DuckDB SQL data analysis while meeting the following constraints.
Constraints:
	1. Please fully understand the user's question and analyze it using DuckDB SQL. \
	Return the analysis content according to the output format required below, with \
	the SQL output in the corresponding SQL parameter
	2. Please choose the best one from the display methods given below for data \
	display method. Available data display methods are: {display_type}
	3. The table name to be used in the SQL is: {table_name}. Please check your \
	generated SQL and do not use column names that are not in the data structure
	4. Prioritize using data analysis methods to answer. If the user's question does \
	not involve data analysis content, you can answer based on your understanding
Note that the answer must conform to the <api-call> format! Please answer in the same \
language as the user's question!
User question: {user_input}
"""

prompt = ChatPromptTemplate(
    messages=[
        SystemPromptTemplate.from_template(_PROMPT_SCENE_DEFINE + _DEFAULT_TEMPLATE),
        MessagesPlaceholder(variable_name="chat_history"),
        HumanPromptTemplate.from_template("{user_input}"),
    ]
)
