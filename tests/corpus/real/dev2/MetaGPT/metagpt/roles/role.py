"""Reconstruction of geekan/MetaGPT@ba2868974b2ecc3fe4218ad29dd334867c07f678:metagpt/roles/role.py (lines 323-338), trimmed; not the original text."""

from metagpt.memory.memory import Memory

PREFIX_TEMPLATE = "You are a {profile}, named {name}, your goal is {goal}. "
CONSTRAINT_TEMPLATE = "the constraint is {constraints}. "


class RoleContext:
    def __init__(self) -> None:
        self.memory = Memory()
        self.env = None
        self.todo = None


class Role:
    def __init__(self, name: str, profile: str, goal: str, constraints: str = "", desc: str = "") -> None:
        self.name = name
        self.profile = profile
        self.goal = goal
        self.constraints = constraints
        self.desc = desc
        self.rc = RoleContext()

    def get_memories(self, k=0) -> list:
        return self.rc.memory.get(k=k)

    def _get_prefix(self) -> str:
        if self.desc:
            return self.desc
        prefix = PREFIX_TEMPLATE.format(profile=self.profile, name=self.name, goal=self.goal)
        if self.constraints:
            prefix += CONSTRAINT_TEMPLATE.format(constraints=self.constraints)
        if self.rc.env and self.rc.env.desc:
            # role_names() reads the env's roles dict in insertion order
            other_role_names = ", ".join(r for r in self.rc.env.role_names() if r != self.name)
            prefix += f"You are in {self.rc.env.desc} with roles({other_role_names})."
        return prefix
