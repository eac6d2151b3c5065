"""Reconstruction of vanna-ai/vanna@365d0617c1a4567ffee1b19b40c27feb4206bfcf:src/vanna/tools/run_sql.py (lines 60-110), trimmed; not the original text."""

import uuid


class RunSqlTool:
    def __init__(self, sql_runner, file_system):
        self.sql_runner = sql_runner
        self.file_system = file_system

    async def execute(self, context, args):
        df = await self.sql_runner.run_sql(args, context)
        if df.empty:
            return "Query executed successfully. No rows returned."
        # the file name goes into this tool result once and stays in the history unchanged
        file_id = str(uuid.uuid4())[:8]
        filename = f"query_results_{file_id}.csv"
        csv_content = df.to_csv(index=False)
        await self.file_system.write_file(filename, csv_content, context, overwrite=True)
        results_preview = csv_content[:1000]
        return f"{results_preview}\n\nResults saved to file: {filename}"
