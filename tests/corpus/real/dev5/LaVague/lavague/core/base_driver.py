"""Reconstruction of lavague-ai/LaVague@9024bb832c40291cd012916757f27ef60469b22d:lavague-core/lavague/core/base_driver.py (lines 232-272), trimmed; not the original text."""

from datetime import datetime
from typing import Any


class BaseDriver:
    previously_scanned = False

    def get_capability(self) -> str:
        raise NotImplementedError

    def get_obs(self) -> dict[str, Any]:
        folder = self.get_current_screenshot_folder()
        self.save_screenshot(folder)
        return {
            "html": self.get_html(),
            "screenshots_path": str(folder),
            "url": self.get_url(),
            "date": datetime.now().isoformat(),
            "tab_info": self.get_tabs(),
        }

    def get_current_screenshot_folder(self) -> str:
        return "./screenshots"

    def save_screenshot(self, folder: str) -> None: ...

    def get_html(self) -> str:
        return ""

    def get_url(self) -> str:
        return ""

    def get_tabs(self) -> str:
        return ""
