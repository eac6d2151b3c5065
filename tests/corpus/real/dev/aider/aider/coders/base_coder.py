"""Reconstruction of Aider-AI/aider@5dc9490bb35f9729ef2c95d00a19ccd30c26339c:aider/coders/base_coder.py
(lines 380-400, 598-815, 1002-1046, 1127-1394, 1419-1433, 1783-1805), trimmed; not the original text.

The system prompt is a class constant of the prompts class, filled in fmt_system_prompt with the
platform text (which carries today's date), assembled in format_chat_chunks with the files, the
repo map and the history, and sent through Model.send_completion (aider/models.py).
"""

import os
import platform
import threading
import time
from datetime import datetime

import litellm

from aider.coders.base_prompts import CoderPrompts
from aider.coders.chat_chunks import ChatChunks


class Coder:
    gpt_prompts = CoderPrompts()

    def __init__(self, main_model, io, repo_map=None, summarizer=None, add_cache_headers=False):
        self.main_model = main_model
        self.io = io
        self.repo_map = repo_map
        self.summarizer = summarizer
        self.summarizer_thread = None
        self.summarizing_messages = None
        self.summarized_done_messages = []
        self.add_cache_headers = add_cache_headers
        self.abs_fnames = set()
        self.abs_read_only_fnames = set()
        self.done_messages = []
        self.cur_messages = []
        self.fence = ("```", "```")
        self.suggest_shell_commands = True
        self.repo = None
        self.lint_cmds = {}
        self.test_cmd = None
        self.num_cache_warming_pings = 0
        self.cache_warming_thread = None
        self.ok_to_warm_cache = False
        self.stream = True
        self.temperature = None
        self.functions = None

    def get_all_abs_files(self):
        return [os.path.abspath(f) for f in self.repo.get_tracked_files()] if self.repo else []

    def get_rel_fname(self, fname):
        return os.path.relpath(fname, os.getcwd())

    def get_abs_fnames_content(self):
        for fname in list(self.abs_fnames):  # expect: PL201
            content = self.io.read_text(fname)
            if content is None:
                self.abs_fnames.remove(fname)
            else:
                yield fname, content

    def get_files_content(self, fnames=None):
        prompt = ""
        for fname, content in self.get_abs_fnames_content():
            prompt += "\n" + self.get_rel_fname(fname) + f"\n{self.fence[0]}\n"
            prompt += content
            prompt += f"{self.fence[1]}\n"
        return prompt

    def get_read_only_files_content(self):
        prompt = ""
        for fname in self.abs_read_only_fnames:  # expect: PL201
            content = self.io.read_text(fname)
            if content is not None:
                prompt += "\n" + self.get_rel_fname(fname) + f"\n{self.fence[0]}\n"
                prompt += content
                prompt += f"{self.fence[1]}\n"
        return prompt

    def get_cur_message_text(self):
        text = ""
        for msg in self.cur_messages:
            text += msg["content"] + "\n"
        return text

    def get_repo_map(self, force_refresh=False):
        if not self.repo_map:
            return
        cur_msg_text = self.get_cur_message_text()
        mentioned_fnames = set(w for w in cur_msg_text.split() if "." in w)
        mentioned_idents = set(cur_msg_text.split())
        chat_files = set(self.abs_fnames) | set(self.abs_read_only_fnames)
        other_files = set(self.get_all_abs_files()) - chat_files
        # the map ranks files by what the current message mentions: it changes per request and
        # is sent ahead of the whole history (chunks.repo precedes chunks.done)
        repo_content = self.repo_map.get_repo_map(  # expect: PL104
            chat_files,
            other_files,
            mentioned_fnames=mentioned_fnames,
            mentioned_idents=mentioned_idents,
            force_refresh=force_refresh,
        )
        return repo_content

    def get_repo_messages(self):
        repo_messages = []
        repo_content = self.get_repo_map()
        if repo_content:
            repo_messages += [
                dict(role="user", content=repo_content),
                dict(role="assistant", content="Ok, I won't try and edit those files without asking first."),
            ]
        return repo_messages

    def get_readonly_files_messages(self):
        readonly_messages = []
        read_only_content = self.get_read_only_files_content()
        if read_only_content:
            readonly_messages += [
                dict(role="user", content=self.gpt_prompts.read_only_files_prefix + read_only_content),
                dict(role="assistant", content="Ok, I will use these files as references."),
            ]
        return readonly_messages

    def get_chat_files_messages(self):
        chat_files_messages = []
        if self.abs_fnames:
            files_content = self.gpt_prompts.files_content_prefix + self.get_files_content()
            files_reply = self.gpt_prompts.files_content_assistant_reply
        else:
            files_content = self.gpt_prompts.files_no_full_files
            files_reply = "Ok."
        if files_content:
            chat_files_messages += [
                dict(role="user", content=files_content),
                dict(role="assistant", content=files_reply),
            ]
        return chat_files_messages

    def summarize_start(self):
        if not self.summarizer.too_big(self.done_messages):
            return
        self.summarize_end()
        self.summarizer_thread = threading.Thread(target=self.summarize_worker)
        self.summarizer_thread.start()

    def summarize_worker(self):
        self.summarizing_messages = list(self.done_messages)
        self.summarized_done_messages = self.summarizer.summarize(self.summarizing_messages)

    def summarize_end(self):
        if self.summarizer_thread is None:
            return
        self.summarizer_thread.join()
        self.summarizer_thread = None
        # clean: the summary replaces the history once; later turns are appended to it
        if self.summarizing_messages == self.done_messages:
            self.done_messages = self.summarized_done_messages
        self.summarizing_messages = None
        self.summarized_done_messages = []

    def move_back_cur_messages(self, message):
        self.done_messages += self.cur_messages
        self.summarize_start()
        if message:
            self.done_messages += [
                dict(role="user", content=message),
                dict(role="assistant", content="Ok."),
            ]
        self.cur_messages = []

    def get_platform_info(self):
        platform_text = f"- Platform: {platform.platform()}\n"
        shell_var = "COMSPEC" if os.name == "nt" else "SHELL"
        platform_text += f"- Shell: {shell_var}={os.getenv(shell_var)}\n"
        # today's date goes into the platform text, which fmt_system_prompt puts into the system
        # prompt and the system reminder
        dt = datetime.now().astimezone().strftime("%Y-%m-%d")  # expect: PL101
        platform_text += f"- Current date: {dt}\n"
        if self.repo:
            platform_text += "- The user is operating inside a git repository\n"
        for lang, cmd in self.lint_cmds.items():
            platform_text += f"  - {lang}: {cmd}\n"
        if self.test_cmd:
            platform_text += "- The user prefers this test command: " + self.test_cmd + "\n"
        return platform_text

    def fmt_system_prompt(self, prompt):
        final_reminders = []
        if self.main_model.lazy:
            final_reminders.append(self.gpt_prompts.lazy_prompt)
        platform_text = self.get_platform_info()
        if self.suggest_shell_commands:
            shell_cmd_prompt = self.gpt_prompts.shell_cmd_prompt.format(platform=platform_text)
            shell_cmd_reminder = self.gpt_prompts.shell_cmd_reminder.format(platform=platform_text)
            rename_with_shell = self.gpt_prompts.rename_with_shell
        else:
            shell_cmd_prompt = self.gpt_prompts.no_shell_cmd_prompt.format(platform=platform_text)
            shell_cmd_reminder = self.gpt_prompts.no_shell_cmd_reminder.format(platform=platform_text)
            rename_with_shell = ""
        prompt = prompt.format(
            fence=self.fence,
            quad_backtick_reminder="",
            final_reminders="\n\n".join(final_reminders),
            platform=platform_text,
            shell_cmd_prompt=shell_cmd_prompt,
            rename_with_shell=rename_with_shell,
            shell_cmd_reminder=shell_cmd_reminder,
            go_ahead_tip=self.gpt_prompts.go_ahead_tip,
            language="the same language they are using",
        )
        return prompt

    def format_chat_chunks(self):
        main_sys = self.fmt_system_prompt(self.gpt_prompts.main_system)
        if self.main_model.system_prompt_prefix:
            main_sys = self.main_model.system_prompt_prefix + "\n" + main_sys

        example_messages = []
        for msg in self.gpt_prompts.example_messages:
            example_messages.append(dict(role=msg["role"], content=self.fmt_system_prompt(msg["content"])))

        if self.gpt_prompts.system_reminder:
            main_sys += "\n" + self.fmt_system_prompt(self.gpt_prompts.system_reminder)

        chunks = ChatChunks()
        chunks.system = [dict(role="system", content=main_sys)]
        chunks.examples = example_messages

        self.summarize_end()
        chunks.done = self.done_messages
        chunks.repo = self.get_repo_messages()
        chunks.readonly_files = self.get_readonly_files_messages()
        chunks.chat_files = self.get_chat_files_messages()

        reminder_message = [dict(role="system", content=self.fmt_system_prompt(self.gpt_prompts.system_reminder))]
        chunks.cur = list(self.cur_messages)
        chunks.reminder = []

        final = chunks.cur[-1] if chunks.cur else None
        if self.main_model.reminder == "sys":
            chunks.reminder = reminder_message
        elif self.main_model.reminder == "user" and final and final["role"] == "user":
            # the reminder goes into this request's copy of the latest user message only; the
            # next request sends that message (now earlier in cur or in done) without it
            new_content = final["content"] + "\n\n" + self.fmt_system_prompt(self.gpt_prompts.system_reminder)
            chunks.cur[-1] = dict(role=final["role"], content=new_content)  # expect: PL301
        return chunks

    def format_messages(self):
        chunks = self.format_chat_chunks()
        if self.add_cache_headers:
            chunks.add_cache_control_headers()
        return chunks

    def warm_cache(self, chunks):
        if not self.add_cache_headers or not self.num_cache_warming_pings:
            return
        delay = float(os.environ.get("AIDER_CACHE_KEEPALIVE_DELAY", 5 * 60 - 5))
        self.next_cache_warm = time.time() + delay
        self.warming_pings_left = self.num_cache_warming_pings
        self.cache_warming_chunks = chunks

        def warm_cache_worker():
            while self.ok_to_warm_cache:
                time.sleep(1)
                if self.warming_pings_left <= 0 or time.time() < self.next_cache_warm:
                    continue
                self.warming_pings_left -= 1
                self.next_cache_warm = time.time() + delay
                kwargs = dict(self.main_model.extra_params) or dict()
                kwargs["max_tokens"] = 1
                # clean: re-sends the cached prefix of the last request to keep it warm
                litellm.completion(
                    model=self.main_model.name,
                    messages=self.cache_warming_chunks.cacheable_messages(),
                    stream=False,
                    **kwargs,
                )

        self.cache_warming_thread = threading.Timer(0, warm_cache_worker)
        self.cache_warming_thread.daemon = True
        self.cache_warming_thread.start()
        return chunks

    def send_message(self, inp):
        self.cur_messages += [dict(role="user", content=inp)]
        chunks = self.format_messages()
        messages = chunks.all_messages()
        self.warm_cache(chunks)
        yield from self.send(messages, functions=self.functions)

    def send(self, messages, model=None, functions=None):
        if not model:
            model = self.main_model
        hash_object, completion = model.send_completion(messages, functions, self.stream, self.temperature)
        yield completion
