"""Reconstruction of geekan/MetaGPT@ba2868974b2ecc3fe4218ad29dd334867c07f678:metagpt/roles/di/team_leader.py (lines 45-62), trimmed; not the original text."""

from metagpt.prompts.di.team_leader import TL_INFO, TL_INSTRUCTION
from metagpt.roles.di.role_zero import RoleZero


class TeamLeader(RoleZero):
    def _get_team_info(self) -> str:
        if not self.rc.env:
            return ""
        team_info = ""
        for role in self.rc.env.roles.values():
            team_info += f"{role.name}: {role.profile}, {role.goal}\n"
        return team_info

    def _get_prefix(self) -> str:
        role_info = super()._get_prefix()
        team_info = self._get_team_info()
        return TL_INFO.format(role_info=role_info, team_info=team_info)

    async def _think(self) -> bool:
        self.instruction = TL_INSTRUCTION.format(team_info=self._get_team_info())
        return await super()._think()
