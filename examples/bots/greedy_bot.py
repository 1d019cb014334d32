#!/usr/bin/env python3
"""A mars-attacks bot that plays the action that looks best right now.

Attacks first, then cards, then moving towards the nearest enemy; no look-ahead. It
speaks the bot protocol of docs/bot-protocol.md and uses the standard library only:

    mars-attacks duel scenarios/ambush.toml \
        "exec:python3 examples/bots/greedy_bot.py" random --games 20 --seed 1
"""

import json
import random
import sys

# What an action's first word is worth before anything else is looked at.
WORTH = {"shoot": 10, "fight": 10, "call": 8, "exit": 6, "play": 4, "lay": 3,
         "aim": 1, "stand": 1, "defend": 1, "respond": 0, "activate": 2, "move": 2,
         "deploy": 1, "done": -1, "end-turn": -1, "pass": -2, "keep": 0, "discard": -1}


def square(name):
    """'c4' as (column, row) numbers, or None when it is not a square."""
    if len(name) == 2 and name[0] in "abcdefgh" and name[1] in "12345678":
        return ord(name[0]) - ord("a"), int(name[1])
    return None


def distance(a, b):
    return max(abs(a[0] - b[0]), abs(a[1] - b[1]))


def score(action, side, state):
    words = action.split()
    value = WORTH.get(words[0], 0)
    models = {m["id"]: m for m in state["models"]}
    enemies = [square(m["square"]) for m in state["models"]
               if m["side"] != side and m["place"] == "board"]

    def nearness(sq):
        # Closer to the nearest enemy is better (a little).
        return -min(distance(sq, e) for e in enemies) / 8 if enemies and sq else 0

    if words[0] == "respond":
        value += 0 if words[1] == "none" else 5
    elif words[0] == "defend":
        value += 1 if words[1] == "fight" else 0
    elif words[0] in ("move", "deploy"):
        value += nearness(square(words[1]))
    elif words[0] == "activate":
        m = models.get(words[1])
        if m and m["place"] == "board":
            value += nearness(square(m["square"])) + 0.5
    return value


def main():
    rng = random.Random(0)
    side = None
    for line in sys.stdin:
        msg = json.loads(line)
        kind = msg.get("type")
        if kind == "hello":
            rng.seed(msg.get("seed", 0))
            side = msg["side"]
            reply = {"type": "hello", "name": "greedy-bot"}
        elif kind == "decide":
            scored = [(score(a, side, msg["state"]), rng.random(), a) for a in msg["legal"]]
            scored.sort(reverse=True)
            best = scored[0][2]
            # The top three, with values squashed into 0..1 for the table's AI panel.
            info = [{"action": a, "value": max(0.0, min(1.0, 0.5 + s / 20))}
                    for s, _, a in scored[:3]]
            reply = {"action": best, "info": info}
        elif kind == "game_over":
            return
        else:
            continue
        print(json.dumps(reply), flush=True)


if __name__ == "__main__":
    main()
