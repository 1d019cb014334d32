"""`SkirmishEnv`, the AEC-shaped environment: whole episodes by random and greedy agents,
rewards at the end, replay from the seed, and observations that hold nothing a side
cannot see (with a positive control); with PettingZoo installed, its own API checker on
`SkirmishAECEnv`."""

import os
import random
import unittest
import warnings

from mars_attacks import EngineError, Game, SkirmishAECEnv, SkirmishEnv

ROOT = os.environ["MARS_ATTACKS_ROOT"]
SCENARIOS = os.path.join(ROOT, "scenarios")
AMBUSH = os.path.join(SCENARIOS, "ambush.toml")


def play(env, agents, seed):
    """One episode; the actions taken and each agent's reward at the end."""
    env.reset(seed=seed)
    taken, final = [], {}
    for agent in env.agent_iter():
        obs, reward, termination, truncation, _ = env.last()
        if termination or truncation:
            final[agent] = reward
            env.step(None)
            continue
        action = agents[agent](env, obs, len(taken))
        assert obs["action_mask"][action], (agent, action)
        taken.append(action)
        env.step(action)
    return taken, final


def random_agent(seed):
    rng = random.Random(seed)

    def pick(env, obs, k):
        return rng.choice([i for i, legal in enumerate(obs["action_mask"]) if legal])
    return pick


def greedy_agent(env, obs, k):
    return env.game.action_index(env.game.choose("greedy", seed=k))


class EnvTest(unittest.TestCase):
    def test_episodes_end_with_rewards_that_add_up_and_replay_from_their_seed(self):
        env = SkirmishEnv(AMBUSH)
        self.assertEqual(env.observation_size, Game.observation_size())
        for seed in range(3):
            agents = {"humans": random_agent(seed), "martians": random_agent(seed + 100)}
            taken, final = play(env, agents, seed)
            self.assertEqual(set(final), {"humans", "martians"})
            self.assertIn(sorted(final.values()), ([-1, 1], [0, 0]))
            self.assertEqual(env.agents, [])
            again = {"humans": random_agent(seed), "martians": random_agent(seed + 100)}
            self.assertEqual(play(env, again, seed)[0], taken)

    def test_greedy_beats_random_through_the_environment(self):
        env = SkirmishEnv(AMBUSH)
        wins = 0
        for seed in range(20):
            greedy_side = "humans" if seed % 2 == 0 else "martians"
            other = "martians" if greedy_side == "humans" else "humans"
            agents = {greedy_side: greedy_agent, other: random_agent(seed)}
            wins += play(env, agents, seed)[1][greedy_side] == 1
        # greedy wins most of its games against random on either side.
        self.assertGreaterEqual(wins, 15, wins)

    def test_every_shipped_scenarios_legal_actions_are_in_the_action_space(self):
        for name in sorted(os.listdir(SCENARIOS)):
            if not name.endswith(".toml"):
                continue
            env = SkirmishEnv(os.path.join(SCENARIOS, name))
            agents = {"humans": random_agent(1), "martians": random_agent(2)}
            play(env, agents, 1)

    def test_a_side_sees_nothing_of_the_other_hand(self):
        g = Game(AMBUSH, seed=1)
        for _ in range(6):
            g.apply(g.choose("greedy"))
        humans = g.observation("humans")
        martians = g.observation("martians")
        self.assertEqual(len(humans), Game.observation_size())
        changed = 0
        for seed in range(10):
            other = g.copy()
            # The Martians' hand dealt afresh: the Humans cannot tell the two apart...
            other.determinize("humans", seed)
            self.assertEqual(other.observation("humans"), humans)
            # ...while the Martians can (the control: the vector does read the hand).
            changed += other.observation("martians") != martians
        self.assertGreater(changed, 0)

    def test_a_step_out_of_turn_is_refused(self):
        env = SkirmishEnv(AMBUSH)
        with self.assertRaises(EngineError) as e:
            env.step(env.num_actions + 5)
        self.assertEqual(e.exception.field, "action")


class PettingZooTest(unittest.TestCase):
    @unittest.skipIf(SkirmishAECEnv is None, "pettingzoo is not installed")
    def test_pettingzoos_own_checker_passes(self):
        from pettingzoo.test import api_test

        with warnings.catch_warnings():
            # Its advice on names (`player_0`) and on plain-box spaces: the sides are
            # named as the rules name them, and the mask belongs beside the observation.
            warnings.simplefilter("ignore", UserWarning)
            api_test(SkirmishAECEnv(AMBUSH), num_cycles=200)


if __name__ == "__main__":
    unittest.main()
