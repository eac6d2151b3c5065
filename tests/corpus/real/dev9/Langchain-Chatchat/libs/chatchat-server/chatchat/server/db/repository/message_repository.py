"""Reconstruction of chatchat-space/Langchain-Chatchat@49165d6af4438aa7e8a1f71ce276db55f4405151:libs/chatchat-server/chatchat/server/db/repository/message_repository.py (lines 75-92), trimmed; not the original text."""

from chatchat.server.db.models.message_model import MessageModel
from chatchat.server.db.session import with_session


@with_session
def filter_message(session, conversation_id: str, limit: int = 10):
    messages = (
        session.query(MessageModel)
        .filter_by(conversation_id=conversation_id)
        .filter(MessageModel.response != "")
        .order_by(MessageModel.create_time.desc())
        .limit(limit)
        .all()
    )
    data = []
    for m in messages:
        data.append({"query": m.query, "response": m.response, "metadata": m.meta_data})
    return data
