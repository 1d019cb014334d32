"""The native module, `mars_attacks._native`, from Python: `Game` (legal, apply, copy,
result, rollouts and their policies, snapshots, batches, the evaluation) and `InProcessEngine` (serve's requests in-process)."""

import os
import unittest

import mars_attacks
from mars_attacks import EngineError, Game, InProcessEngine

ROOT = os.environ["MARS_ATTACKS_ROOT"]
AMBUSH = os.path.join(ROOT, "scenarios", "ambush.toml")


class GameTest(unittest.TestCase):
    def test_a_new_game_offers_the_side_to_move_its_legal_actions(self):
        g = Game(AMBUSH, seed=1)
        # Ambush on Route 9: the Martians act first, one activation for each of their five.
        self.assertEqual(g.to_move, "martians")
        self.assertEqual(g.legal(), [f"activate m{i}" for i in range(8, 13)])
        self.assertFalse(g.is_over)
        self.assertIsNone(g.result)
        self.assertEqual((g.vp("humans"), g.vp("martians"), g.round), (0, 0, 1))

    def test_an_illegal_action_is_refused_with_its_field_and_changes_nothing(self):
        g = Game(AMBUSH, seed=1)
        before = g.legal()
        for bad in ["shoot m99", "fly away"]:
            with self.assertRaises(EngineError) as e:
                g.apply(bad)
            self.assertEqual(e.exception.field, "action")
            self.assertIn(f"`{bad}`", e.exception.error)
        self.assertEqual(g.legal(), before)
        with self.assertRaises(EngineError) as e:
            g.vp("cows")
        self.assertEqual(e.exception.field, "side")

    def test_a_missing_scenario_says_which_file(self):
        with self.assertRaises(EngineError) as e:
            Game(os.path.join(ROOT, "no-such.toml"))
        self.assertEqual(e.exception.field, "scenario")
        self.assertIn("no-such.toml", e.exception.error)

    def test_a_copy_goes_its_own_way(self):
        g = Game(AMBUSH, seed=1)
        c = g.copy()
        c.apply("activate m8")
        self.assertEqual(g.legal(), [f"activate m{i}" for i in range(8, 13)])
        self.assertNotEqual(c.legal(), g.legal())

    def test_the_same_seed_plays_the_same_game(self):
        a, b = Game(AMBUSH, seed=3), Game(AMBUSH, seed=3)
        for g in (a, b):
            for _ in range(40):
                if g.is_over:
                    break
                g.apply(g.legal()[-1], seed=7)
        self.assertEqual(a.legal(), b.legal())
        self.assertEqual((a.vp("humans"), a.vp("martians")), (b.vp("humans"), b.vp("martians")))

    def test_rollouts_end_every_game_and_replay_from_their_seeds(self):
        g = Game(AMBUSH, seed=1)
        for policy in ("random", "greedy"):
            first = g.rollouts(list(range(30)), policy=policy)
            self.assertEqual(len(first), 30)
            self.assertTrue(set(first) <= {"humans", "martians", "draw"}, first)
            self.assertEqual(g.rollouts(list(range(30)), policy=policy), first)
        # The game rolled out from is unchanged; a rollout in place ends it.
        self.assertFalse(g.is_over)
        result = g.rollout("greedy", seed=5)
        self.assertTrue(g.is_over)
        self.assertEqual(g.result, result)
        with self.assertRaises(EngineError) as e:
            g.rollouts([1], policy="mcts:1000")
        self.assertEqual(e.exception.field, "policy")

    def test_a_rollout_may_stop_at_the_end_of_the_turn(self):
        g = Game(AMBUSH, seed=1)
        turn, player = g.turn, g.turn_player
        self.assertEqual(player, "martians")
        # The Martians' first Turn cannot end the game (no side is near its target).
        self.assertIsNone(g.rollout("greedy", seed=2, until="turn"))
        self.assertFalse(g.is_over)
        self.assertEqual(g.turn, turn + 1)
        self.assertEqual(g.turn_player, "humans")
        with self.assertRaises(EngineError) as e:
            g.rollout(until="round")
        self.assertEqual(e.exception.field, "until")

    def test_a_softmax_over_greedys_scores_plays_whole_games(self):
        g = Game(AMBUSH, seed=1)
        for policy in ("softmax", "softmax:0.5"):
            first = g.rollouts(list(range(20)), policy=policy)
            self.assertTrue(set(first) <= {"humans", "martians", "draw"}, first)
            self.assertEqual(g.rollouts(list(range(20)), policy=policy), first)
        # Cold, it plays what greedy plays (the best score); hot, it spreads its choices.
        greedy = {g.choose("greedy", seed=s) for s in range(40)}
        cold = {g.choose("softmax:0.0001", seed=s) for s in range(40)}
        hot = {g.choose("softmax:1000", seed=s) for s in range(40)}
        self.assertTrue(cold <= greedy, (cold, greedy))
        self.assertGreater(len(hot), len(cold))
        for bad in ("softmax:0", "softmax:-1", "softmax:warm", "mcts:1000"):
            with self.assertRaises(EngineError) as e:
                g.choose(bad)
            self.assertEqual(e.exception.field, "policy")

    def test_a_snapshot_loads_as_the_position_its_side_saw(self):
        g = Game(AMBUSH, seed=4)
        while g.to_move != "humans" or g.legal()[0].startswith("deploy"):
            g.apply(g.choose("greedy", seed=g.turn), seed=g.turn)
        snapshot, game = g.snapshot("humans"), g.game_info()
        for seed in (1, 2):
            loaded = Game.from_snapshot(game, snapshot, seed=seed)
            self.assertEqual(loaded.legal(), g.legal())
            self.assertEqual(loaded.observation("humans"), g.observation("humans"))
            self.assertEqual((loaded.round, loaded.turn_player), (g.round, g.turn_player))
            self.assertEqual(loaded.vp("martians"), g.vp("martians"))
        # Loaded again (the game read once and kept), it is the same position.
        again = Game.from_snapshot(game, snapshot, seed=1)
        self.assertEqual(again.observation("humans"), g.observation("humans"))
        # The whole game message is read as well as its `game` field.
        message = '{"type": "game", "game": ' + game + "}"
        self.assertEqual(Game.from_snapshot(message, snapshot).legal(), g.legal())
        with self.assertRaises(EngineError) as e:
            Game.from_snapshot(game, "not*base64")
        self.assertEqual(e.exception.field, "snapshot")
        with self.assertRaises(EngineError) as e:
            Game.from_snapshot('{"name": 3}', snapshot)
        self.assertEqual(e.exception.field, "game")

    def test_a_batch_is_the_same_as_one_call_a_game_and_all_or_nothing(self):
        games = [Game(AMBUSH, seed=s) for s in range(4)]
        singles = [g.copy() for g in games]
        self.assertEqual(Game.legal_many(games), [g.legal() for g in singles])
        actions = [g.legal()[-1] for g in games]
        Game.apply_many(games, actions, seeds=[9, 9, 9, 9])
        for g, a in zip(singles, actions):
            g.apply(a, seed=9)
        self.assertEqual(Game.legal_many(games), [g.legal() for g in singles])
        before = Game.legal_many(games)
        bad = [games[0].legal()[0], "shoot m99", games[2].legal()[0], games[3].legal()[0]]
        with self.assertRaises(EngineError) as e:
            Game.apply_many(games, bad)
        self.assertEqual(e.exception.field, "actions")
        self.assertIn("game 1", e.exception.error)
        self.assertEqual(Game.legal_many(games), before)
        with self.assertRaises(EngineError):
            Game.apply_many(games, bad[:2])
        with self.assertRaises(EngineError) as e:
            Game.apply_many([games[0], games[0]], [before[0][0], before[0][0]])
        self.assertIn("same game", e.exception.error)
        self.assertEqual(Game.legal_many(games), before)

    def test_the_evaluation_is_a_chance_to_win_and_the_result_at_the_end(self):
        g = Game(AMBUSH, seed=1)
        h, m = g.evaluate("humans"), g.evaluate("martians")
        self.assertTrue(0.0 < h < 1.0, h)
        self.assertAlmostEqual(h + m, 1.0, places=12)
        result = g.rollout("greedy", seed=3)
        if result == "draw":
            self.assertEqual(g.evaluate("humans"), 0.5)
        else:
            self.assertEqual(g.evaluate(result), 1.0)
        with self.assertRaises(EngineError) as e:
            g.evaluate("cows")
        self.assertEqual(e.exception.field, "side")


class InProcessEngineTest(unittest.TestCase):
    def test_the_requests_of_serve_are_answered_in_process(self):
        with InProcessEngine() as engine:
            loaded = engine.load(scenario=AMBUSH, seed=1)
            self.assertEqual(loaded["to_move"], "martians")
            legal = engine.legal()["legal"]
            self.assertEqual(legal, Game(AMBUSH, seed=1).legal())
            engine.apply(legal[0], seed=2)
            self.assertNotEqual(engine.legal()["legal"], legal)
            engine.copy("other")
            engine.drop("other")
            with self.assertRaises(EngineError) as e:
                engine.apply("shoot m99")
            self.assertEqual(e.exception.field, "action")
            with self.assertRaises(EngineError):
                engine.request({"type": "fly"})

    def test_the_package_names_its_native_parts(self):
        self.assertIs(mars_attacks.Game, Game)
        self.assertIn("InProcessEngine", mars_attacks.__all__)


if __name__ == "__main__":
    unittest.main()
