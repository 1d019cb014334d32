#!/usr/bin/env python3
"""A mars-attacks bot of protocol version 2 that plays from what the engine tells it.

It asks for version 2, the annotated legal actions and to be kept between the games of a
run, and reads nothing else: no file, no `los` or `steps` call. From the `game` message
it takes the board's sight and step tables, the profiles (armour included), the VP each
model is worth, the exit edges and the zones; from each decision's annotations the exact
odds of every shot, charge, defence, area attack and response. Then, one look ahead:

- shots by their exact odds of a kill (a Rattle counts a little), focusing fire on the
  enemies that threaten most: those that have not acted yet and see our models;
- an Aim when the extra die is worth more than the step it costs;
- a step by the shot it leaves, the progress it makes towards the goals (enemies,
  counters, exits, zones to hold, over the step table) and the cover it gives: the enemy's
  chance to kill the model there, from the sight table and the profiles;
- a charge, a Fight's opponent and a defence by the Fight's exact odds for both
  defences; an area attack by the expected kills of each side;
- a card on a test when it changes the odds enough to be worth the card.

    mars-attacks duel scenarios/ambush.toml \\
        "exec:python3 examples/bots/tactician_bot.py" greedy --games 20 --seed 1

Standard library only.
"""

import json
import random
import sys
from collections import deque

COLUMNS = "abcdefgh"

# How much a step's progress towards the goals counts, and the change of the model's chance
# to be shot there (times its worth), beside the VP of a shot or a counter.
PROGRESS = 0.2
COVER = 0.3
# What an Aim gives up: the step it costs.
AIM_COST = 0.05
# How much more a shot is worth at an enemy that threatens our models (focus fire).
FOCUS = 1.0


def index(square):
    """'c4' as its index in the static tables (a1 = 0, h1 = 7, a8 = 56)."""
    return COLUMNS.index(square[0]) + 8 * (int(square[1]) - 1)


def chebyshev(a, b):
    return max(abs(a % 8 - b % 8), abs(a // 8 - b // 8))


# ----- the enemy's shots: no annotation gives them, so they are counted here --------------

_ODDS = {}


def successes(dice, value, top=40):
    """P(k successes) of `dice` D8 at `value`+, each 8 a success and one more die (R14)."""
    one = [(value - 1) / 8] + [(1 / 8) ** k * (value - 1) / 8 + (1 / 8) ** (k - 1) * (8 - value) / 8
                               for k in range(1, top)]
    dist = [1.0]
    for _ in range(dice):
        new = [0.0] * top
        for i, p in enumerate(dist):
            if p:
                for j, q in enumerate(one[:top - i]):
                    new[i + j] += p * q
        dist = new
    return dist


def kill_chance(dice, shoot, survive, armour):
    """The chance a Shoot test kills (R15): more successes than 3 Survive dice + armour."""
    key = (dice, shoot, survive, armour)
    if key not in _ODDS:
        a, d = successes(dice, shoot), successes(3, survive)
        _ODDS[key] = sum(pa * pd for k, pa in enumerate(a) for s, pd in enumerate(d)
                         if k > s + armour)
    return _ODDS[key]


class Game:
    """The static game: what stays the same while it is played."""

    def __init__(self, info, side):
        self.side = side
        self.enemy = "martians" if side == "humans" else "humans"
        board = info["board"]
        self.sight = board["sight"]
        self.steps = board["steps"]
        self.profiles = info["profiles"]
        self.models = {m["id"]: m for m in info["models"]}
        self.rules = {s: info[s] for s in ("humans", "martians")}
        mine = self.rules[side]
        self.exit_squares = set()
        if mine["exit"]:
            edge = mine["exit"]
            for i in range(64):
                col, row = i % 8, i // 8
                if (edge == "north" and row == 7) or (edge == "south" and row == 0) or \
                        (edge == "east" and col == 7) or (edge == "west" and col == 0):
                    self.exit_squares.add(i)
        self.hold_squares = {index(s) for h in mine["holds"] if h["vp"] > 0 for s in h["squares"]}
        self.own_counter = "Critter" if side == "martians" else "Alien Secret"
        # What each half does and how its Support set is aimed level by level.
        self.halves = {}
        for card in info["deck"]["cards"]:
            for half in (card.get("martians"), card.get("humans"), card.get("event")):
                if half:
                    self.halves[half["slug"]] = half
        # A face-down counter's worth to us, by the share of each kind among them (R24).
        c = info["counters"]
        total = c["critters"] + c["secrets"] + c["objectives"]
        own = c["critters"] if side == "martians" else c["secrets"]
        self.face_down_vp = 0.0 if total == 0 else (
            own * mine["vp"]["counter"] + c["objectives"] * mine["vp"]["objective"]) / total

    def worth(self, model_id, fight=False):
        """The VP its killer scores (R18)."""
        m = self.models[model_id]
        if m.get("kill_vp") is not None:
            return m["kill_vp"]
        killer = self.rules["martians" if m["side"] == "humans" else "humans"]["vp"]
        return killer["fight_kill" if fight else "shoot_kill"] or 1

    def exit_worth(self, model_id):
        m = self.models[model_id]
        if m.get("exit_vp") is not None:
            return m["exit_vp"]
        return self.rules[m["side"]]["vp"]["exit"]

    def distances(self, goals, blocked):
        """Steps from every square to the nearest goal, over the step table."""
        dist = [None] * 64
        queue = deque()
        for g in goals:
            dist[g] = 0
            queue.append(g)
        while queue:
            a = queue.popleft()
            for b in self.steps[a]:
                # A wall blocks both ways: the steps from the goals reach what reaches them.
                if dist[b] is None and b not in blocked:
                    dist[b] = dist[a] + 1
                    queue.append(b)
        return dist


class Tactician:
    def __init__(self):
        self.rng = random.Random(0)
        self.game = None
        self.side = None

    # ----- the position ------------------------------------------------------------------

    def read(self, msg):
        state = msg["state"]
        self.state = state
        self.ann = msg.get("annotations") or {"actions": {}, "test": None}
        self.on_board = {m["id"]: m for m in state["models"] if m["place"] == "board"}
        self.at = {mid: index(m["square"]) for mid, m in self.on_board.items()}
        self.blocked = {index(s) for s in state.get("blockers", [])}

    def mine(self):
        return [m for m in self.on_board.values() if m["side"] == self.side]

    def enemies(self):
        return [m for m in self.on_board.values() if m["side"] != self.side]

    def exposure(self, model_id, square):
        """The chance an enemy shot kills `model_id` on `square` before it acts again: each
        enemy that sees the square within range shoots with its dice (one more if it may
        still Aim), those that acted counting half (R8, R9, R12, R15)."""
        g = self.game
        prof = g.profiles[g.models[model_id]["profile"]]
        if any(self.at[e["id"]] == square for e in self.enemies()):
            return 0.0  # a square with both sides is not shot into
        lives = 1.0
        for e in self.enemies():
            frm = self.at[e["id"]]
            ep = g.profiles[e["profile"]]
            seen = g.sight[frm][square]
            if seen == 0 or chebyshev(frm, square) > ep["range"]:
                continue
            if any(self.at[m["id"]] == frm for m in self.mine()):
                continue  # it cannot shoot from a square with our models
            dice = (4 if seen == 2 else 3) + (0 if e["activated"] else 1)
            p = kill_chance(dice, ep["shoot"], prof["survive"], prof["armour"])
            weight = 0.5 if e["activated"] else 1.0
            if e["rattled"]:
                weight *= 0.6
            lives *= 1 - weight * p
        return 1 - lives

    def threat_of(self, enemy_id):
        """What `enemy_id` may take from us before it is shot again: its best kill chance
        on our models it sees, times their worth; less once it has acted or is Rattled."""
        g = self.game
        e = self.on_board.get(enemy_id)
        if e is None:
            return 0.0
        ep = g.profiles[e["profile"]]
        frm = self.at[enemy_id]
        best = 0.0
        for m in self.mine():
            to = self.at[m["id"]]
            seen = g.sight[frm][to]
            if seen == 0 or chebyshev(frm, to) > ep["range"]:
                continue
            prof = g.profiles[m["profile"]]
            p = kill_chance(4 if seen == 2 else 3, ep["shoot"], prof["survive"], prof["armour"])
            best = max(best, p * g.worth(m["id"]))
        if e["activated"]:
            best *= 0.5
        if e["rattled"]:
            best *= 0.5
        return best

    def goals(self):
        g = self.game
        squares = {self.at[e["id"]] for e in self.enemies()}
        counters = self.state["counters"]
        squares |= {index(s) for s in counters["face_down"]}
        squares |= {index(c["square"]) for c in counters["face_up"]
                    if c["kind"] in (g.own_counter, "Objective")}
        if any(g.exit_worth(m["id"]) > 0 for m in self.mine()):
            squares |= g.exit_squares
        squares |= g.hold_squares
        return squares

    # ----- the value of each kind of action ------------------------------------------------

    def shot_value(self, shot):
        g = self.game
        target = shot["target"]
        worth = g.worth(target)
        return worth * (shot["kill"] + 0.25 * shot["rattled"]) * (1 + FOCUS * self.threat_of(target))

    def fight_value(self, f, attacking):
        """The Fight's expected VP for us, the defender choosing its better defence."""
        g = self.game
        gain_a, gain_d = g.worth(f["defender"], True), g.worth(f["attacker"], True)

        def net(o):  # attacker's view
            return o["attacker_wins"] * gain_a - o["defender_wins"] * gain_d

        options = [f["if_survive"]] if f["survive_only"] else [f["if_fight"], f["if_survive"]]
        attacker_view = min(net(o) for o in options)
        return attacker_view if attacking else -attacker_view

    def step_value(self, action, info, mover):
        g = self.game
        to = index(action.split()[1])
        if info["fight"]:
            opps = info["fight"]["opponents"]
            if not opps:
                return 0.0
            values = [self.fight_value(f, True) for f in opps]
            return max(values) if info["fight"]["picked_by"] == "attacker" else min(values)
        value = 0.0
        if info["shot_after"] and info["shots_after"]:
            value += 0.9 * max(self.shot_value(s) for s in info["shots_after"])
        frm = self.at.get(mover)
        dist = g.distances(self.goals(), self.blocked)
        before = dist[frm] if frm is not None else None
        after = dist[to]
        if before is not None and after is not None:
            value += PROGRESS * max(-1, min(1, before - after))
        if to in g.exit_squares and g.exit_worth(mover) > 0:
            value += 0.2 * g.exit_worth(mover)
        value += self.counter_value(to)
        here = self.exposure(mover, frm) if frm is not None else 0.0
        value -= COVER * (self.exposure(mover, to) - here) * g.worth(mover)
        return value

    def counter_value(self, square):
        """The VP a model claims on `square` (R24, P2): a face-up counter of our kind or an
        objective, or a face-down one by the chance of what it turns out to be."""
        g = self.game
        counters = self.state["counters"]
        vp = g.rules[self.side]["vp"]
        for c in counters["face_up"]:
            if index(c["square"]) == square:
                if c["kind"] == g.own_counter:
                    return vp["counter"]
                if c["kind"] == "Objective":
                    return vp["objective"]
        if any(index(s) == square for s in counters["face_down"]):
            return g.face_down_vp
        return 0.0

    def activation_value(self, model_id):
        """A model's prospects: its best shot from where it stands, or the Fight it is in."""
        g = self.game
        m = self.on_board.get(model_id)
        if m is None:
            return 0.15  # it comes on from off the board
        frm = self.at[model_id]
        prof = g.profiles[m["profile"]]
        if any(self.at[e["id"]] == frm for e in self.enemies()):
            return 0.3
        best = 0.0
        for e in self.enemies():
            to = self.at[e["id"]]
            seen = g.sight[frm][to]
            if seen == 0 or chebyshev(frm, to) > prof["range"]:
                continue
            if any(self.at[x["id"]] == to for x in self.mine()):
                continue
            ep = g.profiles[e["profile"]]
            dice = (4 if seen == 2 else 3) + (0 if m["rattled"] else 1)
            p = kill_chance(dice, prof["shoot"], ep["survive"], ep["armour"])
            best = max(best, p * g.worth(e["id"]) * (1 + FOCUS * self.threat_of(e["id"])))
        # A model under fire acts first, to shoot or to get out of sight.
        return best + 0.3 * self.exposure(model_id, frm) * g.worth(model_id) + 0.05

    def respond_value(self, odds):
        """A test's odds for us: we gain the kills our model makes, lose those it suffers."""
        test = self.ann.get("test") or {}
        attacker, defender = test.get("attacker"), test.get("defender")
        ours_attacks = attacker is not None and self.game.models[attacker]["side"] == self.side
        if odds["test"] in ("shoot", "area"):
            kill = odds["kill"]
            return kill if ours_attacks else -kill
        wins, losses = odds["attacker_wins"], odds["defender_wins"]
        if ours_attacks:
            return wins - losses
        if defender is not None and self.game.models[defender]["side"] == self.side:
            return losses - wins
        return 0.0

    def value(self, action):
        g = self.game
        verb = action.split()[0]
        info = self.ann["actions"].get(action, {})
        state = self.state
        if verb == "shoot" and "shoot" in info:
            return 0.2 + self.shot_value(info["shoot"])
        if verb == "aim" and "aim" in info:
            shots = info["aim"]["shots"]
            if not shots:
                return 0.0
            # The extra die, against the shot now and the step the Aim gives up.
            return 0.2 + max(self.shot_value(s) for s in shots) - AIM_COST
        if verb == "move" and "move" in info:
            return 0.1 + self.step_value(action, info["move"], state["acting"])
        if verb in ("fight", "defender") and "fight" in info:
            return self.fight_value(info["fight"], verb == "fight")
        if verb == "defend":
            if "fight" in info:
                f = info["fight"]
                o = f["if_fight"] if action.endswith("fight") else f["if_survive"]
                return o["defender_wins"] * g.worth(f["attacker"], True) - \
                    o["attacker_wins"] * g.worth(f["defender"], True)
            if "bug_fight" in info:  # against the Bug: the Bug attacks
                o = info["bug_fight"]
                return o["defender_wins"] - o["attacker_wins"]
            return 0.0
        if verb in ("call", "play") and "area" in info:
            a = info["area"]
            unit = 1.0 if a["effect"] == "killed" else 0.3
            return 0.1 + unit * (a["expected"][g.enemy] - 1.5 * a["expected"][self.side])
        if verb == "play" and "card_fight" in info:
            return 0.1 + max((self.fight_value(f, True) for f in info["card_fight"]["opponents"]),
                             default=-1)
        if verb == "play":
            return self.play_value(action)
        if verb == "lay":
            return self.lay_value(action)
        if verb == "respond":
            if self.ann.get("test") and self.ann["test"]["kind"] == "escape":
                return 1.0 if action != "respond none" else 0.0
            if "respond" in info:
                base = self.ann["actions"].get("respond none", {}).get("respond")
                gain = self.respond_value(info["respond"])
                if action == "respond none" or base is None:
                    return gain
                return gain - 0.12  # a card is worth keeping unless it changes enough
            return 0.0 if action == "respond none" else -1.0
        if verb == "activate":
            return 0.2 + self.activation_value(action.split()[1])
        if verb == "exit":
            return 0.3 + g.exit_worth(state["acting"])
        if verb == "stand":
            return 0.5
        if verb == "done":
            return 0.05
        if verb == "end-turn":
            return 0.0
        if verb == "deploy":
            # Near the counters, spread out (a kill Rattles the rest of a square, R17, and
            # an area attack takes them all), out of the enemy's sight where it can be.
            to = index(action.split()[1])
            counters = {index(x) for x in state["counters"]["face_down"]}
            dist = g.distances(counters, self.blocked)[to] if counters else None
            crowd = sum(1 for m in self.mine() if self.at[m["id"]] == to)
            deploying = next((m["id"] for m in state["models"]
                              if m["side"] == self.side and m["place"] == "undeployed"), None)
            shot_at = self.exposure(deploying, to) if deploying else 0.0
            return -0.05 * (dist if dist is not None else 4) - 0.1 * crowd - COVER * shot_at
        if verb == "pick":
            target = action.split()[1]
            return 1.0 if g.models[target]["side"] != self.side else 0.0
        if verb in ("keep",):
            return 0.1
        if verb == "discard":
            return 0.0
        return 0.01

    def half(self, card):
        """The half a card names first (the one its holder uses)."""
        return self.game.halves.get(card.split("/")[0], {})

    def lay_value(self, action):
        """A card laid to its Support set (R21), by the aim the set reaches: calls at a
        square or a line are what a set is for."""
        half = self.half(action.split()[1])
        levels = half.get("levels", [])
        level = 1 + sum(s["level"] for s in self.state["support_sets"][self.side]
                        if s["card"].split("/")[0] == half.get("slug"))
        aim = levels[min(level, len(levels)) - 1] if levels else "nothing"
        return {"square": 0.3, "line": 0.22}.get(aim, 0.15)

    def play_value(self, action):
        """An activation card by what it does to the model it names (P9-P12)."""
        words = action.split()
        effect = self.half(words[1]).get("effect", {}).get("name")
        target = words[2] if len(words) > 2 else None
        if effect == "distract" and target in self.on_board:
            # A model marked as activated does not shoot this Round.
            return 0.6 * self.threat_of(target) if self.on_board[target]["side"] != self.side \
                else -1.0
        if effect == "reinforce":
            return 0.4
        if effect == "jam":
            enemy_sets = self.state["support_sets"][self.game.enemy]
            return 0.15 * max((s["level"] for s in enemy_sets), default=0)
        return 0.0

    def decide(self, msg):
        self.read(msg)
        legal = msg["legal"]
        scored = [(self.value(a) + self.rng.random() * 1e-6, a) for a in legal]
        scored.sort(reverse=True)
        return scored[0][1]


def main():
    bot = Tactician()
    hello_answer = {"type": "hello", "name": "tactician", "protocol": 2, "annotate": True,
                    "new_game": True}
    for line in sys.stdin:
        msg = json.loads(line)
        kind = msg.get("type")
        if kind in ("hello", "new_game"):
            hello = msg if kind == "hello" else msg["hello"]
            if 2 not in hello.get("versions", []):
                sys.exit("the engine does not offer protocol version 2")
            bot.rng.seed(hello.get("seed", 0))
            bot.side = hello["side"]
            bot.game = None
            reply = hello_answer
        elif kind == "game":
            bot.game = Game(msg["game"], bot.side)
            continue
        elif kind == "decide":
            reply = {"action": bot.decide(msg)}
        else:
            continue  # game_over (it is kept for the next game), or a later message
        print(json.dumps(reply), flush=True)


if __name__ == "__main__":
    main()
