"""Tests of the mars_attacks package against the engine (`mars-attacks serve`).

Run from the repository: MARS_ATTACKS=target/debug/mars-attacks python3 -m unittest
discover -s python/tests -t python (the Rust test suite runs them so, in
tests/it/python_package.rs).
"""

import glob
import os
import random
import stat
import sys
import tempfile
import time
import unittest

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
sys.path.insert(0, os.path.join(ROOT, "python"))

from mars_attacks import Engine, EngineError  # noqa: E402

AMBUSH = os.path.join(ROOT, "scenarios", "ambush.toml")
SHELF = sorted(glob.glob(os.path.join(ROOT, "scenarios", "*.toml")))


def exploding(dice, value, top=80):
    """P(k successes) of `dice` D8 at `value`+, every 8 a success that adds a die (R14),
    by convolving one die's distribution: P(0) = (v-1)/8, P(k) = (1/8)^k (v-1)/8 +
    (1/8)^(k-1) (8-v)/8."""
    one = [(value - 1) / 8] + [
        (1 / 8) ** k * (value - 1) / 8 + (1 / 8) ** (k - 1) * (8 - value) / 8
        for k in range(1, top)]
    dist = [1.0]
    for _ in range(dice):
        new = [0.0] * min(len(dist) + top, top)
        for i, p in enumerate(dist):
            for j, q in enumerate(one):
                if i + j < top:
                    new[i + j] += p * q
        dist = new
    return dist


def shoot_odds(dice, value, survive_dice, survive, armour):
    a = exploding(dice, value)
    d = exploding(survive_dice, survive)
    kill = rattled = 0.0
    for k, pa in enumerate(a):
        for s, pd in enumerate(d):
            if k > s + armour:
                kill += pa * pd
            elif k > s:
                rattled += pa * pd
    return kill, rattled, 1 - kill - rattled


class EngineTest(unittest.TestCase):
    def setUp(self):
        self.engine = Engine()

    def tearDown(self):
        self.engine.close()

    def play_until(self, want, seed):
        """Random legal actions from a new game until one starting with `want` is legal."""
        e = self.engine
        e.load(scenario=AMBUSH, seed=seed)
        rng = random.Random(seed)
        for _ in range(3000):
            legal = e.legal()
            if legal["outcome"] is not None:
                return None
            hits = [a for a in legal["legal"] if a.startswith(want)]
            if hits:
                return hits[0]
            e.apply(rng.choice(legal["legal"]), seed=rng.randrange(2**63))
        return None

    def test_a_game_loads_and_lists_its_legal_actions(self):
        loaded = self.engine.load(scenario=AMBUSH, seed=5)
        self.assertEqual(loaded["type"], "loaded")
        self.assertEqual(len(loaded["fingerprint"]), 16)
        legal = self.engine.legal()
        self.assertIn(legal["to_move"], ("humans", "martians"))
        self.assertTrue(legal["legal"])

    def test_the_same_seeds_play_the_same_game(self):
        e = self.engine
        e.load(scenario=AMBUSH, seed=9)
        e.copy("a")
        e.copy("b")
        ends = []
        for name in ("a", "b"):
            rng = random.Random(4)
            answer = None
            for _ in range(5000):
                legal = e.legal(state=name)
                if legal["outcome"] is not None:
                    answer = legal
                    break
                action = rng.choice(legal["legal"])
                e.apply(action, seed=rng.randrange(2**63), state=name)
            self.assertIsNotNone(answer, "the game ends")
            ends.append((answer["vp"], answer["outcome"], answer["round"]))
        self.assertEqual(ends[0], ends[1])

    def test_errors_name_the_field_and_change_nothing(self):
        e = self.engine
        e.load(scenario=AMBUSH, seed=1)
        before = e.legal()
        with self.assertRaises(EngineError) as err:
            e.apply("zzz")
        self.assertEqual(err.exception.field, "action")
        with self.assertRaises(EngineError) as err:
            e.apply("activate m1")  # the Martians' Turn
        self.assertIn("not legal", err.exception.error)
        with self.assertRaises(EngineError) as err:
            e.legal(state="nowhere")
        self.assertEqual(err.exception.field, "state")
        with self.assertRaises(EngineError) as err:
            e.request({"type": "teleport"})
        self.assertEqual(err.exception.field, "type")
        with self.assertRaises(EngineError) as err:
            e.odds(shoot={"dice": 4, "value": 9, "survive_dice": 3, "survive": 5})
        self.assertEqual(err.exception.field, "shoot")
        self.assertEqual(e.legal(), before)

    def test_shoot_and_fight_odds_are_the_exact_dice(self):
        for dice, value, sd, sv, armour in [(4, 4, 3, 5, 0), (3, 5, 3, 6, 1), (5, 4, 3, 4, 1)]:
            got = self.engine.odds(shoot={"dice": dice, "value": value, "survive_dice": sd,
                                          "survive": sv, "armour": armour})
            kill, rattled, miss = shoot_odds(dice, value, sd, sv, armour)
            self.assertAlmostEqual(got["kill"], kill, places=12)
            self.assertAlmostEqual(got["rattled"], rattled, places=12)
            self.assertAlmostEqual(got["miss"], miss, places=12)
        # A Fight the defender Survives: the attacker wins on more successes (R16).
        got = self.engine.odds(fight={"dice": 4, "value": 4, "defender_dice": 3,
                                      "defend": 5, "defender_fights": False})
        a, d = exploding(4, 4), exploding(3, 5)
        wins = sum(pa * pd for k, pa in enumerate(a) for s, pd in enumerate(d) if k > s)
        self.assertAlmostEqual(got["attacker_wins"], wins, places=12)
        self.assertEqual(got["defender_wins"], 0.0)

    def test_a_decision_snapshot_loads_back_as_the_side_sees_it(self):
        e = self.engine
        self.assertIsNotNone(self.play_until("shoot", seed=3))
        side = e.legal()["to_move"]
        decide = e.state(side=side, snapshot=True)["decide"]
        fingerprint = e.load(scenario=AMBUSH, seed=0, state="other")["fingerprint"]
        loaded = e.load(decide=decide, fingerprint=fingerprint, seed=11, state="mine")
        self.assertEqual(loaded["side"], side)
        again = e.state(side=side, snapshot=True, state="mine")["decide"]
        self.assertEqual(again, decide)
        # Another deal of the other hand: what the side sees is the same.
        e.determinize(side, seed=99, state="mine", into="dealt")
        self.assertEqual(e.state(side=side, snapshot=True, state="dealt")["decide"], decide)

    def test_a_roll_replays_from_the_dice_given(self):
        e = self.engine
        action = self.play_until("shoot", seed=7)
        self.assertIsNotNone(action)
        # The shot, then its response windows, until a decision rolls dice.
        for _ in range(10):
            e.copy("before")
            first = e.apply(action, seed=12345)
            rolls = [ev["faces"] for ev in first["events"]
                     if ev["type"] in ("roll", "effect_roll")]
            if rolls:
                break
            action = e.legal()["legal"][0]
        self.assertTrue(rolls)
        # Another seed, the same dice given: the same rolls and the same position.
        again = e.apply(action, seed=1, dice=rolls, state="before", into="given")
        self.assertEqual([ev["faces"] for ev in again["events"]
                          if ev["type"] in ("roll", "effect_roll")], rolls)
        side = first["to_move"] or "humans"
        self.assertEqual(e.state(side=side)["decide"]["state"],
                         e.state(side=side, state="given")["decide"]["state"])
        with self.assertRaises(EngineError) as err:
            e.apply(action, dice=[rolls[0] + [1]], state="before")
        self.assertEqual(err.exception.field, "dice")

    def test_annotations_come_with_the_legal_actions_when_asked(self):
        e = self.engine
        shot = self.play_until("shoot", seed=3)
        legal = e.legal(annotate=True)
        info = legal["annotations"]["actions"][shot]["shoot"]
        kill, rattled, miss = shoot_odds(info["dice"], info["shoot"], info["survive_dice"],
                                         info["survive"], info["armour"])
        self.assertAlmostEqual(info["kill"], kill, places=12)
        self.assertEqual(e.odds(action=shot)["odds"], {"shoot": info})

    def test_every_shipped_scenario_loads_back_from_a_decision_snapshot(self):
        # Hidden counters and all: a snapshot of each scenario's set-up (seed 5 of Who's
        # There? never answered before) loads back as the side sees it.
        e = self.engine
        self.assertEqual(len(SHELF), 8)
        for path in SHELF:
            loaded = e.load(scenario=path, seed=5)
            side = e.legal()["to_move"]
            decide = e.state(side=side, snapshot=True)["decide"]
            e.load(decide=decide, fingerprint=loaded["fingerprint"], seed=3, state="back")
            again = e.state(side=side, snapshot=True, state="back")["decide"]
            self.assertEqual(again, decide, path)


def fake_engine(body):
    """A program in place of the engine: a shell script running `body`."""
    handle, path = tempfile.mkstemp(suffix=".sh")
    with os.fdopen(handle, "w") as f:
        f.write("#!/bin/sh\n" + body + "\n")
    os.chmod(path, stat.S_IRWXU)
    return path


class FaultyEngineTest(unittest.TestCase):
    """An engine that does not answer, or answers wrong, raises EngineError and nothing
    else, and never blocks past the timeout."""

    def check_fault(self, body, words, **options):
        program = fake_engine(body)
        try:
            engine = Engine(program=program, **options)
            started = time.monotonic()
            with self.assertRaises(EngineError) as err:
                engine.legal()
            self.assertLess(time.monotonic() - started, 10)
            self.assertIn(words, err.exception.error)
            # Every later request is refused at once.
            with self.assertRaises(EngineError):
                engine.legal()
            engine.close()
        finally:
            os.unlink(program)

    def test_an_engine_that_never_answers_times_out(self):
        self.check_fault("sleep 30", "did not answer within 0.5 s", timeout=0.5)

    def test_an_answer_past_the_cap_is_refused(self):
        self.check_fault("head -c 5000 /dev/zero | tr '\\0' x; sleep 30", "longer than 1000 bytes",
                         max_answer_bytes=1000)

    def test_an_answer_that_is_not_json_is_refused(self):
        self.check_fault("echo 'not json'; sleep 30", "not JSON")

    def test_an_engine_that_exits_is_said_to(self):
        self.check_fault("exit 0", "has exited")

    def test_a_missing_program_is_an_engine_error(self):
        with self.assertRaises(EngineError) as err:
            Engine(program="/nonexistent/mars-attacks")
        self.assertIn("cannot start", err.exception.error)


if __name__ == "__main__":
    unittest.main()
