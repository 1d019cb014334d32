//! Decisions played with the dice given: the faces of each roll they make are the ones the
//! caller lists, everything else random (a card drawn, a counter's identity, a scatter)
//! comes from the generator as usual. `serve` plays a bot's decision with the dice it
//! gives ([`play_with_dice`]); the table's companion mode plays a decision with the dice
//! rolled at a real table, roll by roll ([`play_with_rolls`]).
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
//! and a word keeps the generator's bits where no face given is written, so when the dice
//! given are the dice a game rolled, what follows is that game's, and a roll left to the
//! generator beside rolls given (`None`) is the one it would have drawn there.

use std::cell::RefCell;
use std::rc::Rc;

use rand::RngCore;

use crate::state::{Event, EventSink, IllegalAction, Test};
use crate::{Action, GameRng, GameState};

/// The most faces a D8 stream reads from one word.
const FACES_PER_WORD: usize = 21;

/// The most rolls and faces a request may give.
pub const MAX_ROLLS: usize = 1000;
pub const MAX_FACES: usize = 255;

/// What a play on a copy logged: the generator's answers so far, and the requests made
/// before each event.
#[derive(Default)]
struct Log {
    /// The generator's own answer to each request (before any word fixed replaced it).
    drawn: Vec<u64>,
    events: Vec<(usize, Event)>,
}

/// The generator of a copy: `base`'s answers, some replaced by the words fixed.
pub struct Tape {
    base: GameRng,
    fixed: Vec<Option<u64>>,
    log: Rc<RefCell<Log>>,
}

impl Tape {
    /// `base` answering, with the words `fixed` (by request, `None`: the generator's own)
    /// written over its answers; the set-up of a game whose counters' squares were rolled
    /// at a real table reads them so (`table::placement`).
    pub fn over(base: GameRng, fixed: Vec<Option<u64>>) -> Tape {
        Tape {
            base,
            fixed,
            log: Rc::default(),
        }
    }

    /// The generator after the requests answered, as it would be had none been fixed.
    pub fn into_base(self) -> GameRng {
        self.base
    }

    fn answer(&mut self, drawn: u64) -> u64 {
        let mut log = self.log.borrow_mut();
        let i = log.drawn.len();
        log.drawn.push(drawn);
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
pub struct TapeSink(Rc<RefCell<Log>>);

impl TapeSink {
    /// The events logged so far in this play.
    pub fn events_so_far(&self) -> usize {
        self.0.borrow().events.len()
    }
}

impl EventSink for TapeSink {
    const ENABLED: bool = true;
    fn event(&mut self, e: Event) {
        let mut log = self.0.borrow_mut();
        let at = log.drawn.len();
        log.events.push((at, e));
    }
}

/// A roll made, where its faces came from: the words (by request) and the place of its
/// first face in the first of them.
struct RollMade {
    /// Its event, by place in the play's events.
    event: usize,
    what: String,
    faces: Vec<u8>,
    words: Vec<usize>,
    first_place: usize,
}

/// A model's or a card's test roll, which read a stream of its own: the words just before
/// the generator's requests at event `i` (`at` requests so far), as many as its faces fill.
fn own_stream(i: usize, at: usize, who: String, test: Test, faces: &[u8]) -> RollMade {
    let n = faces.len().max(1).div_ceil(FACES_PER_WORD);
    RollMade {
        event: i,
        what: format!("{who}'s {} roll", test.name()),
        faces: faces.to_vec(),
        words: (at.saturating_sub(n)..at).collect(),
        first_place: 0,
    }
}

/// The rolls of a play's log, in order, each matched to its words (see the module notes).
fn rolls_made(events: &[(usize, Event)]) -> Vec<RollMade> {
    let mut out: Vec<RollMade> = Vec::new();
    let mut before = 0usize;
    // The Rattle tests' shared stream: its last word and the next place in it.
    let mut rattle: Option<(usize, usize)> = None;
    for (i, (at, e)) in events.iter().enumerate() {
        let new = at - before;
        before = *at;
        match e {
            // A model's or a card's test: a stream of its own, ending at this event.
            Event::Roll {
                model, test, faces, ..
            } => {
                rattle = None;
                out.push(own_stream(i, *at, model.to_string(), *test, faces));
            }
            Event::EffectRoll {
                card, test, faces, ..
            } => {
                rattle = None;
                out.push(own_stream(i, *at, card.to_string(), *test, faces));
            }
            Event::RattleTest { model, roll, .. } => {
                let (word, place) = match rattle {
                    Some((w, p)) if new == 0 && p < FACES_PER_WORD => (w, p),
                    _ => (at.saturating_sub(1), 0),
                };
                rattle = Some((word, place + 1));
                out.push(RollMade {
                    event: i,
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

/// A roll a play made: its event (by place in [`Played::events`]) and its faces.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Rolled {
    pub event: usize,
    pub faces: Vec<u8>,
}

/// The outcome of a decision played with the dice given.
#[derive(Clone)]
pub struct Played {
    pub state: GameState,
    pub events: Vec<Event>,
    /// Every roll the play made, in order: those given first, then any the generator
    /// rolled after them.
    pub rolls: Vec<Rolled>,
    /// The generator after the decision.
    pub dice: GameRng,
}

/// Why a play with the dice given cannot be made. `Display` says it in words: the play's
/// own refusal, or which roll the dice do not fit and why.
#[derive(Debug, thiserror::Error)]
pub enum Unplayed<E> {
    /// The play itself refused (an illegal decision).
    #[error("{0}")]
    Play(E),
    /// The dice given do not fit the rolls made, and why.
    #[error("{0}")]
    Dice(String),
}

/// Plays `play` on a copy of `g` with the faces of its rolls as `given` lists them, in
/// the order the rolls are made (a test's faces in rolling order, an 8's extra die after
/// them; a Rattle test's one face), `None` for a roll the generator rolls; any roll after
/// those given comes from `dice` too. The play may be several decisions; it is made on the
/// copy handed to it with the generator and the event sink handed to it. `g` is never
/// changed.
pub fn play_with_rolls<E>(
    g: &GameState,
    given: &[Option<Vec<u8>>],
    dice: &GameRng,
    mut play: impl FnMut(&mut GameState, &mut Tape, &mut TapeSink) -> Result<(), E>,
) -> Result<Played, Unplayed<E>> {
    if given.len() > MAX_ROLLS {
        return Err(Unplayed::Dice(format!(
            "{} rolls given: at most {MAX_ROLLS}",
            given.len()
        )));
    }
    for (k, faces) in given.iter().enumerate() {
        let Some(faces) = faces else { continue };
        if faces.is_empty() || faces.len() > MAX_FACES {
            return Err(Unplayed::Dice(format!(
                "roll {}: give 1 to {MAX_FACES} faces, not {}",
                k + 1,
                faces.len()
            )));
        }
        if let Some(f) = faces.iter().find(|f| !(1..=8).contains(*f)) {
            return Err(Unplayed::Dice(format!(
                "roll {}: {f} is not a face of a D8 (1 to 8)",
                k + 1
            )));
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
        play(&mut c, &mut tape, &mut TapeSink(log.clone())).map_err(Unplayed::Play)?;
        let (events, drawn) = {
            let mut l = log.borrow_mut();
            (std::mem::take(&mut l.events), std::mem::take(&mut l.drawn))
        };
        let made = rolls_made(&events);
        let fits = made.len() >= given.len()
            && made
                .iter()
                .zip(given)
                .all(|(m, faces)| faces.as_ref().is_none_or(|f| m.faces == *f));
        if fits {
            return Ok(Played {
                state: c,
                rolls: made
                    .into_iter()
                    .map(|m| Rolled {
                        event: m.event,
                        faces: m.faces,
                    })
                    .collect(),
                events: events.into_iter().map(|(_, e)| e).collect(),
                dice: tape.base,
            });
        }
        let mut next = fixed.clone();
        for (m, faces) in made.iter().zip(given) {
            if let Some(faces) = faces {
                write_faces(&mut next, &drawn, m, faces);
            }
        }
        if next == fixed {
            return Err(Unplayed::Dice(misfit(&made, given)));
        }
        fixed = next;
    }
    Err(Unplayed::Dice(
        "the dice given do not settle into the rolls the decision makes".into(),
    ))
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
) -> Result<Played, Unplayed<IllegalAction>> {
    let given: Vec<Option<Vec<u8>>> = given.iter().cloned().map(Some).collect();
    play_with_rolls(g, &given, dice, |c, tape, sink| {
        c.play_logged(action, tape, sink)
    })
}

/// Writes `faces` into the words `roll` read its faces from, from its first place on; the
/// rest of a word not fixed before keeps the generator's bits (`drawn`).
fn write_faces(words: &mut Vec<Option<u64>>, drawn: &[u64], roll: &RollMade, faces: &[u8]) {
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
        let word = words[w].unwrap_or_else(|| drawn.get(w).copied().unwrap_or(0));
        let mask = 7u64 << (3 * p);
        words[w] = Some((word & !mask) | ((u64::from(f) - 1) << (3 * p)));
    }
}

/// Why the rolls made cannot be the ones given.
fn misfit(made: &[RollMade], given: &[Option<Vec<u8>>]) -> String {
    if made.len() < given.len() {
        return format!(
            "the decision makes {} roll(s); {} are given",
            made.len(),
            given.len()
        );
    }
    for (k, (m, faces)) in made.iter().zip(given).enumerate() {
        if let Some(faces) = faces
            && m.faces != *faces
        {
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
