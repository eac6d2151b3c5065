"""Reconstruction of MineDojo/Voyager@55e45a880755d0c8c66ca7fb5fe7962ac8974f89:voyager/agents/__init__.py (lines 1-4), trimmed; not the original text."""

from .action import ActionAgent
from .critic import CriticAgent
from .curriculum import CurriculumAgent
from .skill import SkillManager
