"""Reconstruction of OpenInterpreter/open-interpreter@dcfcffa9af13737bee1fa128364a718b56324998:interpreter/core/respond.py
(lines 14-90, 412-460), trimmed; not the original text.
"""

from .render_message import render_message


def respond(interpreter):
    insert_loop_message = False
    loop_message = interpreter.loop_message
    while True:
        system_message = interpreter.system_message
        for language in interpreter.computer.terminal.languages:
            if hasattr(language, "system_message"):
                system_message += "\n\n" + language.system_message
        if interpreter.custom_instructions:
            system_message += "\n\n" + interpreter.custom_instructions
        if interpreter.computer.import_computer_api and interpreter.computer.system_message not in system_message:
            system_message = system_message + "\n\n" + interpreter.computer.system_message
        rendered_system_message = {"role": "system", "type": "message", "content": render_message(interpreter, system_message)}
        messages_for_llm = [rendered_system_message] + interpreter.messages.copy()
        if insert_loop_message:
            messages_for_llm.append({"role": "user", "type": "message", "content": loop_message})
            insert_loop_message = False
        for chunk in interpreter.llm.run(messages_for_llm):
            interpreter.messages.append(chunk)
        if interpreter.loop and interpreter.messages and interpreter.messages[-1].get("role", "") == "assistant":
            # clean: the loop message is only ever this request's last user turn, never stored
            interpreter.messages = [message for message in interpreter.messages if message.get("content", "") != loop_message]
            combined_messages = []
            for message in interpreter.messages:
                if combined_messages and message["role"] == "assistant" and combined_messages[-1]["role"] == "assistant" and message["type"] == "message" and combined_messages[-1]["type"] == "message":
                    # clean (doubtful): the newest reply is appended to the previous assistant
                    # message; what changes starts where that message ended
                    combined_messages[-1]["content"] += "\n" + message["content"]
                else:
                    combined_messages.append(message)
            interpreter.messages = combined_messages
            insert_loop_message = True
            continue
        break
