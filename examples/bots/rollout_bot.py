#!/usr/bin/env python3
"""A mars-attacks bot that searches: protocol version 2 on the wheel's engine in-process.

For each decision it loads the `snapshot` it was sent as positions its side cannot tell
apart (the other hand dealt afresh for each, `Game.from_snapshot`), tries its candidate
actions in them, plays the rest of the Turn and the next Turn by the engine's softmax over
greedy's scores (`Game.rollout(..., until="turn")`), and judges where that leaves it by the
engine's evaluation (`Game.evaluate`). The budget is spent by successive halving: every
candidate is tried in a few positions, the better half goes on to twice as many, and so on;
all candidates of a round are tried in the same positions with the same dice (common random
numbers), so that their differences are the actions', not the luck's. It plays the
candidate with the best mean. It reads only what its side is told: the snapshot holds the
other hand as a size. Its seeds come from the hello's, so a seeded run replays.

It needs the wheel (`pip install ./python`), and plays well within the engine's limit:

    mars-attacks duel scenarios/ambush.toml \\
        "exec:python3 examples/bots/rollout_bot.py" greedy --games 20 --seed 1

`--budget N` (default 240) is the tries a decision is given, `--candidates K` (default 10)
how many actions it tries when more are legal (greedy's choice and the actions a softmax
over greedy's scores draws most often), `--policy` the rollouts' policy (default
`softmax`) and `--turns` how many Turns a try plays (default 2: the rest of this one and
the next).
"""

import argparse
import json
import sys

from mars_attacks import Game

if Game is None:
    sys.exit("rollout_bot.py needs the wheel's engine in-process: pip install ./python")


def mix(*parts):
    """A seed for the engine (which takes 64-bit seeds) from several numbers."""
    h = 0
    for p in parts:
        h = (h * 6364136223846793005 + p + 1442695040888963407) % (1 << 64)
    return h


def candidates(world, legal, limit, seed):
    """Every legal action when there are few; else greedy's choice and the actions a
    softmax over greedy's scores draws most often, up to `limit`."""
    if len(legal) <= limit:
        return list(legal)
    picked = [world.choose("greedy", seed=seed)]
    counts = {}
    for k in range(limit * 6):
        a = world.choose("softmax:0.5", seed=mix(seed, 1, k))
        counts[a] = counts.get(a, 0) + 1
    for a, _ in sorted(counts.items(), key=lambda kv: -kv[1]):
        if len(picked) >= limit:
            break
        if a not in picked:
            picked.append(a)
    return picked


def value(position, action, side, roll, policy, turns):
    """`action` tried on a copy of `position`: the rest of the Turn under way and the next
    `turns - 1` played by `policy`, the result judged by the engine's evaluation."""
    g = position.copy()
    g.apply(action, seed=roll)
    for step in range(turns):
        if g.is_over:
            break
        g.rollout(policy, seed=mix(roll, step), until="turn")
    return g.evaluate(side)


def decide(game_text, msg, side, seed, options):
    """The action with the best mean value: successive halving over the candidates, every
    candidate of a round tried in the same worlds with the same dice (common random
    numbers), so that their differences are the actions', not the luck's."""
    legal = msg["legal"]
    if len(legal) == 1:
        return {"action": legal[0]}
    load = lambda w: Game.from_snapshot(game_text, msg["snapshot"], seed=mix(seed, 2, w))
    worlds = [load(0)]
    alive = candidates(worlds[0], legal, options.candidates, seed)
    totals = {a: 0.0 for a in alive}
    tried = 0
    rounds = max(1, (len(alive) - 1).bit_length())
    per_round = options.budget // rounds
    while True:
        n = max(1, per_round // len(alive))
        while len(worlds) < tried + n:
            worlds.append(load(len(worlds)))
        for w in range(tried, tried + n):
            roll = mix(seed, 3, w)
            for a in alive:
                totals[a] += value(worlds[w], a, side, roll, options.policy, options.turns)
        tried += n
        alive.sort(key=lambda a: -totals[a])
        if len(alive) <= 1 or tried >= options.budget:
            break
        alive = alive[: (len(alive) + 1) // 2]
    best = alive[0]
    info = [{"action": a, "value": round(totals[a] / tried, 4)} for a in alive[:10]]
    return {"action": best, "info": info}


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--budget", type=int, default=240)
    parser.add_argument("--candidates", type=int, default=10)
    parser.add_argument("--policy", default="softmax")
    parser.add_argument("--turns", type=int, default=2)
    args = parser.parse_args()
    game_text, side, seed = None, None, 0
    for line in sys.stdin:
        msg = json.loads(line)
        kind = msg.get("type")
        if kind in ("hello", "new_game"):
            hello = msg if kind == "hello" else msg["hello"]
            if 2 not in hello.get("versions", []):
                sys.exit("the engine does not offer protocol version 2")
            side, seed = hello["side"], hello.get("seed", 0)
            reply = {"type": "hello", "name": "rollout-bot", "protocol": 2,
                     "snapshot": True, "new_game": True}
        elif kind == "game":
            game_text = json.dumps(msg["game"])  # told, not asked: no answer
            continue
        elif kind == "decide":
            seed += 1
            reply = decide(game_text, msg, side, seed, args)
        elif kind == "game_over":
            continue  # a kept process waits for the run's next game, or for its input to end
        else:
            continue  # a message of a later protocol version: nothing to answer
        print(json.dumps(reply), flush=True)


if __name__ == "__main__":
    main()
