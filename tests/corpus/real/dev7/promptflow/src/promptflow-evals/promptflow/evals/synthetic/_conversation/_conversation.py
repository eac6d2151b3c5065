"""Reconstruction of microsoft/promptflow@6e76ef49beda52187d8ae38d710632cfeabedde4:src/promptflow-evals/promptflow/evals/synthetic/_conversation/_conversation.py (lines 62-158), trimmed; not the original text."""

from promptflow.evals.synthetic._conversation import ConversationTurn


async def simulate_conversation(bots, session, turn_limit: int = 10, history_limit: int = 5):
    first_response, request, _, full_response = await bots[0].generate_response(
        session=session, conversation_history=[], max_history=history_limit, turn_number=0
    )
    conversation_history = [ConversationTurn(role=bots[0].role, message=first_response["samples"][0])]
    current_turn = 1
    while current_turn < turn_limit:
        current_bot = bots[current_turn % len(bots)]
        response, request, _, full_response = await current_bot.generate_response(
            session=session, conversation_history=conversation_history, max_history=history_limit, turn_number=current_turn
        )
        conversation_history.append(ConversationTurn(role=current_bot.role, message=response["samples"][0]))
        current_turn += 1
    return None, conversation_history
