//! Words for what is on the table: models, sides, decisions and results.

use rules::action::{Action, Defence, ModelId, Spot, Target as CardTarget};
use rules::cards::{Card, CardId, Face};
use rules::scenario::Entry;
use rules::state::{Loc, Outcome, Phase, WinReason};
use rules::{GameState, Side};

/// `Humans` / `Martians`.
pub fn side_title(side: Side) -> &'static str {
    side.title()
}

/// A change of a chance to win in percentage points, signed: `+8`, `-3`, `0`.
pub fn signed_points(v: f64) -> String {
    let p = (100.0 * v).round();
    if p > 0.0 {
        format!("+{p:.0}")
    } else if p < 0.0 {
        format!("{p:.0}")
    } else {
        "0".into()
    }
}

pub use rules::sim::{dice_count, dice_word};

/// A model as the table names it: `m3 US Army Soldier` by number, `Soldier 2` by its
/// base; a model the game does not have is named by its number alone.
pub fn model_name(g: &GameState, id: ModelId, names: ModelNames) -> String {
    if id.index() >= g.models().len() {
        return id.to_string();
    }
    match names {
        ModelNames::Numbers => format!("{id} {}", g.profile(id).name),
        ModelNames::Bases => base_label(g, id),
    }
}

/// Where a model is, in words.
pub fn location(g: &GameState, id: ModelId) -> String {
    match g.model(id).loc {
        Loc::Board(sq) => format!("on {sq}"),
        Loc::Waiting => match g.arrival_of(id) {
            Some(a) => {
                let across = match a.edge {
                    Some(edge) => format!("across the {edge} edge"),
                    None => "across an edge still to be drawn".to_string(),
                };
                match a.round {
                    Some(r) if r > g.round() => format!("arrives in Round {r} {across}"),
                    Some(_) => format!("waiting to come on {across}"),
                    None => format!("arrives in a Round still to be drawn, {across}"),
                }
            }
            None => "waiting to come on".into(),
        },
        Loc::Undeployed => "not yet deployed".into(),
        Loc::Dead => "dead".into(),
        Loc::Exited => "has left the board".into(),
    }
}

/// A half's printed name (its slug when the deck does not know it).
pub fn card_name(g: &GameState, id: CardId) -> String {
    rules::sim::card_name(g, id)
}

/// The half `id` as `side` uses it (an Event's only face for Events).
pub fn card_face(g: &GameState, id: CardId, side: Side) -> Option<&Face> {
    g.deck().half(side, id)
}

/// The card a decision plays, lays, discards or answers with, as its player names it; a
/// Support set called is named by its half alone (`Card { back: None }`).
pub fn card_of(action: &Action) -> Option<Card> {
    match *action {
        Action::Play(c, _) | Action::Lay(c) | Action::Respond(Some(c)) | Action::Discard(c) => {
            Some(c)
        }
        Action::Call(h, _) => Some(Card::new(h, None)),
        _ => None,
    }
}

/// A physical card in words, its own half first (`Splat! (on the back: Heat Ray)`, R19).
pub fn card_text(g: &GameState, card: Card) -> String {
    rules::sim::card_text(g, card)
}

/// What a card is aimed at, in words (empty when nothing).
fn card_target_text(g: &GameState, t: &CardTarget, names: ModelNames) -> String {
    let n = |m: ModelId| names.short(g, m);
    match *t {
        CardTarget::None => String::new(),
        CardTarget::Model(m) => format!(" on {}", model_name(g, m, names)),
        CardTarget::Models(a, b) => format!(" on {} and {}", n(a), n(b)),
        CardTarget::ModelTo(m, s) => format!(": {} to {s}", n(m)),
        CardTarget::Square(s) => format!(" at {s}"),
        CardTarget::Set(c) => format!(" on the {} set", card_name(g, c)),
        CardTarget::SetAt(c, spot) => {
            format!(" on the {} set{}", card_name(g, c), spot_text(&spot))
        }
    }
}

fn spot_text(spot: &Spot) -> String {
    match spot {
        Spot::None => String::new(),
        other => format!(" at {other}"),
    }
}

/// A decision in plain words, for buttons and menus. Kinds of decision this table does
/// not know yet are shown as their text form.
#[allow(unreachable_patterns)]
pub fn action_text(g: &GameState, action: &Action, names: ModelNames) -> String {
    match *action {
        Action::Deploy(sq) => format!("Deploy on {sq}"),
        Action::Activate(m) => format!("Act with {}", model_name(g, m, names)),
        Action::Stand => "Stand up".into(),
        Action::Move(sq) => {
            let mover = match g.phase() {
                Phase::Acting(act) => Some(act.model),
                _ => None,
            };
            let enemy_there = mover.is_some_and(|m| {
                let side = g.model(m).side;
                g.occupied(side.other()).contains(sq)
            });
            let entering = mover.is_some_and(|m| g.model(m).square().is_none());
            if enemy_there {
                format!("Charge into {sq} and Fight")
            } else if entering {
                format!("Come on at {sq}")
            } else {
                format!("Move to {sq}")
            }
        }
        Action::Exit(edge) => format!("Leave the board across the {edge} edge"),
        Action::Aim => "Aim (+1 die on the Shoot that follows)".into(),
        Action::Shoot(m) => format!("Shoot {}", model_name(g, m, names)),
        Action::Fight(m) => format!("Fight {}", model_name(g, m, names)),
        Action::Defend(Defence::Fight) => "Fight back".into(),
        Action::Defend(Defence::Survive) => "Survive (duck and cover)".into(),
        Action::Defender(m) => format!("{} steps forward to defend", model_name(g, m, names)),
        Action::Done => "End this model's action".into(),
        Action::EndTurn => "End the Turn".into(),
        Action::Pass => "Pass for the rest of the Round".into(),
        Action::Play(c, ref t) => {
            format!(
                "Play {}{}",
                card_name(g, c.half),
                card_target_text(g, t, names)
            )
        }
        Action::Lay(c) => format!("Lay {} into the Support set", card_name(g, c.half)),
        Action::Call(c, spot) => format!("Call the {} set{}", card_name(g, c), spot_text(&spot)),
        Action::Respond(Some(c)) => format!("Play {}", card_name(g, c.half)),
        Action::Respond(None) => "Play no card".into(),
        Action::Discard(c) => format!("Discard {}", card_text(g, c)),
        Action::Keep => "Keep the rest and draw".into(),
        Action::Heading(e) => format!("Send the Flying Car {e}"),
        Action::Pick(m) => format!("The Bug attacks {}", model_name(g, m, names)),
        Action::ShootBug => "Shoot the Bug".into(),
        Action::FightBug => "Fight the Bug".into(),
        _ => action.to_string(),
    }
}

/// A plan of one or more decisions in words: `Act with m3, then move to c4`.
pub fn plan_text(g: &GameState, plan: &[Action], names: ModelNames) -> String {
    let mut parts = Vec::new();
    let mut state = g.clone();
    for (i, a) in plan.iter().enumerate() {
        let t = action_text(&state, a, names);
        // A step that opens with a model's name keeps its capital (`Soldier 2 steps
        // forward`).
        let named_first = matches!(a, Action::Defender(_));
        parts.push(if i == 0 || named_first {
            t
        } else {
            lower_first(&t)
        });
        if let Some(next) = super::forecast::after(&state, &[*a]) {
            state = next;
        }
    }
    parts.join(", then ")
}

fn lower_first(s: &str) -> String {
    let mut c = s.chars();
    match c.next() {
        Some(f) if !s.starts_with('m') => f.to_lowercase().collect::<String>() + c.as_str(),
        Some(f) => f.to_string() + c.as_str(),
        None => String::new(),
    }
}

/// The result in a headline and a reason.
pub fn outcome_text(g: &GameState, o: Outcome, names: ModelNames) -> (String, String) {
    match o {
        Outcome::Win(side, why) => {
            let head = format!("The {} win!", side_title(side));
            let reason = match why {
                WinReason::VpTarget => format!(
                    "They reached {} VP, their target.",
                    g.scenario().vp_target(side)
                ),
                WinReason::WipeOut => format!(
                    "The {} have no model left on the table.",
                    side_title(side.other())
                ),
                WinReason::MoreVp => "They had more VP when the game ended.".to_string(),
                WinReason::Survived => format!(
                    "They still had a model on the board at the end of Round {}.",
                    g.round()
                ),
                WinReason::KeyModelDied => match key_model(g, Loc::Dead) {
                    Some(id) => format!("{} is dead, and that wins it.", model_name(g, id, names)),
                    None => "A key model died, and that wins it.".to_string(),
                },
                WinReason::KeyModelLeft => match key_model(g, Loc::Exited) {
                    Some(id) => format!("{} got away, and that wins it.", model_name(g, id, names)),
                    None => "A key model got away, and that wins it.".to_string(),
                },
                WinReason::HeldZone => format!(
                    "They held a zone alone at the end of {} Rounds running.",
                    held_long(g, side).unwrap_or(1)
                ),
            };
            (head, reason)
        }
        Outcome::Draw => (
            "A draw".into(),
            "Both sides had the same VP when the game ended.".into(),
        ),
    }
}

/// The key model whose death (`Loc::Dead`) or leaving (`Loc::Exited`) ended the game
/// (P28).
fn key_model(g: &GameState, how: Loc) -> Option<ModelId> {
    let sc = g.scenario();
    (0..g.models().len()).map(|i| ModelId(i as u8)).find(|id| {
        let e = sc.models[id.index()].ends_game;
        let key = match how {
            Loc::Dead => e.dies.is_some(),
            _ => e.exits.is_some(),
        };
        key && g.model(*id).loc == how
    })
}

/// The Rounds running of `side`'s zone held longest now (P31).
fn held_long(g: &GameState, side: Side) -> Option<u8> {
    (0..g.scenario().sides[side].hold.len())
        .filter_map(|i| g.hold_running(side, i))
        .max()
}

/// What playing a card costs `side` now, in words (R11): outside its own Turn nothing; in
/// it, the card takes one of the Turn's two actions.
pub fn card_cost(g: &GameState, side: Side) -> String {
    let u = g.turn_use();
    if side != g.turn_player() || u.round_end {
        return "Costs nothing: outside your own Turn a card takes none of your actions.".into();
    }
    if u.no_models_at_start {
        return match u.cards {
            0 => "With no model left to act, this Turn allows two cards: this is the first.".into(),
            _ => "The second and last card this Turn allows.".into(),
        };
    }
    match u.models {
        0 => "Costs the Turn's second action: after it, only one model acts this Turn.".into(),
        _ => "Costs the Turn's second action: no second model acts this Turn.".into(),
    }
}

/// What the game is waiting for, in words.
#[allow(unreachable_patterns)]
pub fn phase_text(g: &GameState, names: ModelNames) -> String {
    match g.phase() {
        Phase::Deploy(side) => format!("Set-up: the {} deploy", side_title(side)),
        Phase::TurnStart => {
            let side = side_title(g.turn_player());
            let mut legal = Vec::new();
            g.legal_actions(&mut legal);
            if legal.iter().any(|a| matches!(a, Action::Activate(_))) {
                format!("{side}: choose a model to act")
            } else if legal.iter().any(|a| card_of(a).is_some()) {
                format!("{side}: no model left to act: play a card or Pass")
            } else {
                format!("{side}: no model left to act: Pass")
            }
        }
        Phase::Acting(act) => format!("{} is acting", model_name(g, act.model, names)),
        Phase::AfterFirst => {
            let u = g.turn_use();
            let side = side_title(g.turn_player());
            if u.no_models_at_start {
                format!("{side}: no model left to act: play another card or end the Turn")
            } else if u.models == 0 {
                format!(
                    "{side}: the card took one of the Turn's two actions: now act with one model"
                )
            } else if u.cards > 0 {
                format!("{side}: a model acted and a card was played: end the Turn")
            } else {
                format!("{side}: act with a second model, play a card, or end the Turn")
            }
        }
        Phase::FightTarget { attacker, .. } => {
            format!("{} is starting a Fight", model_name(g, attacker, names))
        }
        Phase::Defence {
            attacker, defender, ..
        } => format!(
            "{} attacks {}: Fight back or Survive?",
            model_name(g, attacker, names),
            model_name(g, defender, names)
        ),
        Phase::GameOver(o) => outcome_text(g, o, names).0,
        Phase::Respond(side) => format!("The {}: play a card on this test?", side_title(side)),
        Phase::Escape(m) => format!(
            "{} would be killed: the {} may play a Lucky Escape",
            model_name(g, m, names),
            side_title(g.model(m).side)
        ),
        Phase::Refill(side) => format!(
            "Round end: the {} discard the cards they do not want, then draw",
            side_title(side)
        ),
        Phase::CarHeading(side) => {
            format!("The {}: send the Flying Car east or west", side_title(side))
        }
        Phase::BugTarget(side) => format!("The {}: pick the Bug's target", side_title(side)),
        Phase::BugDefence(m) => format!(
            "The Bug attacks {}: Fight or Survive?",
            model_name(g, m, names)
        ),
        other => format!("{other:?}"),
    }
}

/// When and where `waiting` models (all of one side, off the board) come on (R6), by
/// Round: "arriving in Round 3 across the east edge"; entries of one Round together ("across
/// the east and west edges"); with several Rounds, each with its count ("2 coming on across
/// the south edge; 3 arriving in Round 4 across the east edge").
pub fn arrivals(g: &GameState, waiting: &[ModelId]) -> String {
    // Models whose Round or edge is still to be drawn (P33), by the Round of the draw.
    let mut to_draw: Vec<(u16, usize)> = Vec::new();
    // (Round, edges in order of first appearance, models); `None`: no way on.
    let mut groups: Vec<(Option<u16>, Vec<rules::Edge>, usize)> = Vec::new();
    for id in waiting {
        let e: Option<Entry> = g.scenario().entry_of(id.index()).copied();
        if let (Some(e), Some(a)) = (e, g.arrival_of(*id))
            && (a.round.is_none() || a.edge.is_none())
        {
            match to_draw.iter_mut().find(|(r, _)| *r == e.drawn_in) {
                Some((_, n)) => *n += 1,
                None => to_draw.push((e.drawn_in, 1)),
            }
            continue;
        }
        // What both sides know: the Round and edge drawn, once drawn.
        let e = e.map(|e| {
            let a = g.arrival_of(*id);
            Entry {
                round: a.and_then(|a| a.round).unwrap_or(e.round),
                edge: a.and_then(|a| a.edge).unwrap_or(e.edge),
                ..e
            }
        });
        let round = e.map(|e| e.round.max(g.round()));
        let i = match groups.iter().position(|(r, ..)| *r == round) {
            Some(i) => i,
            None => {
                groups.push((round, Vec::new(), 0));
                groups.len() - 1
            }
        };
        let group = &mut groups[i];
        group.2 += 1;
        if let Some(e) = e
            && !group.1.contains(&e.edge)
        {
            group.1.push(e.edge);
        }
    }
    let one = |round: Option<u16>, edges: &[rules::Edge]| {
        let names: Vec<String> = edges.iter().map(|e| e.to_string()).collect();
        let across = match names.as_slice() {
            [one] => format!("across the {one} edge"),
            [rest @ .., last] => format!("across the {} and {last} edges", rest.join(", ")),
            [] => String::new(),
        };
        match round {
            Some(r) if r > g.round() => format!("arriving in Round {r} {across}"),
            Some(_) => format!("coming on {across}"),
            None => "waiting to come on".into(),
        }
    };
    let drawn = |r: u16| format!("arriving where and when a draw at the start of Round {r} says");
    match (groups.as_slice(), to_draw.as_slice()) {
        ([(round, edges, _)], []) => one(*round, edges),
        ([], [(r, _)]) => drawn(*r),
        _ => groups
            .iter()
            .map(|(round, edges, n)| format!("{n} {}", one(*round, edges)))
            .chain(to_draw.iter().map(|(r, n)| format!("{n} {}", drawn(*r))))
            .collect::<Vec<_>>()
            .join("; "),
    }
}

pub use rules::model_names::{BaseLabel, ModelNames, base_label, base_label_of};

/// A model's base label and where it stands: `Martian 3 (c5)`; off the board, the label
/// alone.
pub fn label_at(g: &GameState, id: ModelId) -> String {
    if id.index() >= g.models().len() {
        return id.to_string();
    }
    match g.model(id).square() {
        Some(sq) => format!("{} ({sq})", base_label(g, id)),
        None => base_label(g, id),
    }
}
