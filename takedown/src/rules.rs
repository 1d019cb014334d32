//! What a shot does, by the rules as written (T5-T8) and the rulings that fill their gaps:
//! from where the die rests to an [`Outcome`], with no physics, so that tests and the AI's
//! look-ahead can play the rules on any rest.
//!
//! In order: a die whose centre is off the table has left it (T8); a die still on the
//! shooter's own saucer is retaken (T5), at most so many times a Turn (T12); otherwise every
//! other saucer it is on goes to its Base (T7, T16), and the target it overlaps most (T6,
//! T16) gives up its lowest-value piece, flipped when the icons match (T2, T6), the shooter
//! returning to its Base; on no target, the shooter's saucer is left centred over the die,
//! pulled toward its Base clear of every other piece (T7, T17). The checks go in this order
//! (T19). Rulings T10 on are in `docs/takedown.md`.

use std::fmt;

use crate::game::Game;
use crate::geometry::{Disc, Point, first_clear, overlap_area};
use crate::pieces::{Icon, PieceKind, Points, Seat, TargetId};
use crate::shot::Rest;

/// A claimed piece.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Claim {
    pub target: TargetId,
    pub kind: PieceKind,
    /// Claimed with the matching icon, flipped to its solid side (T2).
    pub flipped: bool,
    pub points: Points,
}

/// What a shot did.
#[derive(Clone, Debug, PartialEq)]
pub enum Outcome {
    /// T5: at rest the die still overlaps the shooter's saucer; the shot is taken again.
    /// `retake` counts this Turn's retakes, from 1.
    Retake { retake: u32 },
    /// T12: the die is on the shooter's saucer again after the Turn's last retake: the
    /// Turn passes with nothing changed.
    RetakesSpent,
    /// T8: the die left the table; the shooter's saucer goes back to its Base.
    LeftTable,
    /// T7: on no target. The shooter's saucer is left at `saucer`: over the die, or pulled
    /// toward its Base (`pulled`) until it overlapped nothing. `sent_home`: other players'
    /// saucers the die was on, sent to their Bases first.
    Miss {
        saucer: Point,
        pulled: bool,
        sent_home: Vec<Seat>,
    },
    /// T6: on a target; its lowest-value piece claimed with the icon `rolled`, every other
    /// saucer the die was on sent home, and the shooter back to its Base.
    Claimed {
        claim: Claim,
        rolled: Icon,
        sent_home: Vec<Seat>,
    },
}

impl Outcome {
    /// Whether the shooter shoots again (the Turn goes on).
    pub fn is_retake(&self) -> bool {
        matches!(self, Outcome::Retake { .. })
    }

    /// The points the shot scored.
    pub fn points(&self) -> Points {
        match self {
            Outcome::Claimed { claim, .. } => claim.points,
            _ => Points(0),
        }
    }

    /// The other players' saucers sent to their Bases.
    pub fn sent_home(&self) -> &[Seat] {
        match self {
            Outcome::Miss { sent_home, .. } | Outcome::Claimed { sent_home, .. } => sent_home,
            _ => &[],
        }
    }

    /// The outcome in words, naming the targets of `game`'s table:
    /// "claimed the outer ring of the robot target, icon matched: 2 points".
    pub fn words(&self, game: &Game) -> String {
        let home = |seats: &[Seat]| {
            if seats.is_empty() {
                return String::new();
            }
            let names: Vec<String> = seats.iter().map(|s| format!("{s}'s")).collect();
            format!(
                "; sent {} saucer{} home",
                names.join(" and "),
                if seats.len() > 1 { "s" } else { "" }
            )
        };
        match self {
            Outcome::Retake { retake } => format!(
                "the die stayed on the saucer: retake {retake} of {}",
                game.setup().layout.rules.max_retakes
            ),
            Outcome::RetakesSpent => {
                "the die stayed on the saucer after the last retake: the Turn passes".into()
            }
            Outcome::LeftTable => "the die left the table: saucer back to its Base".into(),
            Outcome::Miss {
                saucer,
                pulled,
                sent_home,
            } => format!(
                "missed: saucer {} {saucer}{}",
                if *pulled {
                    "pulled toward its Base to"
                } else {
                    "left at"
                },
                home(sent_home)
            ),
            Outcome::Claimed {
                claim,
                rolled,
                sent_home,
            } => {
                let target = &game.setup().targets[claim.target.index()];
                let icon = if claim.flipped {
                    "icon matched".to_string()
                } else {
                    format!("rolled {rolled}, not {}", target.icon)
                };
                format!(
                    "claimed {} of the {} target, {icon}: {}{}",
                    claim.kind.words(),
                    target.name,
                    claim.points,
                    home(sent_home)
                )
            }
        }
    }
}

impl fmt::Display for Claim {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{} of target {}{}: {}",
            self.kind.words(),
            self.target.0 + 1,
            if self.flipped { ", flipped" } else { "" },
            self.points
        )
    }
}

/// What the shot of the player to shoot in `game` does, the die resting at `rest`.
pub fn resolve(game: &Game, rest: &Rest) -> Outcome {
    let setup = game.setup();
    let layout = &setup.layout;
    let shooter = game.turn();
    // T19: the checks in this order. T8: its centre off the table (or seen leaving it).
    if rest.left_table || !layout.table.holds(rest.at()) {
        return Outcome::LeftTable;
    }
    let footprint = rest.pose.footprint(layout.die.edge.0);
    let on = |disc: &Disc| overlap_area(&footprint, disc);
    // T16: less than the least overlap is touching only.
    let min = layout.rules.min_overlap;
    // T5: still on the shooter's own saucer: the shot does not count, whatever else the die
    // is on (T19).
    if on(&game.saucer_disc(shooter)) > min {
        return if game.retakes() < layout.rules.max_retakes {
            Outcome::Retake {
                retake: game.retakes() + 1,
            }
        } else {
            Outcome::RetakesSpent
        };
    }
    // T7, T16: every other saucer the die is on goes to its Base.
    let sent_home: Vec<Seat> = (0..setup.players())
        .map(|i| Seat(i as u8))
        .filter(|&s| s != shooter && on(&game.saucer_disc(s)) > min)
        .collect();
    // T6, T16: the target whose top piece it overlaps most, the first listed among equals.
    let mut best: Option<(TargetId, f64)> = None;
    for t in &setup.targets {
        let Some(disc) = game.top_disc(t.id) else {
            continue;
        };
        let area = on(&disc);
        if area > min && best.is_none_or(|(_, a)| area > a) {
            best = Some((t.id, area));
        }
    }
    let rolled = layout.die.faces[rest.face % 6];
    if let Some((target, _)) = best {
        // The lowest-value piece is the top one (T6), flipped on a match (T2).
        let kind = game.top_piece(target).unwrap_or(PieceKind::Centre);
        let flipped = rolled == setup.targets[target.index()].icon;
        return Outcome::Claimed {
            claim: Claim {
                target,
                kind,
                flipped,
                points: layout.pieces.value(kind, flipped),
            },
            rolled,
            sent_home,
        };
    }
    // T7: the saucer over the die, pulled straight toward its Base clear of every piece:
    // the targets' top pieces and the other saucers where they then lie.
    let base = game.base(shooter);
    let mut obstacles: Vec<Disc> = setup
        .targets
        .iter()
        .filter_map(|t| game.top_disc(t.id))
        .collect();
    for i in 0..setup.players() {
        let s = Seat(i as u8);
        if s == shooter {
            continue;
        }
        let mut d = game.saucer_disc(s);
        if sent_home.contains(&s) {
            d.centre = game.base(s);
        }
        obstacles.push(d);
    }
    let at = rest.at();
    // T17: with no clear place on the way, the saucer goes to its Base.
    let saucer = first_clear(at, base, layout.saucer_radius(), &obstacles).unwrap_or(base);
    Outcome::Miss {
        saucer,
        pulled: saucer != at,
        sent_home,
    }
}
