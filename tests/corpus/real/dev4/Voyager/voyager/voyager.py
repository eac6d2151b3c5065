"""Reconstruction of MineDojo/Voyager@55e45a880755d0c8c66ca7fb5fe7962ac8974f89:voyager/voyager.py (lines 157-293), trimmed; not the original text.

Each action request is [system, human], rebuilt every step: the system message carries the skills
retrieved for this step (the task context first, then the context plus the chat-log summary after
each round), formatted into {programs} ahead of the action template's static instructions
(agents/action.py, render_system_message).
"""

from .agents import ActionAgent, CriticAgent, SkillManager


class Voyager:
    def __init__(self, env, vectordb):
        self.env = env
        self.action_agent = ActionAgent()
        self.critic_agent = CriticAgent()
        self.skill_manager = SkillManager(vectordb)
        self.task = None
        self.context = ""
        self.messages = None

    def reset(self, task, context=""):
        self.task = task
        self.context = context
        events = self.env.step("")
        skills = self.skill_manager.retrieve_skills(query=self.context)  # expect: PL104
        system_message = self.action_agent.render_system_message(skills=skills)
        human_message = self.action_agent.render_human_message(
            events=events, code="", task=self.task, context=context, critique=""
        )
        self.messages = [system_message, human_message]
        return self.messages

    def step(self):
        ai_message = self.action_agent.llm(self.messages)
        code = ai_message.content
        events = self.env.step(code, programs=self.skill_manager.programs)
        success, critique = self.critic_agent.check_task_success(
            events=events,
            task=self.task,
            context=self.context,
            chest_observation=self.action_agent.render_chest_observation(),
        )
        new_skills = self.skill_manager.retrieve_skills(  # expect: PL104
            query=self.context + "\n\n" + self.action_agent.summarize_chatlog(events)
        )
        system_message = self.action_agent.render_system_message(skills=new_skills)
        human_message = self.action_agent.render_human_message(
            events=events, code=code, task=self.task, context=self.context, critique=critique
        )
        self.messages = [system_message, human_message]
        return self.messages, success
