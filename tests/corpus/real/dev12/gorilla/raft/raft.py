"""Reconstruction of ShishirPatil/gorilla@6ea57973c7a6097fd7c5915698c54c17c5b1b6c8:raft/raft.py (lines 227-376), trimmed; not the original text."""

import random
import uuid

prompt_templates = {
    "llama": """
        Question: {question}
        Context: {context}

        Answer this question using the information given in the context above.

        Instructions:
        - Provide step-by-step reasoning on how to answer the question.
        - Explain which parts of the context are meaningful and why.
        - Copy paste the relevant sentences from the context in ##begin_quote## and ##end_quote##.
        - Provide a summary of how you reached your answer.
        - End your response with the final answer in the form <ANSWER>: $answer, the answer should be succinct.
        - You MUST begin your final answer with the tag "<ANSWER>:".

        Here are some samples:

        Example question: What movement did the arrest of Jack Weinberg in Sproul Plaza give rise to?
        Example answer: To answer the question, we need to identify the movement that was sparked by the arrest of Jack Weinberg in Sproul Plaza.
        The context provided gives us the necessary information to determine this.
        First, we look for the part of the context that directly mentions Jack Weinberg's arrest.
        We find it in the sentence: ##begin_quote##The arrest in Sproul Plaza of Jack Weinberg, a recent Berkeley alumnus and chair of Campus CORE,
        prompted a series of student-led acts of formal remonstrance and civil disobedience that ultimately gave rise to the Free Speech Movement##end_quote##.
        From this sentence, we understand that the arrest of Jack Weinberg led to student-led acts which then gave rise to a specific movement.
        The name of the movement is explicitly mentioned in the same sentence as the "Free Speech Movement."
        Therefore, based on the context provided, we can conclude that the arrest of Jack Weinberg in Sproul Plaza gave rise to the Free Speech Movement.
        <ANSWER>: Free Speech Movement
    """
}


def encode_question_gen(question, chunk, prompt_key="llama"):
    prompts = []
    prompt = prompt_templates[prompt_key].format(question=question, context=str(chunk))
    prompts.append({"role": "system", "content": "You are a helpful question answerer who can provide an answer given a question and relevant context."})
    prompts.append({"role": "user", "content": prompt})
    return prompts


def generate_label(chat_completer, question, context, model=None, prompt_key="llama"):
    question = encode_question_gen(question, context, prompt_key)
    response = chat_completer(model=model, messages=question, n=1, temperature=0, max_tokens=512)
    return response.choices[0].message.content


def add_chunk_to_dataset(chat_completer, chunks, chunk, chunk_id, question, num_distract=3, p=0.8, model=None):
    datapt = {"id": None, "question": None, "context": None, "oracle_context": None, "cot_answer": None}
    datapt["id"] = str(uuid.uuid4())
    datapt["question"] = question
    docs = [chunk]
    indices = list(range(0, len(chunks)))
    indices.remove(chunk_id)
    for j in random.sample(indices, num_distract):
        docs.append(chunks[j])
    oracle = random.uniform(0, 1) < p
    if not oracle:
        docs[0] = chunks[random.sample(indices, 1)[0]]
    random.shuffle(docs)
    datapt["context"] = {"title": [["placeholder_title"] * (num_distract + 1)], "sentences": [docs]}
    datapt["oracle_context"] = chunk
    datapt["cot_answer"] = generate_label(chat_completer, question, chunk, model=model)
    context = ""
    for doc in docs:
        context += "<DOCUMENT>" + str(doc) + "</DOCUMENT>\n"
    context += question
    datapt["instruction"] = context
    return datapt
