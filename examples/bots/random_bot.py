#!/usr/bin/env python3
"""A mars-attacks bot that plays a legal action at random.

It speaks the bot protocol of docs/bot-protocol.md: one JSON object a line on standard
input, one answer a line on standard output. Standard library only. Seeded by the hello,
so a seeded duel replays exactly:

    mars-attacks duel scenarios/ambush.toml \
        "exec:python3 examples/bots/random_bot.py" greedy --games 20 --seed 1
"""

import json
import random
import sys


def main():
    rng = random.Random(0)
    for line in sys.stdin:
        msg = json.loads(line)
        kind = msg.get("type")
        if kind == "hello":
            rng.seed(msg.get("seed", 0))
            reply = {"type": "hello", "name": "random-bot"}
        elif kind == "decide":
            reply = {"action": rng.choice(msg["legal"])}
        elif kind == "game_over":
            return
        else:
            continue  # a message of a later protocol version: nothing to answer
        print(json.dumps(reply), flush=True)


if __name__ == "__main__":
    main()
