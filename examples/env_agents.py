"""Agents through the multi-agent environment: a random agent and a greedy one play whole
episodes of `SkirmishEnv` (PettingZoo's AEC shape), seats swapped, and the greedy agent's
score is printed. Nothing is trained: this is the loop a learning agent plugs into.

    pip install ./python
    python3 examples/env_agents.py [scenarios/ambush.toml] [episodes]

An agent sees only its observation (`observation`: what its side may see, as numbers;
`action_mask`: which actions are legal) and answers an index into the fixed action space.
The greedy agent asks the engine what its greedy player would do (`Game.choose`), which
reads only what the side to move may see.
"""

import random
import sys

from mars_attacks import SkirmishEnv

SCENARIO = sys.argv[1] if len(sys.argv) > 1 else "scenarios/ambush.toml"
EPISODES = int(sys.argv[2]) if len(sys.argv) > 2 else 20


def random_agent(rng):
    def act(env, observation, step):
        legal = [i for i, ok in enumerate(observation["action_mask"]) if ok]
        return rng.choice(legal)
    return act


def greedy_agent(env, observation, step):
    return env.game.action_index(env.game.choose("greedy", seed=step))


def episode(env, agents, seed):
    """One game; each agent's reward at the end (1 a win, -1 a loss, 0 a draw)."""
    env.reset(seed=seed)
    rewards = {}
    for step, agent in enumerate(env.agent_iter()):
        observation, reward, termination, truncation, _ = env.last()
        if termination or truncation:
            rewards[agent] = reward
            env.step(None)
            continue
        env.step(agents[agent](env, observation, step))
    return rewards


def main():
    env = SkirmishEnv(SCENARIO)
    rng = random.Random(1)
    score = 0.0
    for k in range(EPISODES):
        greedy_side = ("humans", "martians")[k % 2]
        other = "martians" if greedy_side == "humans" else "humans"
        rewards = episode(env, {greedy_side: greedy_agent, other: random_agent(rng)}, seed=k)
        score += (rewards[greedy_side] + 1) / 2
    print(f"{SCENARIO}: greedy scored {score / EPISODES:.3f} against random "
          f"over {EPISODES} episodes, seats swapped")


if __name__ == "__main__":
    main()
