#!/usr/bin/env python3
"""A mars-attacks bot that plays a legal action at random.

It speaks the bot protocol of docs/bot-protocol.md: one JSON object a line on standard
input, one answer a line on standard output. Standard library only. Seeded by the hello,
so a seeded duel replays exactly:

    mars-attacks duel scenarios/ambush.toml \
        "exec:python3 examples/bots/random_bot.py" greedy --games 20 --seed 1

With `--protocol 2` it asks for the protocol's second version and checks that the engine
keeps that version's promises (the `game` message before the first decision, `blockers`
in the state, typed `happened` events); it exits with an error if one is broken.
"""

import json
import random
import sys


def main():
    version = 2 if sys.argv[1:] == ["--protocol", "2"] else 1
    rng = random.Random(0)
    game = None
    for line in sys.stdin:
        msg = json.loads(line)
        kind = msg.get("type")
        if kind == "hello":
            rng.seed(msg.get("seed", 0))
            reply = {"type": "hello", "name": "random-bot"}
            if version == 2:
                if 2 not in msg.get("versions", []):
                    sys.exit("the engine does not offer protocol version 2")
                reply["protocol"] = 2
        elif kind == "game":
            game = msg["game"]  # told, not asked: no answer
            continue
        elif kind == "decide":
            if version == 2:
                check_version_2(game, msg)
            reply = {"action": rng.choice(msg["legal"])}
        elif kind == "game_over":
            return
        else:
            continue  # a message of a later protocol version: nothing to answer
        print(json.dumps(reply), flush=True)


def check_version_2(game, msg):
    if game is None:
        sys.exit("no game message before the first decision")
    if len(game["board"]["sight"]) != 64 or len(game["board"]["steps"]) != 64:
        sys.exit("the game message has no 64-square sight and step tables")
    if not isinstance(msg["state"].get("blockers"), list):
        sys.exit("the state has no blockers")
    for h in msg.get("happened", None) or []:
        if not all(isinstance(e.get("type"), str) for e in h["events"]):
            sys.exit(f"an event without a type: {h}")
    if "happened" not in msg:
        sys.exit("the decision has no typed events")


if __name__ == "__main__":
    main()
