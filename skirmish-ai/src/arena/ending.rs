//! What ended a game decided at once (P28, P29, P31): the key model that died and what
//! killed it, or the one that got away, or the zone held long enough; with the Round and
//! the square, edge or zone. Read from the events of the game's last decision, played
//! again from the state and dice before it.

use std::collections::BTreeMap;

use rand::RngCore;
use serde::{Deserialize, Serialize};

use super::record::Reason;

use rules::state::{Event, Outcome, ShotResult, WinReason};
use rules::{Action, GameState, ModelId, Side};

/// A model of the scenario, as a record names it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct ModelRef {
    /// Its id in the game (`m3`).
    pub id: String,
    /// Its profile's name (`Mayor`).
    pub profile: String,
}

/// What killed a key model.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case", tag = "kind")]
pub enum Killer {
    /// A model's Shoot test (R13).
    Shot { model: ModelRef },
    /// A Fight (R16): the model that won it.
    Fight { model: ModelRef },
    /// A card: an attack on an area, an Event, the cows or the Bug.
    Card { card: String },
    /// Nothing the events name.
    Unknown,
}

/// How a game that ended at once ended.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case", tag = "kind")]
pub enum Ending {
    /// A key model died (P28, P29): on `square` (its last), killed `by`.
    KeyModelDied {
        round: u16,
        model: ModelRef,
        by: Killer,
        square: Option<String>,
    },
    /// A key model left by its side's exit (P28), across `edge`.
    KeyModelLeft {
        round: u16,
        model: ModelRef,
        edge: String,
    },
    /// `side` held `zone` alone the `rounds` Rounds running that win (P31).
    HeldZone {
        round: u16,
        side: Side,
        zone: String,
        rounds: u8,
    },
}

impl Ending {
    /// The reason the record gives a game that ended so.
    pub fn reason(&self) -> Reason {
        match self {
            Ending::KeyModelDied { .. } => Reason::KeyModelDied,
            Ending::KeyModelLeft { .. } => Reason::KeyModelLeft,
            Ending::HeldZone { .. } => Reason::HeldZone,
        }
    }

    /// The Round the game ended in.
    pub fn round(&self) -> u16 {
        match self {
            Ending::KeyModelDied { round, .. }
            | Ending::KeyModelLeft { round, .. }
            | Ending::HeldZone { round, .. } => *round,
        }
    }

    /// What ended it, in a few words that group like games together: "Mayor shot by
    /// Martian", "Mayor killed in a Fight by Martian Leader", "Mayor killed by
    /// death-ray", "Mayor got away", "held by the humans 2 Rounds running".
    pub fn what(&self) -> String {
        match self {
            Ending::KeyModelDied { model, by, .. } => match by {
                Killer::Shot { model: k } => format!("{} shot by {}", model.profile, k.profile),
                Killer::Fight { model: k } => {
                    format!("{} killed in a Fight by {}", model.profile, k.profile)
                }
                Killer::Card { card } => format!("{} killed by {card}", model.profile),
                Killer::Unknown => format!("{} killed", model.profile),
            },
            Ending::KeyModelLeft { model, .. } => format!("{} got away", model.profile),
            Ending::HeldZone {
                side, rounds: 1, ..
            } => format!("held by the {side} for a Round"),
            Ending::HeldZone { side, rounds, .. } => {
                format!("held by the {side} {rounds} Rounds running")
            }
        }
    }

    /// Where: the square the key model died on, the edge it left by, the zone held.
    pub fn place(&self) -> String {
        match self {
            Ending::KeyModelDied { square, .. } => square
                .clone()
                .unwrap_or_else(|| "off the board".to_string()),
            Ending::KeyModelLeft { edge, .. } => format!("{edge} edge"),
            Ending::HeldZone { zone, .. } => zone.clone(),
        }
    }
}

fn model_ref(g: &GameState, id: ModelId) -> ModelRef {
    ModelRef {
        id: id.to_string(),
        profile: g.profile(id).name.clone(),
    }
}

/// What ended the game when `action`, played from `before` with the dice `dice` (as they
/// stood before it), ended it at once by a key model or a zone; `None` for a game that
/// goes on or ends otherwise (VP, wipe-out, the last Round).
pub fn ending_of<R: RngCore + Clone>(
    before: &GameState,
    action: Action,
    dice: &R,
) -> Option<Ending> {
    let mut g = before.clone();
    let mut rng = dice.clone();
    let mut events: Vec<Event> = Vec::new();
    g.apply_logged(action, &mut rng, &mut events);
    let Some(Outcome::Win(winner, why)) = g.outcome() else {
        return None;
    };
    // The Round of the deciding decision (a zone is held at the end of it).
    let round = before.round();
    let scenario = g.scenario();
    match why {
        WinReason::KeyModelDied => {
            // The first model killed whose death wins for the winner, on the square it
            // last moved to in the decision, or stood on before it.
            let mut killer = Killer::Unknown;
            let mut card: Option<String> = None;
            let mut moved: Vec<(ModelId, rules::Square)> = Vec::new();
            for e in &events {
                match e {
                    Event::Moved { model, to, .. } => moved.push((*model, *to)),
                    Event::CardPlayed { card: c, .. } => card = Some(c.half.to_string()),
                    Event::EventDrawn { card: c, .. } => card = Some(c.to_string()),
                    Event::AreaAttack { card: c, .. } | Event::EffectRoll { card: c, .. } => {
                        card = Some(c.to_string())
                    }
                    Event::Shot {
                        shooter,
                        target,
                        result: ShotResult::Kill,
                        ..
                    } if is_key(scenario, *target, winner) => {
                        killer = Killer::Shot {
                            model: model_ref(&g, *shooter),
                        };
                    }
                    Event::Fought {
                        attacker,
                        defender,
                        killed: Some(dead),
                        ..
                    } if is_key(scenario, *dead, winner) => {
                        let winner_of_fight = if dead == defender {
                            *attacker
                        } else {
                            *defender
                        };
                        killer = Killer::Fight {
                            model: model_ref(&g, winner_of_fight),
                        };
                    }
                    Event::Killed { model, .. } if is_key(scenario, *model, winner) => {
                        if killer == Killer::Unknown
                            && let Some(c) = &card
                        {
                            killer = Killer::Card { card: c.clone() };
                        }
                        let square = moved
                            .iter()
                            .rev()
                            .find(|(m, _)| m == model)
                            .map(|(_, s)| *s)
                            .or_else(|| before.model(*model).square());
                        return Some(Ending::KeyModelDied {
                            round,
                            model: model_ref(&g, *model),
                            by: killer,
                            square: square.map(|s| s.to_string()),
                        });
                    }
                    _ => {}
                }
            }
            None
        }
        WinReason::KeyModelLeft => events.iter().find_map(|e| match e {
            Event::Exited(id, edge)
                if scenario.models[id.index()].ends_game.exits == Some(winner) =>
            {
                Some(Ending::KeyModelLeft {
                    round,
                    model: model_ref(&g, *id),
                    edge: edge.to_string(),
                })
            }
            _ => None,
        }),
        WinReason::HeldZone => events.iter().find_map(|e| match e {
            Event::HoldRunning {
                side,
                zone,
                rounds,
                needed,
            } if *side == winner && u16::from(*rounds) >= *needed => Some(Ending::HeldZone {
                round,
                side: *side,
                zone: zone.zone_text(),
                rounds: *rounds,
            }),
            _ => None,
        }),
        _ => None,
    }
}

/// Can a game of `scenario` end at once by a key model or a zone (P28, P31)?
pub fn can_end_at_once(scenario: &rules::Scenario) -> bool {
    scenario.models.iter().any(|m| m.ends_game.is_key()) || scenario.win_zones().next().is_some()
}

/// Is `id` a model whose death wins for `winner` (P28)?
fn is_key(scenario: &rules::Scenario, id: ModelId, winner: Side) -> bool {
    scenario.models[id.index()].ends_game.dies == Some(winner)
}

/// The games of one scenario that ended one way (a [`Reason`] decided at once), broken
/// down by what ended them, in which Round and where: what a designer reads to see how a
/// key model dies or which zone wins.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct EndingBreakdown {
    pub reason: Reason,
    pub games: u32,
    /// By what ([`Ending::what`]), most games first: `("Mayor shot by Martian", 61)`.
    pub by: Vec<(String, u32)>,
    /// By the Round they ended in, in Round order.
    pub rounds: Vec<(u16, u32)>,
    /// By square, edge or zone ([`Ending::place`]), most games first.
    pub places: Vec<(String, u32)>,
}

impl EndingBreakdown {
    /// One line of text: `Mayor shot by Martian: 61, ...; in Round 1: 40, 2: 30; on d4:
    /// 20, e5: 12, c3: 9, elsewhere: 11`.
    pub fn text(&self) -> String {
        let counts = |v: &[(String, u32)], most: usize| {
            let mut parts: Vec<String> = v
                .iter()
                .take(most)
                .map(|(k, n)| format!("{k}: {n}"))
                .collect();
            let rest: u32 = v.iter().skip(most).map(|(_, n)| n).sum();
            if rest > 0 {
                parts.push(format!("other: {rest}"));
            }
            parts.join(", ")
        };
        let rounds: Vec<String> = self
            .rounds
            .iter()
            .map(|(r, n)| format!("{r}: {n}"))
            .collect();
        let on = match self.reason {
            Reason::KeyModelLeft => "by the",
            Reason::HeldZone => "holding",
            _ => "on",
        };
        format!(
            "{}; in Round {}; {on} {}",
            counts(&self.by, 4),
            rounds.join(", "),
            counts(&self.places, 4)
        )
    }
}

/// The games of one reason so far: how many, and by what, by Round and by place.
#[derive(Default)]
struct Part {
    games: u32,
    by: BTreeMap<String, u32>,
    rounds: BTreeMap<u16, u32>,
    places: BTreeMap<String, u32>,
}

/// Counts endings a game at a time.
#[derive(Default)]
pub struct EndingTally {
    parts: Vec<(Reason, Part)>,
}

impl EndingTally {
    /// Counts one game's ending in.
    pub fn add(&mut self, e: &Ending) {
        let reason = e.reason();
        let i = match self.parts.iter().position(|p| p.0 == reason) {
            Some(i) => i,
            None => {
                self.parts.push((reason, Part::default()));
                self.parts.len() - 1
            }
        };
        let p = &mut self.parts[i].1;
        p.games += 1;
        *p.by.entry(e.what()).or_default() += 1;
        *p.rounds.entry(e.round()).or_default() += 1;
        *p.places.entry(e.place()).or_default() += 1;
    }

    /// The breakdowns, in [`Reason::ALL`] order.
    pub fn breakdowns(self) -> Vec<EndingBreakdown> {
        let most_first = |m: BTreeMap<String, u32>| {
            let mut v: Vec<(String, u32)> = m.into_iter().collect();
            v.sort_by(|a, b| b.1.cmp(&a.1).then_with(|| a.0.cmp(&b.0)));
            v
        };
        let mut out: Vec<EndingBreakdown> = self
            .parts
            .into_iter()
            .map(|(reason, p)| EndingBreakdown {
                reason,
                games: p.games,
                by: most_first(p.by),
                rounds: p.rounds.into_iter().collect(),
                places: most_first(p.places),
            })
            .collect();
        out.sort_by_key(|b| Reason::ALL.iter().position(|r| *r == b.reason));
        out
    }
}
