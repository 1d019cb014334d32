"""`SkirmishAECEnv`: `SkirmishEnv` as a real `pettingzoo.AECEnv`, with gymnasium spaces and
numpy observations, for the RL libraries built on PettingZoo. It needs `pettingzoo` (and
with it `gymnasium` and `numpy`); without them it is `None` and `SkirmishEnv` still works.

    from mars_attacks import SkirmishAECEnv
    from pettingzoo.test import api_test
    api_test(SkirmishAECEnv("scenarios/ambush.toml"), num_cycles=100)

Each agent's observation space is a dict of `observation` (a float32 box of
`Game.observation_size()` numbers) and `action_mask` (an int8 box of 0 and 1 over the
fixed action space); its action space is `Discrete(num_actions)`."""

try:
    import numpy as np
    from gymnasium import spaces
    from pettingzoo import AECEnv
except ImportError:  # the environment's own shape needs none of them
    AECEnv = None

from .env import SkirmishEnv

if AECEnv is None:
    SkirmishAECEnv = None
else:

    class SkirmishAECEnv(SkirmishEnv, AECEnv):
        metadata = {"name": "mars_attacks_skirmish_v0", "is_parallelizable": False,
                    "render_modes": []}
        render_mode = None

        def __init__(self, scenario, seed=0):
            SkirmishEnv.__init__(self, scenario, seed=seed)
            self.observation_spaces = {
                a: spaces.Dict({
                    "observation": spaces.Box(-np.inf, np.inf, (self.observation_size,),
                                              dtype=np.float32),
                    "action_mask": spaces.Box(0, 1, (self.num_actions,), dtype=np.int8),
                })
                for a in self.possible_agents
            }
            self.action_spaces = {a: spaces.Discrete(self.num_actions)
                                  for a in self.possible_agents}

        def observation_space(self, agent):
            return self.observation_spaces[agent]

        def action_space(self, agent):
            return self.action_spaces[agent]

        def observe(self, agent):
            seen = SkirmishEnv.observe(self, agent)
            return {
                "observation": np.asarray(seen["observation"], dtype=np.float32),
                "action_mask": np.asarray(seen["action_mask"], dtype=np.int8),
            }

        def render(self):
            """Nothing to draw: the table (`mars-attacks play`) shows a game."""
            return None

        def close(self):
            pass
