"""Reconstruction of MadcowD/ell@9d129846203e75efeb4e5cddd3fb1c164dc0b243:examples/future/openaigym.py (lines 2-12, 26-55, 84-118), trimmed; not the original text."""
# The last three renders go into the user message of each one-shot request (after the
# state vector); the fixed system prompt comes first.
import ell

ACTIONS = "0: do nothing\n1: fire left engine\n2: fire main engine\n3: fire right engine"


@ell.complex(model="gpt-4o-2024-08-06", temperature=0.1)
def control_game(prev_renders, current_state):
    return [
        ell.system("You are a lunar lander. Land on the moon by getting y to 0.\n{actions}".format(actions=ACTIONS)),
        ell.user([f"Current state vector: {list(current_state)}", "Previous 3 renders:", *prev_renders]),
    ]


def play(env):
    observation, info = env.reset()
    prev_render_buffer = []
    for _ in range(1000):
        prev_render_buffer.append(env.render())
        if len(prev_render_buffer) > 3:
            prev_render_buffer.pop(0)
        action = control_game(prev_renders=prev_render_buffer, current_state=observation).parsed.action
        observation, reward, terminated, truncated, info = env.step(action)
        if terminated or truncated:
            break
