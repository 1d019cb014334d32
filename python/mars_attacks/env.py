"""`SkirmishEnv`: a skirmish as a multi-agent environment in the shape of PettingZoo's AEC
API (`reset`, `agent_iter`, `last`, `step`, `observe`), on the native `Game`.

    env = SkirmishEnv("scenarios/ambush.toml")
    env.reset(seed=1)
    for agent in env.agent_iter():
        observation, reward, termination, truncation, info = env.last()
        if termination or truncation:
            action = None
        else:
            mask = observation["action_mask"]
            action = pick(observation["observation"], mask)   # an index with mask[index]
        env.step(action)

The agents are the sides, `humans` and `martians`. An observation is a dict: `observation`,
the position as that side may see it (`Game.observation`, a list of
`Game.observation_size()` numbers: nothing the side cannot see), and `action_mask`, which of
the fixed action space's `num_actions` actions are legal: every decision that names no card
(`Game.action_space()`), then slots for the card decisions legal now, in the rules' order
(`Game.action_name(index)` says what an index plays now). The reward
comes at the end: 1 to the winner, -1 to the loser, 0 to both in a draw. Every random thing
is the game's dice, seeded by `reset(seed=...)`, so an episode replays from its seed and
its actions. Needs the package's native module (the wheel)."""

from .engine import EngineError


class SkirmishEnv:
    metadata = {"name": "mars_attacks_skirmish_v0", "is_parallelizable": False}
    possible_agents = ["humans", "martians"]

    def __init__(self, scenario, seed=0):
        from ._native import Game

        self._game_class = Game
        self.scenario = scenario
        self._seed = seed
        self.game = Game(scenario, seed=seed)
        self.num_actions = len(self.game.action_space())
        self.observation_size = Game.observation_size()
        self.reset(seed=seed)

    def reset(self, seed=None, options=None):
        """A new game of the scenario, from `seed` (the last one given if none)."""
        if seed is not None:
            self._seed = seed
        self.game = self._game_class(self.scenario, seed=self._seed)
        self.agents = list(self.possible_agents)
        self.rewards = {a: 0 for a in self.agents}
        self._cumulative_rewards = {a: 0 for a in self.agents}
        self.terminations = {a: False for a in self.agents}
        self.truncations = {a: False for a in self.agents}
        self.infos = {a: {} for a in self.agents}
        self.agent_selection = self.game.to_move

    def observe(self, agent):
        return {
            "observation": self.game.observation(agent),
            "action_mask": self.game.action_mask() if agent == self.game.to_move
            else [False] * self.num_actions,
        }

    def action_name(self, index):
        """What the action numbered `index` plays now, in words (`move c4`)."""
        return self.game.action_name(index)

    def agent_iter(self, max_iter=2 ** 63):
        k = 0
        while self.agents and k < max_iter:
            yield self.agent_selection
            k += 1

    def last(self, observe=True):
        agent = self.agent_selection
        return (
            self.observe(agent) if observe else None,
            self._cumulative_rewards[agent],
            self.terminations[agent],
            self.truncations[agent],
            self.infos[agent],
        )

    def step(self, action):
        """Plays the action numbered `action` for the agent selected; once the game is over,
        each agent steps `None` once and leaves."""
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            if action is not None:
                raise EngineError({"error": f"the game is over: {agent} steps None",
                                   "field": "action"})
            # The agent leaves, and its entries with it (as PettingZoo's dead step).
            self.agents.remove(agent)
            for table in (self.rewards, self._cumulative_rewards, self.terminations,
                          self.truncations, self.infos):
                table.pop(agent, None)
            for a in self.agents:
                self.rewards[a] = 0  # the last step's rewards are counted once
            if self.agents:
                self.agent_selection = self.agents[0]
            return
        self._cumulative_rewards[agent] = 0
        self.game.apply_index(action)
        for a in self.agents:
            self.rewards[a] = 0
        if self.game.is_over:
            result = self.game.result
            for a in self.agents:
                self.rewards[a] = 0 if result == "draw" else (1 if result == a else -1)
                self.terminations[a] = True
            self.agent_selection = agent
        else:
            self.agent_selection = self.game.to_move
        for a in self.agents:
            self._cumulative_rewards[a] += self.rewards[a]
