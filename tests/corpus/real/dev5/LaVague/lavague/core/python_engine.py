"""Reconstruction of lavague-ai/LaVague@9024bb832c40291cd012916757f27ef60469b22d:lavague-core/lavague/core/python_engine.py (lines 109-210), trimmed; not the original text."""

from typing import Any

from llama_index.core import Document, SimpleDirectoryReader, VectorStoreIndex


class PythonEngine:
    def __init__(self, driver: Any, llm: Any, embedding: Any, ocr_mm_llm: Any, n_search_attempts: int = 10) -> None:
        self.driver = driver
        self.llm = llm
        self.embedding = embedding
        self.ocr_mm_llm = ocr_mm_llm
        self.n_search_attempts = n_search_attempts
        self.temp_screenshots_path = "./tmp_screenshots"

    def perform_fallback(self, instruction: str) -> str:
        memory = ""
        prompt = (
            "You must respond with a JSON object in the following format:\n{\n"
            f'    "ret": "[any relevant text transcribed from the image in order to answer the query {instruction} - answer with full sentences.]",\n'  # expect: PL104
            '    "score": [a confidence score between 0 and 1 that the necessary context has been captured]\n}\n'
            "If you believe the transcription is incomplete or lacks context, adjust the 'score' accordingly.\n"
            f"When setting the score value - you can also take into account the following additional information from previous transcriptions {memory}\n"
        )
        output = ""
        for _ in range(self.n_search_attempts):
            screenshots = SimpleDirectoryReader(self.temp_screenshots_path).load_data()
            output = self.ocr_mm_llm.complete(image_documents=screenshots, prompt=prompt).text.strip()
            if output:
                break
        return output

    def execute_instruction(self, instruction: str) -> str:
        page_content = self.driver.get_html()
        index = VectorStoreIndex.from_documents([Document(text=page_content)], embed_model=self.embedding)
        query_engine = index.as_query_engine(llm=self.llm)
        prompt = f"""
        Based on the context provided, you must respond to query with a YAML object in the following format:
        score: [a float value between 0 and 1 on your confidence that you have enough context to answer the question]
        ret: "[your answer]"
        The query is: {instruction}
        """
        # the QA template puts the retrieved page chunks ahead of this query text
        output = query_engine.query(prompt).response.strip()  # expect: PL104
        if not output:
            output = self.perform_fallback(instruction)
        return output
