//! The exact odds a player wants before rolling at a target: what the next roll does
//! (claims the card, matches more, matches nothing more, or nukes the player), counted
//! over every way the dice fall; and what rolling on until the Turn ends does (claimed,
//! nuked, or out of Martians), by solving the Turn's chain of rolls.

use std::collections::HashMap;

use crate::card::Location;
use crate::dice::{DICE, Symbol, Tally, outcomes, ways};
use crate::game::Game;
use crate::turn::Phase;

/// Where a player stands before a roll at a target.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Situation<'a> {
    pub card: &'a Location,
    /// The player's progress on the card before this Turn (0: no token there).
    pub from: u8,
    /// The dice that stay as they are: the Ray Guns and Nukes kept (and, on a card that
    /// counts Martians, nothing else), or the dice set before the first roll.
    pub kept: Tally,
    /// The dice about to be rolled: every die not set on the first roll, the Martians
    /// after.
    pub rolling: u8,
    /// The space reached now (`from` before the first roll).
    pub now: u8,
    /// The Nuke symbols on the cards in play, the difficulty card's included (S4).
    pub symbols: u8,
    /// Whether the card may be claimed (P25); if not, play stops one space short.
    pub claimable: bool,
}

impl<'a> Situation<'a> {
    /// The situation of the player to move in `game`, for a roll at stack `s`: the first
    /// roll when the Turn has no target yet (or is setting dice), else a re-roll of the
    /// Martians. `None` when the stack is empty or the game is over.
    pub fn of(game: &'a Game, s: usize) -> Option<Situation<'a>> {
        if game.is_over() {
            return None;
        }
        let card = game.card(game.in_play(s)?);
        let p = game.player();
        let t = &game.turn;
        let (from, kept, rolling, now) = match t.phase {
            Phase::Decide if usize::from(t.target) == s => {
                let mut kept = t.showing;
                kept.set(Symbol::Martian, 0);
                (
                    t.from,
                    kept,
                    t.showing.martians(),
                    game.reach(s, t.from, t.showing),
                )
            }
            Phase::Prepare if usize::from(t.target) == s => {
                (t.from, t.set, DICE - t.set.total(), t.from)
            }
            _ => {
                let from = game.progress(s, p);
                (from, Tally::EMPTY, DICE, from)
            }
        };
        Some(Situation {
            card,
            from,
            kept,
            rolling,
            now,
            symbols: game.nuke_symbols(),
            claimable: game.claimable(s),
        })
    }

    /// The space reached with `showing`, capped while the card may not be claimed.
    pub fn reach(&self, showing: Tally) -> u8 {
        let r = self.card.reach(self.from, showing);
        if self.claimable {
            r
        } else {
            r.min(self.card.requirement() - 1)
        }
    }

    /// What a roll that leaves the dice `showing` does.
    pub fn result(&self, showing: Tally) -> RollResult {
        if showing.nukes() >= self.symbols {
            RollResult::Nuked
        } else {
            let r = self.reach(showing);
            if r >= self.card.requirement() {
                RollResult::Claim
            } else if r > self.now {
                RollResult::More(r)
            } else {
                RollResult::Same
            }
        }
    }
}

/// What one roll does.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum RollResult {
    /// Every Nuke symbol in play covered: the Turn counts for nothing (S4).
    Nuked,
    /// The card's last space reached: it is claimed (S5).
    Claim,
    /// More spaces matched: the space reached.
    More(u8),
    /// Nothing more matched.
    Same,
}

/// The ways the next roll claims, matches more, matches nothing more, or nukes, out of
/// `ways` (`3^dice`): exact fractions.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct RollOdds {
    pub ways: u64,
    pub claim: u64,
    pub more: u64,
    pub same: u64,
    pub nuked: u64,
}

impl RollOdds {
    pub fn p(&self, count: u64) -> f64 {
        count as f64 / self.ways as f64
    }
}

/// The next roll's odds, counted over every outcome of the dice rolled.
pub fn next_roll(s: &Situation<'_>) -> RollOdds {
    let mut o = RollOdds {
        ways: ways(s.rolling),
        ..RollOdds::default()
    };
    for (rolled, w) in outcomes(s.rolling) {
        match s.result(s.kept.plus(rolled)) {
            RollResult::Nuked => o.nuked += w,
            RollResult::Claim => o.claim += w,
            RollResult::More(_) => o.more += w,
            RollResult::Same => o.same += w,
        }
    }
    o
}

/// How a Turn ends when the player rolls on at every chance.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct TurnOdds {
    pub claim: f64,
    pub nuked: f64,
    /// Ended by the dice without a claim: out of Martians, or a card's single roll.
    pub ended: f64,
    /// The expected space reached, given the Turn ended that way.
    pub ended_reach: f64,
}

/// The odds of rolling on from `s` until the Turn ends: every roll that leaves Martians
/// (on a card that does not count them) is followed by a re-roll of them.
pub fn to_the_end(s: &Situation<'_>) -> TurnOdds {
    let mut memo = HashMap::new();
    let mut out = TurnOdds::default();
    let mut reach_sum = 0.0;
    let all = ways(s.rolling) as f64;
    for (rolled, w) in outcomes(s.rolling) {
        let p = w as f64 / all;
        let x = settle(s, s.kept.plus(rolled), &mut memo);
        out.claim += p * x.0;
        out.nuked += p * x.1;
        out.ended += p * x.2;
        reach_sum += p * x.3;
    }
    out.ended_reach = if out.ended > 0.0 {
        reach_sum / out.ended
    } else {
        0.0
    };
    out
}

/// From the dice `showing` after a roll: (claim, nuked, ended, ended x reach), rolling on
/// whenever the rules allow.
fn settle(
    s: &Situation<'_>,
    showing: Tally,
    memo: &mut HashMap<Tally, (f64, f64, f64, f64)>,
) -> (f64, f64, f64, f64) {
    match s.result(showing) {
        RollResult::Nuked => return (0.0, 1.0, 0.0, 0.0),
        RollResult::Claim => return (1.0, 0.0, 0.0, 0.0),
        _ => {}
    }
    let m = showing.martians();
    if s.card.one_roll() || m == 0 {
        return (0.0, 0.0, 1.0, f64::from(s.reach(showing)));
    }
    if let Some(v) = memo.get(&showing) {
        return *v;
    }
    let mut kept = showing;
    kept.set(Symbol::Martian, 0);
    let all = ways(m) as f64;
    // Rolling every Martian again comes back here: solve for the fixed point.
    let stay = 1.0 / all;
    let mut acc = (0.0, 0.0, 0.0, 0.0);
    for (rolled, w) in outcomes(m) {
        if rolled.martians() == m {
            continue;
        }
        let p = w as f64 / all;
        let x = settle(s, kept.plus(rolled), memo);
        acc.0 += p * x.0;
        acc.1 += p * x.1;
        acc.2 += p * x.2;
        acc.3 += p * x.3;
    }
    let k = 1.0 / (1.0 - stay);
    let v = (acc.0 * k, acc.1 * k, acc.2 * k, acc.3 * k);
    memo.insert(showing, v);
    v
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::card::{Kind, Run};

    fn at(card: &Location, kept: Tally, rolling: u8, symbols: u8) -> Situation<'_> {
        Situation {
            card,
            from: 0,
            kept,
            rolling,
            now: card.reach(0, kept),
            symbols,
            claimable: true,
        }
    }

    #[test]
    fn one_die_left_is_a_third_each_way() {
        // Needing one more Ray Gun with 4 kept, 2 Nukes showing of 3 symbols, one die.
        let c = Location::city("Detroit", Symbol::RayGun, 5, 1, 1);
        let s = at(&c, Tally::new(0, 4, 2), 1, 3);
        let o = next_roll(&s);
        assert_eq!((o.ways, o.claim, o.more, o.same, o.nuked), (3, 1, 0, 1, 1));
        // Rolling on: a Martian comes back to the same roll, so claim and nuked are half
        // each.
        let t = to_the_end(&s);
        assert!((t.claim - 0.5).abs() < 1e-12 && (t.nuked - 0.5).abs() < 1e-12);
        assert_eq!(t.ended, 0.0);
    }

    #[test]
    fn the_turn_odds_add_up_to_one() {
        let c = Location::new(
            "Cleveland",
            Kind::City,
            &[
                Run {
                    symbol: Symbol::RayGun,
                    count: 4,
                },
                Run {
                    symbol: Symbol::Nuke,
                    count: 2,
                },
            ],
            3,
            1,
        );
        for symbols in 3..9 {
            let s = at(&c, Tally::EMPTY, DICE, symbols);
            let t = to_the_end(&s);
            assert!((t.claim + t.nuked + t.ended - 1.0).abs() < 1e-9, "{t:?}");
            let o = next_roll(&s);
            assert_eq!(o.claim + o.more + o.same + o.nuked, o.ways);
        }
    }

    #[test]
    fn the_first_roll_odds_match_a_count_of_every_way_ten_dice_fall() {
        // Each of the 3^10 sequences of symbols, die by die, judged by hand-written rules:
        // nuked when the Nukes reach the symbols (S4); else claimed when the Ray Guns fill
        // the first spaces and the Nukes the rest (from the token on `from`).
        let c = Location::new(
            "Cleveland",
            Kind::City,
            &[
                Run {
                    symbol: Symbol::RayGun,
                    count: 4,
                },
                Run {
                    symbol: Symbol::Nuke,
                    count: 2,
                },
            ],
            3,
            1,
        );
        for (from, symbols) in [(0u32, 6u32), (2, 4), (4, 5), (0, 3)] {
            let (mut claim, mut more, mut same, mut nuked) = (0u64, 0u64, 0u64, 0u64);
            for code in 0..ways(DICE) {
                let (mut r, mut n, mut x) = (0u32, 0u32, code);
                for _ in 0..DICE {
                    match x % 3 {
                        1 => r += 1,
                        2 => n += 1,
                        _ => {}
                    }
                    x /= 3;
                }
                if n >= symbols {
                    nuked += 1;
                    continue;
                }
                let guns_needed = 4u32.saturating_sub(from);
                let reach = if r < guns_needed {
                    from + r
                } else {
                    (4 + n).min(6).max(from)
                };
                if reach >= 6 {
                    claim += 1;
                } else if reach > from {
                    more += 1;
                } else {
                    same += 1;
                }
            }
            let s = Situation {
                card: &c,
                from: from as u8,
                kept: Tally::EMPTY,
                rolling: DICE,
                now: from as u8,
                symbols: symbols as u8,
                claimable: true,
            };
            let o = next_roll(&s);
            assert_eq!(
                (o.ways, o.claim, o.more, o.same, o.nuked),
                (59_049, claim, more, same, nuked),
                "from {from}, {symbols} symbols"
            );
        }
        // Detroit (5 Ray Guns), 6 symbols: the figures `dice-game odds` prints.
        let d = Location::city("Detroit", Symbol::RayGun, 5, 2, 1);
        let o = next_roll(&at(&d, Tally::EMPTY, DICE, 6));
        assert_eq!(
            (o.claim, o.more, o.same, o.nuked),
            (12_585, 41_305, 638, 4_521)
        );
    }
}
