//! A decision played with the dice given: the faces of each roll it makes are the ones the
//! caller lists, everything else random (a card drawn, a counter's identity, a scatter)
//! comes from the generator as usual.
//!
//! The rules draw every roll from the generator through a stream of D8 faces, three bits
//! of a 64-bit word each (`rules::dice::D8Stream`): a model's or a card's test starts a
//! stream of its own, and the Rattle tests after a Shoot share one (R17). Nothing in the
//! generator's answers says which roll asks, so the decision is played on copies: each
//! play logs the generator's requests beside the events, every `roll`, `effect_roll` and
//! `rattle_test` event is matched to the requests its faces came from, and those words are
//! written with the faces given; the next copy plays with them. Each play fixes at least
//! one more roll, so after as many plays as there are rolls given, the rolls are the ones
//! listed, or the caller is told which roll does not fit and why. The generator answers
//! every request as it would have (a fixed word replaces its answer, it does not skip it),
//! so when the dice given are the dice a game rolled, what follows is that game's.

use std::cell::RefCell;
use std::rc::Rc;

use rand::RngCore;

use crate::rules::state::{Event, EventSink};
use crate::rules::{Action, GameRng, GameState};

/// The most faces a D8 stream reads from one word.
const FACES_PER_WORD: usize = 21;

/// The most rolls and faces a request may give.
pub const MAX_ROLLS: usize = 1000;
pub const MAX_FACES: usize = 255;

/// What a play on a copy logged: the generator's requests so far at each event.
#[derive(Default)]
struct Log {
    requests: usize,
    events: Vec<(usize, Event)>,
}

/// The generator of a copy: `base`'s answers, some replaced by the words fixed.
struct Tape {
    base: GameRng,
    fixed: Vec<Option<u64>>,
    log: Rc<RefCell<Log>>,
}

impl Tape {
    fn answer(&mut self, drawn: u64) -> u64 {
        let mut log = self.log.borrow_mut();
        let i = log.requests;
        log.requests += 1;
        self.fixed.get(i).copied().flatten().unwrap_or(drawn)
    }
}

impl RngCore for Tape {
    fn next_u32(&mut self) -> u32 {
        let drawn = u64::from(self.base.next_u32());
        self.answer(drawn) as u32
    }
    fn next_u64(&mut self) -> u64 {
        let drawn = self.base.next_u64();
        self.answer(drawn)
    }
    fn fill_bytes(&mut self, dst: &mut [u8]) {
        for chunk in dst.chunks_mut(8) {
            let w = self.next_u64().to_le_bytes();
            chunk.copy_from_slice(&w[..chunk.len()]);
        }
    }
}

/// Logs events with the number of requests made before each.
struct TapeSink(Rc<RefCell<Log>>);

impl EventSink for TapeSink {
    const ENABLED: bool = true;
    fn event(&mut self, e: Event) {
        let mut log = self.0.borrow_mut();
        let at = log.requests;
        log.events.push((at, e));
    }
}

/// A roll made, where its faces came from: the words (by request) and the place of its
/// first face in the first of them.
struct RollMade {
    what: String,
    faces: Vec<u8>,
    words: Vec<usize>,
    first_place: usize,
}

/// The rolls of a play's log, in order, each matched to its words (see the module notes).
fn rolls_made(events: &[(usize, Event)]) -> Vec<RollMade> {
    let mut out: Vec<RollMade> = Vec::new();
    let mut before = 0usize;
    // The Rattle tests' shared stream: its last word and the next place in it.
    let mut rattle: Option<(usize, usize)> = None;
    for (at, e) in events {
        let new = at - before;
        before = *at;
        match e {
            Event::Roll {
                model, test, faces, ..
            } => {
                rattle = None;
                let n = faces.len().max(1).div_ceil(FACES_PER_WORD);
                out.push(RollMade {
                    what: format!(
                        "{model}'s {} roll",
                        crate::bot::exec::events::test_name(*test)
                    ),
                    faces: faces.clone(),
                    words: (at.saturating_sub(n)..*at).collect(),
                    first_place: 0,
                });
            }
            Event::EffectRoll {
                card, test, faces, ..
            } => {
                rattle = None;
                let n = faces.len().max(1).div_ceil(FACES_PER_WORD);
                out.push(RollMade {
                    what: format!(
                        "{card}'s {} roll",
                        crate::bot::exec::events::test_name(*test)
                    ),
                    faces: faces.clone(),
                    words: (at.saturating_sub(n)..*at).collect(),
                    first_place: 0,
                });
            }
            Event::RattleTest { model, roll, .. } => {
                let (word, place) = match rattle {
                    Some((w, p)) if new == 0 && p < FACES_PER_WORD => (w, p),
                    _ => (at.saturating_sub(1), 0),
                };
                rattle = Some((word, place + 1));
                out.push(RollMade {
                    what: format!("{model}'s Rattle test"),
                    faces: vec![*roll],
                    words: vec![word],
                    first_place: place,
                });
            }
            _ => {
                if new > 0 {
                    rattle = None;
                }
            }
        }
    }
    out
}

/// The outcome of a decision played with the dice given.
pub struct Played {
    pub state: GameState,
    pub events: Vec<Event>,
    /// The generator after the decision.
    pub dice: GameRng,
}

/// Plays `action` on a copy of `g` with the faces of its rolls as `given` lists them (one
/// list a roll, in the order the rolls are made: a test's faces in rolling order, an 8's
/// extra die after it; a Rattle test's one face), the rest from `dice`. The error says
/// which roll does not fit and why; `g` is never changed.
pub fn play_with_dice(
    g: &GameState,
    action: Action,
    given: &[Vec<u8>],
    dice: &GameRng,
) -> Result<Played, String> {
    if given.len() > MAX_ROLLS {
        return Err(format!("{} rolls given: at most {MAX_ROLLS}", given.len()));
    }
    for (k, faces) in given.iter().enumerate() {
        if faces.is_empty() || faces.len() > MAX_FACES {
            return Err(format!(
                "roll {}: give 1 to {MAX_FACES} faces, not {}",
                k + 1,
                faces.len()
            ));
        }
        if let Some(f) = faces.iter().find(|f| !(1..=8).contains(*f)) {
            return Err(format!(
                "roll {}: {f} is not a face of a D8 (1 to 8)",
                k + 1
            ));
        }
    }
    let mut fixed: Vec<Option<u64>> = Vec::new();
    for _ in 0..=given.len() + 1 {
        let log = Rc::new(RefCell::new(Log::default()));
        let mut tape = Tape {
            base: dice.clone(),
            fixed: fixed.clone(),
            log: log.clone(),
        };
        let mut c = g.clone();
        c.play_logged(action, &mut tape, &mut TapeSink(log.clone()))
            .map_err(|e| e.to_string())?;
        let events = std::mem::take(&mut log.borrow_mut().events);
        let made = rolls_made(&events);
        let fits =
            made.len() >= given.len() && made.iter().zip(given).all(|(m, faces)| m.faces == *faces);
        if fits {
            return Ok(Played {
                state: c,
                events: events.into_iter().map(|(_, e)| e).collect(),
                dice: tape.base,
            });
        }
        let mut next = fixed.clone();
        for (m, faces) in made.iter().zip(given) {
            write_faces(&mut next, m, faces);
        }
        if next == fixed {
            return Err(misfit(&made, given));
        }
        fixed = next;
    }
    Err("the dice given do not settle into the rolls the decision makes".into())
}

/// Writes `faces` into the words `roll` read its faces from, from its first place on.
fn write_faces(words: &mut Vec<Option<u64>>, roll: &RollMade, faces: &[u8]) {
    let mut places = roll
        .words
        .iter()
        .enumerate()
        .flat_map(|(j, w)| {
            let start = if j == 0 { roll.first_place } else { 0 };
            (start..FACES_PER_WORD).map(move |p| (*w, p))
        })
        .peekable();
    // A roll that reads more faces than its words hold goes on into the words after.
    let mut extra = roll.words.last().map_or(0, |w| w + 1);
    for &f in faces {
        let (w, p) = match places.next() {
            Some(x) => x,
            None => {
                let x = (extra, 0);
                extra += 1;
                x
            }
        };
        if words.len() <= w {
            words.resize(w + 1, None);
        }
        let word = words[w].unwrap_or(0);
        let mask = 7u64 << (3 * p);
        words[w] = Some((word & !mask) | ((u64::from(f) - 1) << (3 * p)));
    }
}

/// Why the rolls made cannot be the ones given.
fn misfit(made: &[RollMade], given: &[Vec<u8>]) -> String {
    if made.len() < given.len() {
        return format!(
            "the decision makes {} roll(s); {} are given",
            made.len(),
            given.len()
        );
    }
    for (k, (m, faces)) in made.iter().zip(given).enumerate() {
        if m.faces != *faces {
            return format!(
                "roll {} ({}) read the faces {:?} from the dice given {:?}: give each face it \
                 rolls, in order, an 8's extra die after it",
                k + 1,
                m.what,
                m.faces,
                faces
            );
        }
    }
    "the dice given do not fit the rolls the decision makes".into()
}
