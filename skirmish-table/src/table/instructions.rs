//! The game at a real table in steps a person follows: each AI decision in words, with the
//! labels on the models' bases and their squares ("Martian 3 (c5): shoot Soldier 2 (d8):
//! clear shot, 4 dice at 4+ against 3 Survive dice at 6+: kill 75%, miss 25%"), and what
//! the rules did on the board that the table must show (a counter flipped, a model dead,
//! lying down, brought back), and the set-up square by square. The odds are the rules'
//! own ([`super::forecast`]); nothing here reads what the person's side may not see: an
//! AI's "no card" on a response window is no step (R28), and the cards drawn stay in the
//! program.

use rules::action::{Action, Defence, ModelId, Target as CardTarget};
use rules::state::{Event, Loc, Phase, ShotResult};
use rules::{GameState, Side, Square};

use super::companion::TableRoll;
use super::describe::{ModelNames, base_label, card_name, label_at, outcome_text, side_title};
use super::forecast::{acting_model, after, fight_forecast, has_aimed, percent, shoot_forecast};
use super::marks::MoveMarks;
use super::rolls::faces_text;

/// What a step at the table is.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum StepKind {
    /// A decision of the AI, to make on its side of the table.
    Decision,
    /// Something the rules did that the table must show (a counter flipped, a model taken
    /// off, laid down, stood up or put back, a piece placed).
    Board,
    /// Something to know that moves nothing (dice the program rolled, VP scored, a new
    /// Round, the result).
    Note,
}

/// One step to make at the table.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TableStep {
    /// The decision it comes from (the number of decisions made before it); `None` for
    /// the set-up.
    pub at: Option<usize>,
    pub kind: StepKind,
    pub text: String,
    /// What the board draws with it: the AI's move, or the square of a counter or a model
    /// put down at set-up.
    pub picture: Option<MoveMarks>,
}

/// The AI's decision `action` in `g` (before it is made) in words a person follows at the
/// table, by `side`; `None` for a decision that must not be shown (no card played on a
/// response window, which would tell that the side held one, R28).
pub fn decision_instruction(g: &GameState, action: &Action, side: Side) -> Option<String> {
    let team = format!("The {}", side_title(side));
    let acting = acting_model(g);
    let who = |m: Option<ModelId>| m.map_or_else(|| team.clone(), |m| label_at(g, m));
    Some(match *action {
        Action::Deploy(sq) => {
            let deployed = after(g, &[*action]).and_then(|c| {
                (0..g.models().len()).map(|i| ModelId(i as u8)).find(|m| {
                    g.model(*m).loc != c.model(*m).loc && c.model(*m).loc == Loc::Board(sq)
                })
            });
            match deployed {
                Some(m) => format!("{team}: put {} on {sq}", base_label(g, m)),
                None => format!("{team}: deploy a model on {sq}"),
            }
        }
        Action::Activate(m) => format!("{}: it acts now", label_at(g, m)),
        Action::Stand => format!("{}: stand it up", who(acting)),
        Action::Move(sq) => {
            let mover = acting;
            let side_of_mover = mover.map(|m| g.model(m).side);
            let enemies: Vec<String> = side_of_mover
                .map(|s| {
                    g.models_in(sq)
                        .filter(|e| g.model(*e).side != s)
                        .map(|e| base_label(g, e))
                        .collect()
                })
                .unwrap_or_default();
            let entering = mover.is_some_and(|m| g.model(m).square().is_none());
            if !enemies.is_empty() {
                format!(
                    "{}: charge into {sq} and Fight ({} there)",
                    who(mover),
                    enemies.join(", ")
                )
            } else if entering {
                format!("{}: bring it on at {sq}", who(mover))
            } else {
                format!("{}: move to {sq}", who(mover))
            }
        }
        Action::Exit(edge) => format!("{}: leave the board across the {edge} edge", who(acting)),
        Action::Aim => format!("{}: aim (one more die on its shot)", who(acting)),
        Action::Shoot(target) => {
            let Some(shooter) = acting else {
                return Some(format!("{team}: shoot {}", label_at(g, target)));
            };
            let odds = g
                .model(shooter)
                .square()
                .and_then(|from| shoot_forecast(g, shooter, from, target, has_aimed(g, shooter)));
            match odds {
                Some(f) => {
                    let sight = match f.los {
                        rules::map::Los::Clear => "clear shot",
                        _ => "seen, not a clear shot",
                    };
                    let armour = if f.armour > 0 { ", armour +1" } else { "" };
                    let rattled = if f.armour > 0 {
                        format!(", Rattled {}", percent(f.odds.rattled))
                    } else {
                        String::new()
                    };
                    format!(
                        "{}: shoot {}: {sight}, {} dice at {}+ against {} Survive dice at {}+{armour}: \
                         kill {}{rattled}, miss {}",
                        label_at(g, shooter),
                        label_at(g, target),
                        f.dice,
                        f.shoot,
                        f.survive_dice,
                        f.survive,
                        percent(f.odds.kill),
                        percent(f.odds.miss)
                    )
                }
                None => format!("{}: shoot {}", label_at(g, shooter), label_at(g, target)),
            }
        }
        Action::Fight(target) => {
            let attacker = match g.phase() {
                Phase::FightTarget { attacker, .. } => Some(attacker),
                _ => acting,
            };
            match attacker.and_then(|a| fight_forecast(g, a, target)) {
                Some(f) => format!(
                    "{}: fight {}: {} dice at {}+ against {} dice; the attacker wins {} if it \
                     fights back, {} if it tries to survive",
                    label_at(g, f.attacker),
                    label_at(g, target),
                    f.attacker_dice,
                    f.attacker_value,
                    f.defender_dice,
                    percent(f.if_fight.attacker_wins),
                    percent(f.if_survive.attacker_wins)
                ),
                None => format!("{}: fight {}", who(attacker), label_at(g, target)),
            }
        }
        Action::Defend(defence) => {
            let Phase::Defence {
                attacker, defender, ..
            } = g.phase()
            else {
                return Some(format!(
                    "{team}: {}",
                    super::describe::action_text(g, action, ModelNames::Bases)
                ));
            };
            let f = fight_forecast(g, attacker, defender);
            match defence {
                Defence::Fight => {
                    let odds = f.map_or(String::new(), |f| {
                        format!(
                            ": it wins {}, loses {}, nobody dies {}",
                            percent(f.if_fight.defender_wins),
                            percent(f.if_fight.attacker_wins),
                            percent(f.if_fight.no_kill)
                        )
                    });
                    format!(
                        "{}: fights back against {}{odds}",
                        label_at(g, defender),
                        label_at(g, attacker)
                    )
                }
                Defence::Survive => {
                    let odds = f.map_or(String::new(), |f| {
                        format!(": it dies {}", percent(f.if_survive.attacker_wins))
                    });
                    format!(
                        "{}: ducks and covers against {} (Survive){odds}",
                        label_at(g, defender),
                        label_at(g, attacker)
                    )
                }
            }
        }
        Action::Defender(m) => format!("{}: steps forward to defend", label_at(g, m)),
        Action::Done => format!("{}: its action ends here", who(acting)),
        Action::EndTurn => format!("{team} end their Turn"),
        Action::Pass => format!("{team} pass for the rest of the Round"),
        Action::Play(c, ref t) => {
            format!("{team} play {}{}", card_name(g, c.half), target_text(g, t))
        }
        Action::Lay(c) => format!("{team} lay {} into their Support set", card_name(g, c.half)),
        Action::Call(c, spot) => {
            let at = match spot {
                rules::action::Spot::None => String::new(),
                other => format!(" at {other}"),
            };
            format!("{team} call their {} set{at}", card_name(g, c))
        }
        Action::Respond(Some(c)) => format!("{team} play {} on this test", card_name(g, c.half)),
        Action::Respond(None) => return None,
        Action::Discard(c) => format!("{team} discard {}", super::describe::card_text(g, c)),
        Action::Keep => format!("{team} keep the rest of their hand and draw"),
        Action::Heading(e) => format!("{team} send the Flying Car {e}"),
        Action::Pick(m) => format!("The Bug attacks {}", label_at(g, m)),
        Action::ShootBug => format!("{}: shoot the Bug", who(acting)),
        Action::FightBug => format!("{}: fight the Bug", who(acting)),
        #[allow(unreachable_patterns)]
        _ => format!("{team}: {action}"),
    })
}

/// What a card is aimed at, in words with labels (empty when nothing).
fn target_text(g: &GameState, t: &CardTarget) -> String {
    match *t {
        CardTarget::None => String::new(),
        CardTarget::Model(m) => format!(" on {}", label_at(g, m)),
        CardTarget::Models(a, b) => format!(" on {} and {}", label_at(g, a), label_at(g, b)),
        CardTarget::ModelTo(m, s) => format!(": {} to {s}", label_at(g, m)),
        CardTarget::Square(s) => format!(" at {s}"),
        CardTarget::Set(c) => format!(" on the {} set", card_name(g, c)),
        CardTarget::SetAt(c, spot) => format!(" on the {} set at {spot}", card_name(g, c)),
    }
}

/// What `events` (of a decision made in `before`) did that the table must show, in
/// order: counters flipped and taken, models dead, laid down, stood up, brought back or
/// moved by the rules, pieces of the Events placed, and notes (the dice the program
/// rolled, VP, a new Round, the result). `rolls` says which of the decision's rolls the
/// program rolled (their faces are shown); the person rolled the others. Cards drawn stay
/// in the program and are no step.
pub fn board_steps(
    before: &GameState,
    events: &[Event],
    rolls: &[TableRoll],
) -> Vec<(StepKind, String)> {
    let label = |m: ModelId| label_at(before, m);
    let name = |m: ModelId| base_label(before, m);
    let mut out: Vec<(StepKind, String)> = Vec::new();
    let board = |out: &mut Vec<(StepKind, String)>, t: String| out.push((StepKind::Board, t));
    let note = |out: &mut Vec<(StepKind, String)>, t: String| out.push((StepKind::Note, t));
    let mut roll = 0usize;
    let mut program_rolled = |who: String, faces: &[u8], out: &mut Vec<(StepKind, String)>| {
        let by_program = matches!(rolls.get(roll), Some(TableRoll::Program));
        roll += 1;
        if by_program && !faces.is_empty() {
            note(
                out,
                format!("the program rolled for {who}: {}", faces_text(faces)),
            );
        }
    };
    for e in events {
        match *e {
            Event::Roll {
                model, ref faces, ..
            } => program_rolled(label(model), faces, &mut out),
            Event::EffectRoll {
                card, ref faces, ..
            } => program_rolled(card_name(before, card), faces, &mut out),
            Event::RattleTest {
                model,
                roll: face,
                rattled,
            } => {
                program_rolled(format!("{}'s Rattle test", label(model)), &[face], &mut out);
                if rattled {
                    board(
                        &mut out,
                        format!("{}: Rattled, lay it down (R17)", label(model)),
                    );
                }
            }
            Event::Shot {
                target,
                result: ShotResult::Rattled,
                ..
            } => board(
                &mut out,
                format!(
                    "{}: saved by its armour and Rattled, lay it down (R15)",
                    label(target)
                ),
            ),
            // A roll that changes nothing on the table still gets its result (R15).
            Event::Shot {
                shooter,
                target,
                result: ShotResult::Miss,
                ..
            } => note(
                &mut out,
                format!("{}'s shot at {}: missed", name(shooter), name(target)),
            ),
            Event::AreaShot {
                model,
                result: ShotResult::Miss,
            } => note(&mut out, format!("{}: unharmed", label(model))),
            Event::Fought {
                defender,
                defence: Defence::Survive,
                killed: None,
                ..
            } => note(&mut out, format!("{} survives", name(defender))),
            Event::Fought {
                attacker,
                defender,
                killed: None,
                ..
            } => note(
                &mut out,
                format!(
                    "{} and {}: nobody is hurt, both stay",
                    name(attacker),
                    name(defender)
                ),
            ),
            Event::SurviveCheck {
                model,
                failed: false,
            } => note(&mut out, format!("{} survives", name(model))),
            Event::ShotBug {
                shooter,
                killed: false,
            } => note(
                &mut out,
                format!("{}'s shot at the Bug: missed", name(shooter)),
            ),
            Event::FoughtBug {
                attacker,
                killed: false,
            } => note(
                &mut out,
                format!("{} fights the Bug: the Bug survives", name(attacker)),
            ),
            Event::Stampeded(m) => board(
                &mut out,
                format!(
                    "{}: run down by the cows and Rattled, lay it down",
                    label(m)
                ),
            ),
            Event::CounterPlaced(sq) => board(&mut out, format!("put a counter face down on {sq}")),
            Event::Revealed(sq, kind) => board(
                &mut out,
                format!("flip the counter on {sq}: {}", a_counter(kind)),
            ),
            Event::Claimed(m, kind) => board(
                &mut out,
                format!(
                    "{} claims the {}: take the counter off the board",
                    label(m),
                    kind.name()
                ),
            ),
            Event::CivilianClaimed(m, kind) => board(
                &mut out,
                format!(
                    "{} picks up the Civilian as a {}: take the Civilian off the board",
                    label(m),
                    kind.name()
                ),
            ),
            Event::Killed { model, .. } => board(
                &mut out,
                format!("{}: dead, take it off the table", label(model)),
            ),
            Event::Escaped(m) => note(
                &mut out,
                format!("{} is saved by a Lucky Escape: it stays", label(m)),
            ),
            Event::Distracted(m) => note(
                &mut out,
                format!("{} counts as having acted this Round", label(m)),
            ),
            Event::Reinforced(m, sq) => board(
                &mut out,
                format!("put {} back on the table on {sq}", name(m)),
            ),
            Event::BugSnatched(m, sq) => board(
                &mut out,
                format!("the Bug snatches {}: put it on {sq}", label(m)),
            ),
            Event::BlockerPlaced(sq) => board(
                &mut out,
                format!("put the crashed Flying Car on {sq}: a blocker (P1)"),
            ),
            Event::CarLanded(sq) => board(&mut out, format!("the Flying Car lands on {sq}")),
            Event::CarLeft => board(&mut out, "the Flying Car flies off the board".into()),
            Event::CowsEntered(sq) => board(&mut out, format!("put the burning cows on {sq}")),
            Event::CowsMoved { from, to } => board(
                &mut out,
                format!("move the burning cows from {from} to {to}"),
            ),
            Event::CowsLeft => board(&mut out, "take the burning cows off the board".into()),
            Event::CivilianPlaced(sq) => board(&mut out, format!("put a Civilian on {sq}")),
            Event::CivilianMoved { from, to } => {
                board(&mut out, format!("move the Civilian on {from} to {to}"))
            }
            Event::CivilianLeft(sq) => {
                board(&mut out, format!("take the Civilian on {sq} off the board"))
            }
            Event::BugPlaced(sq) => board(&mut out, format!("put the Bug on {sq}")),
            Event::BugMoved { from, to } => {
                board(&mut out, format!("move the Bug from {from} to {to}"))
            }
            Event::BugGone => board(&mut out, "take the Bug off the board".into()),
            Event::EventDrawn { side, card } => note(
                &mut out,
                format!(
                    "the {} draw the Event {}: it happens at once",
                    side_title(side),
                    card_name(before, card)
                ),
            ),
            Event::VpScored {
                side, vp, total, ..
            } => note(
                &mut out,
                format!("the {} score {vp} VP ({total} in all)", side_title(side)),
            ),
            Event::ArrivalDrawn {
                side, round, edge, ..
            } => note(
                &mut out,
                format!(
                    "the {}' next models arrive in Round {round} across the {edge} edge",
                    side_title(side)
                ),
            ),
            Event::RoundEnded { round, next_first } => note(
                &mut out,
                format!(
                    "Round {} begins: the {} go first",
                    round + 1,
                    side_title(next_first)
                ),
            ),
            Event::GameOver(o) => {
                let (head, why) = outcome_text(before, o, ModelNames::Bases);
                note(&mut out, format!("{head} {why}"));
            }
            _ => {}
        }
    }
    out
}

/// A counter's kind with its article: `a Critter`, `an Alien Secret`.
fn a_counter(kind: rules::state::CounterKind) -> String {
    let name = kind.name();
    let article = if name.starts_with(['A', 'E', 'I', 'O', 'U']) {
        "an"
    } else {
        "a"
    };
    format!("{article} {name}")
}

/// The set-up at the table, square by square: each counter put face down where the
/// rules placed it, and each model that starts on a fixed square.
pub fn setup_steps(g: &GameState, setup_events: &[Event]) -> Vec<TableStep> {
    let step = |text: String, sq: Square| TableStep {
        at: None,
        kind: StepKind::Board,
        text,
        picture: Some(MoveMarks::square(sq)),
    };
    // The models the scenario fixes on their squares, in its order, then the counters as
    // the rules placed them (R24).
    let fixed = g
        .scenario()
        .models
        .iter()
        .take(g.models().len())
        .enumerate()
        .filter_map(|(i, m)| match m.start {
            rules::scenario::Start::At(sq) => Some(step(
                format!("put {} on {sq}", base_label(g, ModelId(i as u8))),
                sq,
            )),
            _ => None,
        });
    let counters = setup_events.iter().filter_map(|e| match *e {
        Event::CounterPlaced(sq) => Some(step(format!("put a counter face down on {sq}"), sq)),
        Event::Deployed(m, sq) => Some(step(format!("put {} on {sq}", base_label(g, m)), sq)),
        _ => None,
    });
    let mut out: Vec<TableStep> = fixed.chain(counters).collect();
    if out.is_empty() {
        return out;
    }
    out.insert(
        0,
        TableStep {
            at: None,
            kind: StepKind::Note,
            text: "set up the table as the program placed it, square by square".into(),
            picture: None,
        },
    );
    out
}
