"""Reconstruction of microsoft/UFO@b28183fd426452c6cb511627c9bd32a929f29406:ufo/agents/agent/app_agent.py (lines 43-163, 297-332, 496-529, 558-672), trimmed; not the original text."""

from typing import Any, Dict, List

from aip.messages import Command, MCPToolInfo
from ufo.agents.agent.basic import BasicAgent
from ufo.prompter.agent_prompter import AppAgentPrompter


class AppAgent(BasicAgent):
    def get_prompter(self, is_visual, main_prompt, example_prompt) -> AppAgentPrompter:
        return AppAgentPrompter(is_visual, main_prompt, example_prompt)

    def message_constructor(
        self,
        dynamic_examples: str,
        dynamic_knowledge: str,
        image_list: List,
        control_info: str,
        prev_subtask: List[Dict[str, str]],
        plan: List[str],
        request: str,
        subtask: str,
        current_application: str,
        host_message: List[str],
        blackboard_prompt: List[Dict[str, str]],
        last_success_actions: List[Dict[str, Any]],
        include_last_screenshot: bool,
    ):
        # the examples retrieved for the subtask sit at the end of the system template
        appagent_prompt_system_message = self.prompter.system_prompt_construction(
            dynamic_examples
        )
        appagent_prompt_user_message = self.prompter.user_content_construction(
            image_list=image_list,
            control_item=control_info,
            prev_subtask=prev_subtask,
            prev_plan=plan,
            user_request=request,
            subtask=subtask,
            current_application=current_application,
            host_message=host_message,
            retrieved_docs=dynamic_knowledge,
            last_success_actions=last_success_actions,
            include_last_screenshot=include_last_screenshot,
        )
        if blackboard_prompt:
            appagent_prompt_user_message = blackboard_prompt + appagent_prompt_user_message
        appagent_prompt_message = self.prompter.prompt_construction(
            appagent_prompt_system_message, appagent_prompt_user_message
        )
        return appagent_prompt_message

    def rag_experience_retrieve(self, request: str, experience_top_k: int) -> List[Dict[str, Any]]:
        retrieved_docs = []
        experience_docs = self.experience_retriever.retrieve(
            request,
            experience_top_k,
            filter=lambda x: self._app_root_name.lower() in [a.lower() for a in x["app_list"]],
        )
        for doc in experience_docs or []:
            retrieved_docs.append(
                {
                    "Request": doc.metadata.get("request", ""),
                    "Response": doc.metadata.get("example", {}),
                    "Sub-task": doc.metadata.get("Sub-task", ""),
                    "Tips": doc.metadata.get("Tips", ""),
                }
            )
        return retrieved_docs

    async def _load_mcp_context(self, context) -> None:
        result = await context.command_dispatcher.execute_commands(
            [Command(tool_name="list_tools", parameters={"tool_type": "action"}, tool_type="action")]
        )
        tool_list = result[0].result if result else None
        tools_info = [MCPToolInfo(**tool) for tool in tool_list]
        self.prompter.create_api_prompt_template(tools=tools_info)


class OpenAIOperatorAgent(AppAgent):
    def message_constructor(
        self,
        subtask: str,
        image: str,
        tools: List[Dict[str, str]],
        response_id: str,
        previous_computer_id: str,
        host_message: List[str],
        acknowledged_safety_checks: List[str],
        is_first_step: bool,
    ):
        subtask_request = f"Please complete the following subtask: {subtask}"
        if host_message:
            tips = "\n- ".join(host_message)
            subtask_request += f"\nHere are some tips for you to complete the task:\n - {tips}"
        if is_first_step:
            return {"inputs": subtask_request, "tools": tools}
        # later steps chain on the stored response: only the new screenshot is sent
        messages = {
            "type": "computer_call_output",
            "call_id": previous_computer_id,
            "output": {"type": "computer_screenshot", "image_url": image},
            "acknowledged_safety_checks": acknowledged_safety_checks,
        }
        return {"inputs": [messages], "tools": tools, "previous_response_id": response_id}
