"""Reconstruction of MineDojo/Voyager@55e45a880755d0c8c66ca7fb5fe7962ac8974f89:voyager/agents/action.py (lines 1-12, 34-38, 75-199, 258-280), trimmed; not the original text.

The system message is the action template with the control primitives and the skills the
caller retrieved formatted into {programs}, ahead of the template's instructions and response
format; the human message (the observation) is the last message of a two-message request.
"""

from langchain.chat_models import ChatOpenAI
from langchain.prompts import SystemMessagePromptTemplate
from langchain.schema import HumanMessage, SystemMessage

from voyager.control_primitives_context import load_control_primitives_context
from voyager.prompts import load_prompt


class ActionAgent:
    def __init__(self, model_name="gpt-3.5-turbo", temperature=0, request_timout=120):
        self.chest_memory = {}
        self.execution_error = True
        self.chat_log = True
        self.llm = ChatOpenAI(
            model_name=model_name, temperature=temperature, request_timeout=request_timout
        )

    def render_chest_observation(self):
        chests = [f"{pos}: {chest}" for pos, chest in self.chest_memory.items() if chest]
        if chests:
            return "Chests:\n" + "\n".join(chests) + "\n\n"
        return "Chests: None\n\n"

    def render_system_message(self, skills=[]):
        system_template = load_prompt("action_template")
        base_skills = ["exploreUntil", "mineBlock", "craftItem", "placeItem", "smeltItem", "killMob"]
        if not self.llm.model_name == "gpt-3.5-turbo":
            base_skills += ["useChest", "mineflayer"]
        programs = "\n\n".join(load_control_primitives_context(base_skills) + skills)
        response_format = load_prompt("action_response_format")
        system_message_prompt = SystemMessagePromptTemplate.from_template(system_template)
        system_message = system_message_prompt.format(
            programs=programs, response_format=response_format
        )
        assert isinstance(system_message, SystemMessage)
        return system_message

    def render_human_message(self, *, events, code="", task="", context="", critique=""):
        error_messages = []
        chat_messages = []
        for event_type, event in events:
            if event_type == "onChat":
                chat_messages.append(event["onChat"])
            elif event_type == "onError":
                error_messages.append(event["onError"])
            elif event_type == "observe":
                status = event["status"]
                inventory = event["inventory"]
        observation = ""
        if code:
            observation += f"Code from the last round:\n{code}\n\n"
        else:
            observation += "Code from the last round: No code in the first round\n\n"
        if self.execution_error:
            error = "\n".join(error_messages) if error_messages else "No error"
            observation += f"Execution error: {error}\n\n"
        observation += f"Biome: {status['biome']}\n\n"
        observation += f"Time: {status['timeOfDay']}\n\n"
        observation += f"Health: {status['health']:.1f}/20\n\n"
        observation += f"Inventory ({status['inventoryUsed']}/36): {inventory or 'Empty'}\n\n"
        observation += self.render_chest_observation()
        observation += f"Task: {task}\n\n"
        observation += f"Context: {context or 'None'}\n\n"
        observation += f"Critique: {critique or 'None'}\n\n"
        return HumanMessage(content=observation)

    def summarize_chatlog(self, events):
        def filter_item(message):
            prefix = "I cannot make "
            return message[len(prefix):] if message.startswith(prefix) else ""

        chatlog = set()
        for event_type, event in events:
            if event_type == "onChat":
                item = filter_item(event["onChat"])
                if item:
                    chatlog.add(item)
        return "I also need " + ", ".join(chatlog) + "." if chatlog else ""
