//! A seat's view: every message the host sends about the game is built here, from what
//! the seat may see and nothing else.
//!
//! * The position: [`GameState::snapshot`] for the seat's side, which holds the side's own
//!   hand and only the size of the other (merged into the unseen cards, R28). A spectator
//!   sees neither hand: its snapshot is of the position with both hands dealt afresh from
//!   the unseen cards ([`GameState::determinize_both`]), by a generator seeded with the
//!   public decision number, so the cards it shows are the same whatever the hands hold.
//! * The log: each decision and its events, the other side's drawn cards face down, and
//!   the other side's `respond none` not listed (a window opens for every test at the
//!   table, and whether a side held a card for it is what the answer would tell; what it
//!   let happen is listed with the entry before). The same hiding as the bot protocol's
//!   ([`skirmish_ai::bot::exec::events::happened_seen_by`]); a spectator sees both sides'
//!   draws face down and neither side's `respond none`.
//! * The legal actions, only while the seat makes the next decision.
//!
//! The seed and the generator are not among the inputs ([`Position`] holds the state,
//! the decisions and their events), so no view can hold them; the deck is a count of each
//! card and a face-down counter's kind is drawn only when it is revealed, so the state
//! holds neither the deck's order nor a counter's kind.

use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;

use rules::model_names::ModelNames;
use rules::sim::describe_named;
use rules::state::Event;
use rules::{Action, GameState, Side};
use skirmish_ai::bot::exec::events::EventInfo;
use skirmish_table::table::session::{Session, Step};

use crate::protocol::{
    Decided, DecisionNumber, LogEntry, LogEvent, LogUpdate, Seat, SnapshotText, View,
};

/// What the host filters out of a view. Only [`Filter::Seat`] is ever used to play; the
/// other is the positive control of the tests that check nothing hidden leaves the host
/// (a check that passes with it is no check).
// Not `non_exhaustive`: the hidden variant is a real one, named by the tests.
#[allow(clippy::manual_non_exhaustive)]
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Filter {
    /// Each seat sees what its side may see (a spectator, the public game).
    #[default]
    Seat,
    /// Nothing is filtered from the log (the other side's drawn cards are named, its
    /// `respond none` listed) and a spectator is shown the Humans' hand. For tests only.
    #[doc(hidden)]
    OffForTests,
}

/// A position of the host's game, everything a view is built from: no seed, no
/// generator.
#[derive(Clone, Copy)]
pub struct Position<'a> {
    pub state: &'a GameState,
    /// The decisions made, each with what it caused.
    pub history: &'a [Step],
    /// What the set-up did (the counters placed face down).
    pub setup_events: &'a [Event],
    /// The side a person decides for now, if any.
    pub person_to_move: Option<Side>,
    /// The empty response windows answered since the last decision.
    pub windows: u32,
    pub names: ModelNames,
}

impl<'a> Position<'a> {
    /// The position of a session at the host, the windows answered since its last
    /// decision given (`Session::to_save` says how many).
    pub fn of(session: &'a Session, windows: u32) -> Position<'a> {
        Position {
            state: session.state(),
            history: session.history(),
            setup_events: session.setup_events(),
            person_to_move: session.human_to_move(),
            windows,
            names: session.names(),
        }
    }
}

/// How much of the log a seat has been sent: the set-up's events, the decisions, and the
/// events of the last of those.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct LogCursor {
    setup: usize,
    steps: usize,
    last: usize,
}

/// The view of `p` for `seat`, position number `decision`, with the log after `cursor`
/// (the whole log when there is none, or when the log no longer extends what it was
/// sent: an undo); `cursor` is moved to the end.
pub fn view_of(
    p: &Position<'_>,
    seat: Seat,
    decision: DecisionNumber,
    cursor: &mut Option<LogCursor>,
    filter: Filter,
) -> View {
    let legal = match seat.side() {
        Some(side) if p.person_to_move == Some(side) => {
            let mut v = Vec::new();
            p.state.legal_actions(&mut v);
            v
        }
        _ => Vec::new(),
    };
    View {
        decision,
        made: p.history.len() as u32,
        windows: p.windows,
        to_move: p.state.to_move(),
        snapshot: snapshot_for(p.state, seat, decision, filter),
        legal,
        log: log_update(p, seat, cursor, filter),
    }
}

/// The position as `seat` may see it.
fn snapshot_for(
    g: &GameState,
    seat: Seat,
    decision: DecisionNumber,
    filter: Filter,
) -> SnapshotText {
    match (seat.side(), filter) {
        (Some(side), _) => SnapshotText::of(g, side),
        (None, Filter::OffForTests) => SnapshotText::of(g, Side::Humans),
        (None, Filter::Seat) => {
            let mut public = g.clone();
            // Seeded by the public decision number: the deal depends on nothing hidden.
            let mut rng = ChaCha8Rng::seed_from_u64(0x5EC7_A70B ^ decision.0);
            public.determinize_both(&mut rng);
            SnapshotText::of(&public, Side::Humans)
        }
    }
}

/// The log after `cursor`, moving it to the end.
fn log_update(
    p: &Position<'_>,
    seat: Seat,
    cursor: &mut Option<LogCursor>,
    filter: Filter,
) -> LogUpdate {
    let end = LogCursor {
        setup: p.setup_events.len(),
        steps: p.history.len(),
        last: p.history.last().map_or(0, |s| s.events.len()),
    };
    let extends = cursor.filter(|c| {
        c.setup <= end.setup
            && c.steps <= end.steps
            && (c.steps == 0 || c.last <= p.history[c.steps - 1].events.len())
    });
    let mut entries = Vec::new();
    let reset = extends.is_none();
    let from = extends.unwrap_or_default();
    if from.setup < end.setup {
        entries.push(LogEntry {
            by: None,
            decision: None,
            events: seen_events(p, &p.setup_events[from.setup..], seat, filter),
        });
    }
    if from.steps > 0 {
        let step = &p.history[from.steps - 1];
        if from.last < step.events.len() {
            entries.push(LogEntry {
                by: Some(step.by),
                decision: None,
                events: seen_events(p, &step.events[from.last..], seat, filter),
            });
        }
    }
    for step in &p.history[from.steps..] {
        entries.push(seen_step(p, step, seat, filter));
    }
    *cursor = Some(end);
    LogUpdate { reset, entries }
}

/// A decision and its events as `seat` may see them.
fn seen_step(p: &Position<'_>, step: &Step, seat: Seat, filter: Filter) -> LogEntry {
    let hidden = filter == Filter::Seat
        && step.action == Action::Respond(None)
        && seat.side() != Some(step.by);
    LogEntry {
        by: Some(step.by),
        decision: (!hidden).then(|| Decided {
            action: step.action,
            words: step.text.clone(),
        }),
        events: seen_events(p, &step.events, seat, filter),
    }
}

/// Events as `seat` may see them: the draws of a side it does not play face down.
fn seen_events(p: &Position<'_>, events: &[Event], seat: Seat, filter: Filter) -> Vec<LogEvent> {
    events
        .iter()
        .map(|e| match e {
            Event::Drew { side, .. } if filter == Filter::Seat && seat.side() != Some(*side) => {
                LogEvent {
                    text: format!("the {} draw a card", side.title()),
                    // As the other side sees it: the card left out.
                    info: info_json(&EventInfo::of(e, side.other())),
                }
            }
            _ => {
                let viewer = match (e, seat.side()) {
                    // Unfiltered (the control), or a side's own draw: the card named.
                    (Event::Drew { side, .. }, _) => *side,
                    (_, Some(side)) => side,
                    (_, None) => Side::Humans,
                };
                LogEvent {
                    text: describe_named(p.state, e, p.names),
                    info: info_json(&EventInfo::of(e, viewer)),
                }
            }
        })
        .collect()
}

fn info_json(info: &EventInfo) -> serde_json::Value {
    serde_json::to_value(info).unwrap_or(serde_json::Value::Null)
}

#[cfg(test)]
mod tests {
    use std::path::PathBuf;

    use rules::{BySide, rng_from_seed};
    use skirmish_table::table::setup::{Controller, GameSetup};

    use super::*;

    fn hot_seat(seed: u64) -> Session {
        let setup = GameSetup {
            scenario_path: PathBuf::from(env!("CARGO_MANIFEST_DIR"))
                .join("../scenarios/whos-there.toml"),
            seed,
            dice_seed: None,
            controllers: BySide::new(Controller::Human, Controller::Human),
        };
        Session::new(setup).unwrap()
    }

    /// The view of `p` for `seat` with the whole log, as text.
    fn text(p: &Position<'_>, seat: Seat, filter: Filter) -> String {
        serde_json::to_string(&view_of(p, seat, DecisionNumber(9), &mut None, filter)).unwrap()
    }

    /// The other world of `p` for `seat`: what it may not see changed, the rest kept.
    /// The other hand (both, for a spectator) dealt afresh, and each draw it may not see
    /// of another card; its `respond none` answers kept (they are still there to hide).
    fn other_world(s: &Session, seat: Seat, seed: u64) -> (GameState, Vec<Step>) {
        let mut g = s.state().clone();
        let mut rng = rng_from_seed(seed);
        match seat.side() {
            Some(side) => g.determinize(side, &mut rng),
            None => g.determinize_both(&mut rng),
        }
        let deck = g.deck().clone();
        let history = s
            .history()
            .iter()
            .map(|step| {
                let mut step = step.clone();
                for e in &mut step.events {
                    if let Event::Drew { side, card } = e
                        && seat.side() != Some(*side)
                    {
                        // Another card of the deck, as that side names it.
                        let t = (0..deck.types())
                            .map(|t| deck.card(t))
                            .filter_map(|c| c.card(*side))
                            .find(|c| c != card);
                        if let Some(other) = t {
                            *card = other;
                        }
                    }
                }
                step
            })
            .collect();
        (g, history)
    }

    /// A seat is sent the same whatever it may not see; the control: with the filter off
    /// it is not, so the positions have hidden cards and draws that a leak would show.
    #[test]
    fn a_seat_is_sent_the_same_whatever_it_cannot_see() {
        let mut s = hot_seat(21);
        let mut rng = rng_from_seed(21);
        let mut checked = 0;
        let mut caught = 0;
        for i in 0..400 {
            if s.state().is_over() {
                break;
            }
            if i % 6 == 5 {
                for seat in Seat::ALL {
                    let (g, history) = other_world(&s, seat, i);
                    let p = Position::of(&s, 0);
                    let q = Position {
                        state: &g,
                        history: &history,
                        ..p
                    };
                    assert_eq!(text(&p, seat, Filter::Seat), text(&q, seat, Filter::Seat));
                    checked += 1;
                    caught += usize::from(
                        text(&p, seat, Filter::OffForTests) != text(&q, seat, Filter::OffForTests),
                    );
                }
            }
            let legal = s.legal();
            let a = skirmish_ai::bot::game::best_action(s.state(), &legal, &mut rng);
            s.play(a).unwrap();
        }
        assert!(checked >= 15, "{checked} views checked");
        // The control differs for every spectator's view (the Humans' hand shown) and
        // wherever a draw of the other side's is in the log.
        assert!(
            caught > checked / 3 + 2,
            "the control caught {caught} of {checked}"
        );
        // What the seat sees differs, and so does its view.
        let p = Position::of(&s, 0);
        let q = Position { windows: 1, ..p };
        assert_ne!(
            text(&p, Seat::Humans, Filter::Seat),
            text(&q, Seat::Humans, Filter::Seat)
        );
    }

    /// The log is sent once: a view after another holds only what happened since, and
    /// the whole log again once it no longer extends what was sent.
    #[test]
    fn the_log_is_sent_once_and_again_after_an_undo() {
        let mut s = hot_seat(4);
        let mut cursor = None;
        let p = Position::of(&s, 0);
        let first = view_of(
            &p,
            Seat::Humans,
            DecisionNumber(0),
            &mut cursor,
            Filter::Seat,
        );
        assert!(first.log.reset);
        let mut entries = first.log.entries.len();
        for _ in 0..30 {
            let a = s.legal()[0];
            s.play(a).unwrap();
            let p = Position::of(&s, 0);
            let v = view_of(
                &p,
                Seat::Humans,
                DecisionNumber(1),
                &mut cursor,
                Filter::Seat,
            );
            assert!(!v.log.reset);
            entries += v
                .log
                .entries
                .iter()
                .filter(|e| e.decision.is_some())
                .count();
        }
        assert_eq!(entries, s.history().len() + first.log.entries.len());
        assert!(s.undo());
        let p = Position::of(&s, 0);
        let v = view_of(
            &p,
            Seat::Humans,
            DecisionNumber(2),
            &mut cursor,
            Filter::Seat,
        );
        assert!(v.log.reset);
        let decided = v.log.entries.iter().filter(|e| e.by.is_some()).count();
        assert_eq!(decided, s.history().len());
    }
}
