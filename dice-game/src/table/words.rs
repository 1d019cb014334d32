//! The Dice Game at the table in words: what each event of play says in the log, each
//! decision as a person reads it, the exact odds of a roll, and the end of the game: the
//! standings in the order the rules rank them (most VP, then most cards claimed, then the
//! tied player latest in turn order) and why the winner won.

use crate::card::Rule;
use crate::dice::DICE;
use crate::game::{Game, STACKS};
use crate::turn::{Action, Decided, Event, Phase};

use super::TargetOdds;
use super::setup::DiceGameSetup;

/// The line the log gives `e`; `before` is the game as it stood before the decision that
/// caused it (the Turn it happened in, the tokens before they moved). Past tense, so that
/// it reads alike for `You` and for a Martian.
pub fn event_words(before: &Game, setup: &DiceGameSetup, e: &Event) -> String {
    let name = |p: usize| setup.name(p);
    let card = |c: usize| before.card(c).name.as_str();
    match e {
        Event::TurnBegins { player, extra } => {
            // The Turn that ended is counted by now: this one is the one after it.
            let n = before.turns() + 2;
            if *extra {
                format!("Turn {n}: {} again (an extra Turn)", name(*player))
            } else {
                format!("Turn {n}: {}", name(*player))
            }
        }
        Event::Targeted {
            player,
            stack,
            card: c,
        } => {
            let l = before.card(*c);
            let from = before.progress(*stack, *player);
            let token = if from > 0 {
                format!(", from the token on space {from}")
            } else {
                String::new()
            };
            format!(
                "{} targeted {} (needs {}{token})",
                name(*player),
                l.name,
                l.needs()
            )
        }
        Event::Set { player, symbol } => {
            format!("{} set a die to {}", name(*player), symbol.words(1))
        }
        Event::Rolled {
            player,
            rolled,
            showing,
        } => {
            if before.turn.phase == Phase::Decide {
                format!(
                    "{} re-rolled {} Martian{}: {}; showing {}",
                    name(*player),
                    rolled.total(),
                    if rolled.total() == 1 { "" } else { "s" },
                    rolled,
                    showing
                )
            } else if rolled.total() < DICE {
                format!(
                    "{} rolled {} dice: {}; with the dice set, {}",
                    name(*player),
                    rolled.total(),
                    rolled,
                    showing
                )
            } else {
                format!("{} rolled ten dice: {}", name(*player), showing)
            }
        }
        Event::Nuked {
            player,
            card: c,
            nukes,
            symbols,
            marks,
        } => {
            let who = name(*player);
            let mut s = format!(
                "{who} {} nuked: {nukes} Nukes covered all {symbols} Nuke symbols in play, and \
                 the Turn counts for nothing",
                if who == "You" { "were" } else { "was" }
            );
            if let Some((k, n)) = marks {
                s.push_str(&if k >= n {
                    format!(
                        "; {} has been nuked enough and can now be claimed",
                        card(*c)
                    )
                } else {
                    format!(
                        "; {} has been nuked {k} of the {n} times it must be before it can \
                         be claimed",
                        card(*c)
                    )
                });
            }
            s
        }
        Event::Claimed {
            player,
            card: c,
            revealed,
            emptied,
        } => {
            let l = before.card(*c);
            let mut s = format!("{} claimed {}: {} VP", name(*player), l.name, l.vp);
            match l.rule {
                Some(Rule::ExtraTurn) => s.push_str(", and another Turn at once"),
                Some(Rule::SetDice(1)) => {
                    s.push_str(", and a die to set before every roll from now on")
                }
                Some(Rule::SetDice(n)) => s.push_str(&format!(
                    ", and {n} dice to set before every roll from now on"
                )),
                _ => {}
            }
            if let Some(r) = revealed {
                s.push_str(&format!(". {} is turned over", card(*r)));
            }
            if *emptied {
                let stack = (0..crate::game::STACKS)
                    .find(|k| before.in_play(*k) == Some(*c))
                    .map_or(String::new(), |k| format!(" {}", k + 1));
                s.push_str(&format!(
                    ". Stack{stack} is empty: this Round is the last, and the game ends before \
                     the first player's next Turn"
                ));
            }
            s
        }
        Event::Recorded {
            player,
            card: c,
            from,
            to,
        } => {
            let l = before.card(*c);
            if *from == 0 {
                format!(
                    "{} placed a token on space {to} of {} (of {})",
                    name(*player),
                    l.name,
                    l.requirement()
                )
            } else {
                format!(
                    "{} moved the token on {} from space {from} to {to} (of {})",
                    name(*player),
                    l.name,
                    l.requirement()
                )
            }
        }
        Event::NoToken {
            player,
            card: c,
            reached,
        } => format!(
            "{} reached space {reached} of {} with no token left for a new card: nothing is \
             recorded",
            name(*player),
            card(*c)
        ),
        Event::NothingMatched { player, card: c } => {
            format!("{} matched nothing more on {}", name(*player), card(*c))
        }
        Event::GameOver { winner, .. } => {
            format!("The game is over. The winner: {}", name(*winner))
        }
    }
}

/// `Your` for `You`, else the name with `'s`.
pub fn possessive(name: &str) -> String {
    if name == "You" {
        "Your".into()
    } else {
        format!("{name}'s")
    }
}

/// A decision as a person reads it: `target Detroit`, `set a die to Ray Gun`, `roll ten
/// dice`, `re-roll 3 Martians`, `stop`.
pub fn action_words(game: &Game, a: Action) -> String {
    match a {
        Action::Target(s) => match (usize::from(s) < STACKS)
            .then(|| game.in_play(usize::from(s)))
            .flatten()
        {
            Some(c) => format!("target {}", game.card(c).name),
            None => format!("target stack {}", s + 1),
        },
        Action::Set(x) => format!("set a die to {}", x.words(1)),
        Action::Roll => match game.turn.phase {
            Phase::Decide => {
                let m = game.turn.showing.martians();
                format!("re-roll {m} Martian{}", if m == 1 { "" } else { "s" })
            }
            _ => format!("roll {} dice", DICE - game.turn.set.total()),
        },
        Action::Stop => "stop".into(),
    }
}

/// A seat's place at the end: its VP and the cards it claimed.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Standing {
    pub seat: usize,
    pub vp: u32,
    pub cards: u32,
}

/// Every seat, best first as the rules rank them: most VP, then most cards claimed, then
/// the latest in turn order.
pub fn standings(game: &Game) -> Vec<Standing> {
    let mut v: Vec<Standing> = (0..game.players())
        .map(|seat| Standing {
            seat,
            vp: game.vp(seat),
            cards: game.cards_claimed(seat),
        })
        .collect();
    v.sort_by_key(|s| std::cmp::Reverse((s.vp, s.cards, s.seat)));
    v
}

/// Why the winner won, and how the game came to its end, in sentences; empty while the
/// game goes on.
pub fn result_words(game: &Game, setup: &DiceGameSetup) -> Vec<String> {
    let Some(winner) = game.winner() else {
        return Vec::new();
    };
    let name = |p: usize| setup.name(p);
    let all = standings(game);
    let best = all[0];
    let tied_vp: Vec<Standing> = all.iter().copied().filter(|s| s.vp == best.vp).collect();
    let tied_cards: Vec<Standing> = tied_vp
        .iter()
        .copied()
        .filter(|s| s.cards == best.cards)
        .collect();
    let list = |v: &[Standing]| {
        let mut v = v.to_vec();
        v.sort_by_key(|s| s.seat);
        let names: Vec<String> = v.iter().map(|s| name(s.seat)).collect();
        match names.len() {
            0 | 1 => names.concat(),
            n => format!("{} and {}", names[..n - 1].join(", "), names[n - 1]),
        }
    };
    let why = if tied_vp.len() == 1 {
        match all.get(1) {
            Some(next) => format!(
                "Most VP: {} with {} (next: {} with {}).",
                name(winner),
                best.vp,
                name(next.seat),
                next.vp
            ),
            None => format!("Most VP: {} with {}.", name(winner), best.vp),
        }
    } else if tied_cards.len() == 1 {
        let runner = tied_vp[1];
        format!(
            "{} tie on {} VP. Most cards claimed: {} with {} (against {}).",
            list(&tied_vp),
            best.vp,
            name(winner),
            best.cards,
            runner.cards
        )
    } else {
        format!(
            "{} tie on {} VP and {} cards each. The tied player latest in turn order wins: {} \
             (seat {} of {}).",
            list(&tied_cards),
            best.vp,
            best.cards,
            name(winner),
            winner + 1,
            game.players()
        )
    };
    let end = if game.decided() == Some(Decided::NoCardLeft) {
        "Every stack is empty: no card is left in play to target."
    } else {
        "A stack was emptied, and the Round was played out to the first player's next Turn."
    };
    vec![why, end.to_string()]
}

/// How a game of `players` ends, said at set-up: a stack holds a card a player, and the
/// game ends once one stack is empty (S3, S8), which can come after as few claims as there
/// are players.
pub fn how_it_ends(players: usize) -> String {
    format!(
        "Each of the {STACKS} stacks holds {players} cards, one a player: the game ends when one \
         stack is empty, once that Round is played out to the first player's next Turn. \
         With {players} players that can come after {players} cards claimed.",
        STACKS = crate::game::STACKS
    )
}

/// `59049` as `59,049`.
pub fn grouped(n: u64) -> String {
    let digits = n.to_string();
    let mut out = String::new();
    for (i, ch) in digits.chars().enumerate() {
        if i > 0 && (digits.len() - i).is_multiple_of(3) {
            out.push(',');
        }
        out.push(ch);
    }
    out
}

/// The exact odds of a roll at a card in words, a line each: what this roll does out of
/// every way the dice fall, then how the Turn ends rolling on at every chance.
pub fn odds_words(o: &TargetOdds) -> Vec<String> {
    let n = &o.next;
    let pc = |k: u64| format!("{:.2}%", 100.0 * n.p(k));
    let ways = |k: u64| format!("{} way{}", grouped(k), if k == 1 { "" } else { "s" });
    let mut v = vec![format!(
        "Rolling {} {}, out of the {} ways they fall:",
        o.rolling,
        if o.rolling == 1 { "die" } else { "dice" },
        grouped(n.ways)
    )];
    if o.claimable {
        v.push(format!(
            "  claims the card: {} ({})",
            pc(n.claim),
            ways(n.claim)
        ));
    }
    v.push(format!(
        "  matches more (recorded if the Turn stops): {} ({})",
        pc(n.more),
        ways(n.more)
    ));
    v.push(format!(
        "  matches nothing more: {} ({})",
        pc(n.same),
        ways(n.same)
    ));
    v.push(format!("  nuked: {} ({})", pc(n.nuked), ways(n.nuked)));
    let t = &o.rolling_on;
    let mut end = format!(
        "Rolling on at every chance: claimed {:.2}%, nuked {:.2}%",
        100.0 * t.claim,
        100.0 * t.nuked
    );
    if t.ended > 0.0 {
        end.push_str(&format!(
            ", the Turn ends without a claim {:.2}% (on space {:.1} of {} on average)",
            100.0 * t.ended,
            t.ended_reach,
            o.requirement
        ));
    }
    v.push(end);
    if !o.claimable {
        v.push(
            "It cannot be claimed yet: it must be nuked first, so the dice fill its spaces \
             to one short of the last."
                .into(),
        );
    }
    v
}
