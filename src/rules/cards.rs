//! Cards as data: card types, their effects with parameters, decks, and the loader of
//! deck files (`cards/core.toml`, format in `docs/card-format.md`).
//!
//! A card type is named in actions by a small [`CardId`]. Card ids are interned process-wide
//! from the card slugs of every deck loaded, so an action prints and parses as text
//! (`lay heat-ray`) without knowing which deck is in play. Inside a game, a deck numbers its
//! card types 0.. (its *local* index), which index the fixed arrays of the game state.

use std::fmt;
use std::ops::Range;
use std::path::Path;
use std::str::FromStr;
use std::sync::{Arc, OnceLock, RwLock};

use serde_spanned::Spanned;
use toml::de::{DeTable, DeValue};

use super::scenario_file::{
    Diagnostic, Severity, Sink, Value, did_you_mean, read_int, type_name, wrong_type,
};
use super::square::Side;

/// The most card types one deck may hold (the core deck has 24).
pub const MAX_CARD_TYPES: usize = 32;
/// The most copies of one card type in a deck.
pub const MAX_COPIES: u8 = 60;
/// The most levels (cards) a Support set may have.
pub const MAX_CAP: u8 = 6;
/// The largest deck file accepted, in bytes.
pub const MAX_DECK_FILE_BYTES: u64 = 1 << 20;
/// The most card slugs the process interns (ids are `u8`).
const MAX_SLUGS: usize = 255;

// ===== card ids ==========================================================================

/// A card type, by its process-wide interned slug (`heat-ray`).
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, PartialOrd, Ord)]
pub struct CardId(pub u8);

fn slugs() -> &'static RwLock<Vec<&'static str>> {
    static SLUGS: OnceLock<RwLock<Vec<&'static str>>> = OnceLock::new();
    SLUGS.get_or_init(|| RwLock::new(Vec::new()))
}

/// The id of `slug`, interning it if it is new. `None` when the interner is full.
pub fn intern(slug: &str) -> Option<CardId> {
    if let Some(id) = lookup(slug) {
        return Some(id);
    }
    let mut v = slugs().write().unwrap_or_else(|e| e.into_inner());
    if let Some(i) = v.iter().position(|s| *s == slug) {
        return Some(CardId(i as u8));
    }
    if v.len() >= MAX_SLUGS {
        return None;
    }
    v.push(Box::leak(slug.to_string().into_boxed_str()));
    Some(CardId((v.len() - 1) as u8))
}

/// The id of an already interned slug.
pub fn lookup(slug: &str) -> Option<CardId> {
    let v = slugs().read().unwrap_or_else(|e| e.into_inner());
    v.iter().position(|s| *s == slug).map(|i| CardId(i as u8))
}

impl CardId {
    /// The slug this id stands for.
    pub fn slug(self) -> &'static str {
        let v = slugs().read().unwrap_or_else(|e| e.into_inner());
        v.get(self.0 as usize).copied().unwrap_or("unknown-card")
    }
}

impl fmt::Display for CardId {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.slug())
    }
}

impl FromStr for CardId {
    type Err = String;
    fn from_str(s: &str) -> Result<CardId, String> {
        // The core deck's slugs are always known.
        let _ = core_deck();
        let s = s.trim().to_ascii_lowercase();
        lookup(&s).ok_or_else(|| {
            let v = slugs().read().unwrap_or_else(|e| e.into_inner());
            format!(
                "`{s}` is not a card of any loaded deck{}",
                did_you_mean(&s, v.iter().copied())
            )
        })
    }
}

// ===== effects ===========================================================================

/// How a card is used (R19-R21).
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum Kind {
    /// Played on a test, or when a model would be killed (R20).
    Response,
    /// Played as a card play in the own Turn (R11).
    Activation,
    /// Laid into a set and called later (R21).
    Support,
    /// Resolved at once when drawn (R22).
    Event,
}

impl Kind {
    pub const fn name(self) -> &'static str {
        match self {
            Kind::Response => "response",
            Kind::Activation => "activation",
            Kind::Support => "support",
            Kind::Event => "event",
        }
    }
}

/// A roll a model makes in a test.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum Roll {
    Shoot,
    Fight,
    Survive,
}

impl Roll {
    pub const fn name(self) -> &'static str {
        match self {
            Roll::Shoot => "shoot",
            Roll::Fight => "fight",
            Roll::Survive => "survive",
        }
    }
    const fn bit(self) -> u8 {
        1 << self as u8
    }
}

/// A set of rolls, as bits.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Default)]
pub struct Rolls(pub u8);

impl Rolls {
    #[inline]
    pub const fn has(self, r: Roll) -> bool {
        self.0 & r.bit() != 0
    }
    pub const fn with(self, r: Roll) -> Rolls {
        Rolls(self.0 | r.bit())
    }
}

/// Whose model's roll a test card changes.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum Whose {
    /// The player's own model in the test.
    Own,
    /// The enemy model in the test.
    Enemy,
}

/// What a failed single-die Survive roll does (Freeze Ray, Harassing Fire).
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum Failed {
    /// Marked as activated.
    Activated,
    Rattled,
}

/// What an area attack does to each model it covers.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum Hit {
    /// A Shoot test: one attack roll of `dice` at `value` per square, one Survive roll per
    /// model (R15).
    Shoot { dice: u8, value: u8 },
    /// One die per model against its Survive value; failing does this.
    Survive(Failed),
}

/// The squares an area attack covers, from the square it is aimed at.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum Area {
    /// The square alone.
    Square,
    /// The square and its 8 neighbours.
    Block3,
    /// This many squares in a line from the square, in the chosen direction.
    Line(u8),
}

/// How the calling player aims a Support set at one level (R21), or an Event its attack.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum Aim {
    /// The level does nothing (the set cannot be called).
    Nothing,
    /// A row or column chosen; a D8 picks the square along it.
    Line,
    /// Any square, chosen.
    Square,
    /// A row or column and a direction along it chosen; a D8 picks the start square.
    LineDirection,
    /// A start square and a direction chosen.
    SquareDirection,
    /// A D8 for the row and one for the column.
    Random,
}

impl Aim {
    pub const ALL: [Aim; 6] = [
        Aim::Nothing,
        Aim::Line,
        Aim::Square,
        Aim::LineDirection,
        Aim::SquareDirection,
        Aim::Random,
    ];
    pub const fn name(self) -> &'static str {
        match self {
            Aim::Nothing => "nothing",
            Aim::Line => "line",
            Aim::Square => "square",
            Aim::LineDirection => "line-direction",
            Aim::SquareDirection => "square-direction",
            Aim::Random => "random",
        }
    }
    pub const fn has_direction(self) -> bool {
        matches!(self, Aim::LineDirection | Aim::SquareDirection)
    }
}

/// A named effect with its parameters. Each is resolved by the rules engine; a card in data
/// picks one and sets its parameters.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum Effect {
    /// Adds (or removes) dice to one roll of a test (R20).
    TestDice {
        whose: Whose,
        rolls: Rolls,
        dice: i8,
    },
    /// A model of the player's side that would be killed survives, scoring nothing.
    LuckyEscape,
    /// One own model moves a single square; entering enemies starts a Fight.
    MoveOne,
    /// Enemy models are marked as activated: one, or two in one square.
    Distract { models: u8 },
    /// A killed own model returns in the deployment zone and may Shoot or Move one more.
    Reinforce,
    /// Discard one card of an enemy Support set.
    Jam,
    /// Call a usable enemy Support set as if it were the player's own.
    MindControl,
    /// An area attack (Support sets and Events).
    Area { hit: Hit, area: Area },
    /// The Flying Car: lands `landings` times, two squares apart, with a Shoot test of
    /// `dice` at `value` on each square it lands in; leaves a blocker where it stops.
    FlyingCar { dice: u8, value: u8, landings: u8 },
    /// The burning cows: a counter that moves `moves` squares when drawn and every Round,
    /// Rattling models it moves onto and trampling Rattled ones (a Fight of `dice` at
    /// `value` against Survive).
    BurningCows { moves: u8, dice: u8, value: u8 },
    /// Civilians, `table[d8 - 1]` of them, that count as both kinds of counter.
    Civilians { table: [u8; 8] },
    /// The Bug: attacks models in its square (a Fight of `dice` at `value`), Survives
    /// Shooting with `survive_dice` at `survive_value`.
    Bug {
        dice: u8,
        value: u8,
        survive_dice: u8,
        survive_value: u8,
    },
}

impl Effect {
    /// The name used in deck files.
    pub const fn name(&self) -> &'static str {
        match self {
            Effect::TestDice { .. } => "test-dice",
            Effect::LuckyEscape => "lucky-escape",
            Effect::MoveOne => "move-one",
            Effect::Distract { .. } => "distract",
            Effect::Reinforce => "reinforce",
            Effect::Jam => "jam",
            Effect::MindControl => "mind-control",
            Effect::Area {
                hit: Hit::Shoot { .. },
                ..
            } => "shoot-area",
            Effect::Area {
                hit: Hit::Survive(_),
                ..
            } => "survive-area",
            Effect::FlyingCar { .. } => "flying-car",
            Effect::BurningCows { .. } => "burning-cows",
            Effect::Civilians { .. } => "civilians",
            Effect::Bug { .. } => "bug",
        }
    }
}

/// Every effect name, with the kinds of card it may be on.
pub const EFFECTS: &[(&str, &[Kind])] = &[
    ("test-dice", &[Kind::Response]),
    ("lucky-escape", &[Kind::Response]),
    ("move-one", &[Kind::Activation]),
    ("distract", &[Kind::Activation]),
    ("reinforce", &[Kind::Activation]),
    ("jam", &[Kind::Activation]),
    ("mind-control", &[Kind::Activation]),
    ("shoot-area", &[Kind::Support, Kind::Event]),
    ("survive-area", &[Kind::Support, Kind::Event]),
    ("flying-car", &[Kind::Event]),
    ("burning-cows", &[Kind::Event]),
    ("civilians", &[Kind::Event]),
    ("bug", &[Kind::Event]),
];

/// One side's use of a card (or an Event's single effect).
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Face {
    pub kind: Kind,
    pub effect: Effect,
    /// The rules text, as printed.
    pub text: String,
    /// Support: how each level (1, 2, ...) is aimed; the set's cap is the number of levels.
    /// Event area attacks: one entry, `Random`. Empty otherwise.
    pub levels: Vec<Aim>,
}

impl Face {
    /// The most cards a Support set of this card holds (R21).
    pub fn cap(&self) -> u8 {
        self.levels.len() as u8
    }
    /// How a set of `level` cards is aimed (`Nothing` outside 1..=cap).
    pub fn aim(&self, level: u8) -> Aim {
        if level == 0 {
            return Aim::Nothing;
        }
        self.levels
            .get(level as usize - 1)
            .copied()
            .unwrap_or(Aim::Nothing)
    }
}

/// A card type of a deck.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct CardType {
    pub id: CardId,
    pub slug: String,
    pub name: String,
    /// Copies in the deck.
    pub count: u8,
    /// The face each side may use (R19: one side for the core deck's cards, both for a
    /// two-sided card).
    pub faces: [Option<Face>; 2],
    /// An Event's only face.
    pub event: Option<Face>,
}

impl CardType {
    #[inline]
    pub fn face(&self, side: Side) -> Option<&Face> {
        self.faces[side.index()].as_ref()
    }
    pub fn is_event(&self) -> bool {
        self.event.is_some()
    }
}

/// A checked deck: its card types (local index = position) and their counts.
#[derive(Clone, Debug)]
pub struct Deck {
    pub name: String,
    pub cards: Vec<CardType>,
    /// Global id -> local index (`NOT_IN_DECK` when absent).
    local: [u8; 256],
    total: u16,
    /// Local types that are Events (bits).
    events: u32,
    /// Per side, local types whose face for that side is a test card (bits).
    test: [u32; 2],
    /// Per side, local types whose face for that side is a Lucky Escape (bits).
    escape: [u32; 2],
    /// Per side, local types that side may play in its Turn: activation and Support (bits).
    turn: [u32; 2],
}

const NOT_IN_DECK: u8 = u8::MAX;

impl PartialEq for Deck {
    fn eq(&self, o: &Deck) -> bool {
        self.name == o.name && self.cards == o.cards
    }
}

impl Deck {
    /// A deck with no cards: a game without cards.
    pub fn empty() -> Deck {
        Deck::from_cards("no cards".into(), Vec::new())
    }

    /// A deck of these card types (at most `MAX_CARD_TYPES`).
    pub fn from_cards(name: String, cards: Vec<CardType>) -> Deck {
        assert!(cards.len() <= MAX_CARD_TYPES, "too many card types");
        let mut local = [NOT_IN_DECK; 256];
        let mut events = 0;
        let mut test = [0; 2];
        let mut escape = [0; 2];
        let mut turn = [0; 2];
        for (i, c) in cards.iter().enumerate() {
            local[c.id.0 as usize] = i as u8;
            if c.is_event() {
                events |= 1 << i;
            }
            for side in Side::BOTH {
                match c.face(side).map(|f| f.effect) {
                    Some(Effect::TestDice { .. }) => test[side.index()] |= 1 << i,
                    Some(Effect::LuckyEscape) => escape[side.index()] |= 1 << i,
                    Some(_) => turn[side.index()] |= 1 << i,
                    None => {}
                }
            }
        }
        let total = cards.iter().map(|c| c.count as u16).sum();
        Deck {
            name,
            cards,
            local,
            total,
            events,
            test,
            escape,
            turn,
        }
    }

    /// Number of card types.
    #[inline]
    pub fn types(&self) -> usize {
        self.cards.len()
    }
    /// Number of cards.
    #[inline]
    pub fn total(&self) -> u16 {
        self.total
    }
    pub fn is_empty(&self) -> bool {
        self.total == 0
    }
    /// The local index of card `id` in this deck.
    #[inline]
    pub fn local(&self, id: CardId) -> Option<usize> {
        match self.local[id.0 as usize] {
            NOT_IN_DECK => None,
            i => Some(i as usize),
        }
    }
    #[inline]
    pub fn card(&self, local: usize) -> &CardType {
        &self.cards[local]
    }
    /// The card type with this slug.
    pub fn by_slug(&self, slug: &str) -> Option<&CardType> {
        self.cards.iter().find(|c| c.slug == slug)
    }
    /// Local types that are Events, as bits.
    #[inline]
    pub fn event_mask(&self) -> u32 {
        self.events
    }
    /// Local types `side` may play on a test (R20), as bits.
    #[inline]
    pub fn test_mask(&self, side: Side) -> u32 {
        self.test[side.index()]
    }
    /// Local types `side` may play in its own Turn (activation and Support cards), as bits.
    #[inline]
    pub fn turn_mask(&self, side: Side) -> u32 {
        self.turn[side.index()]
    }
    /// Local types that save a model of `side` about to be killed, as bits.
    #[inline]
    pub fn escape_mask(&self, side: Side) -> u32 {
        self.escape[side.index()]
    }
}

/// The core deck of `cards/core.toml` (R19), loaded once.
pub fn core_deck() -> Arc<Deck> {
    static CORE: OnceLock<Arc<Deck>> = OnceLock::new();
    CORE.get_or_init(|| {
        let text = include_str!("../../cards/core.toml");
        match parse_deck("cards/core.toml", text) {
            Ok(d) => Arc::new(d),
            Err(errors) => {
                let list: Vec<String> = errors.iter().map(|d| d.to_string()).collect();
                panic!(
                    "the built-in cards/core.toml is invalid:\n{}",
                    list.join("\n")
                )
            }
        }
    })
    .clone()
}

// ===== loading ===========================================================================

/// Read and check a deck file. On failure, every problem found.
pub fn load_deck(path: &Path) -> Result<Deck, Vec<Diagnostic>> {
    let file = path.display().to_string();
    let fail = |message: String| {
        Err(vec![Diagnostic {
            severity: Severity::Error,
            file: file.clone(),
            line: 1,
            column: 1,
            message,
        }])
    };
    match std::fs::metadata(path) {
        Ok(m) if m.is_dir() => return fail("this is a directory, not a deck file".into()),
        Ok(m) if m.len() > MAX_DECK_FILE_BYTES => {
            return fail(format!(
                "the file is {} bytes; a deck file may be at most {MAX_DECK_FILE_BYTES} bytes",
                m.len()
            ));
        }
        Ok(_) => {}
        Err(e) => return fail(format!("cannot read the deck file: {e}")),
    }
    match std::fs::read(path) {
        Ok(bytes) => match String::from_utf8(bytes) {
            Ok(text) => parse_deck(&file, &text),
            Err(_) => fail("the file is not UTF-8 text".into()),
        },
        Err(e) => fail(format!("cannot read the deck file: {e}")),
    }
}

/// Check deck text; `file` names it in diagnostics.
pub fn parse_deck(file: &str, text: &str) -> Result<Deck, Vec<Diagnostic>> {
    let mut sink = Sink::default();
    let mut deck = None;
    if text.len() as u64 > MAX_DECK_FILE_BYTES {
        sink.error(&(0..0), "the deck file is too big".to_string());
    } else {
        match DeTable::parse(text) {
            Ok(doc) => deck = read_deck(&mut sink, &doc),
            Err(e) => {
                let at = e.span().map_or(0, |s| s.start);
                sink.error(&(at..at), format!("TOML syntax error: {}", e.message()));
            }
        }
    }
    if !sink.has_errors()
        && let Some(d) = deck
    {
        return Ok(d);
    }
    Err(sink.finish(file, text))
}

/// A table being read, with its dotted path for messages.
struct Tbl<'t, 'i> {
    path: String,
    span: Range<usize>,
    table: &'t DeTable<'i>,
}

impl<'t, 'i> Tbl<'t, 'i> {
    fn of(path: String, v: &'t Value<'i>, sink: &mut Sink) -> Option<Tbl<'t, 'i>> {
        match v.get_ref() {
            DeValue::Table(t) => Some(Tbl {
                path,
                span: v.span(),
                table: t,
            }),
            other => {
                sink.error(
                    &v.span(),
                    format!("{path}: expected a table, found {}", type_name(other)),
                );
                None
            }
        }
    }

    fn entries(&self) -> Vec<(&'t Spanned<std::borrow::Cow<'i, str>>, &'t Value<'i>)> {
        let mut v: Vec<_> = self.table.iter().collect();
        v.sort_by_key(|(k, _)| k.span().start);
        v
    }

    fn key_path(&self, key: &str) -> String {
        if self.path.is_empty() {
            key.to_string()
        } else {
            format!("{}.{key}", self.path)
        }
    }

    fn check_keys(&self, sink: &mut Sink, known: &[&str]) {
        for (key, _) in self.entries() {
            let name: &str = key.get_ref();
            if !known.contains(&name) {
                sink.error(
                    &key.span(),
                    format!(
                        "{}: unknown key{}; the keys here are {}",
                        self.key_path(name),
                        did_you_mean(name, known.iter().copied()),
                        known.join(", ")
                    ),
                );
            }
        }
    }

    fn get(&self, key: &str) -> Option<&'t Value<'i>> {
        self.table.get(key)
    }

    fn missing(&self, sink: &mut Sink, key: &str, what: &str) {
        let place = if self.path.is_empty() {
            String::new()
        } else {
            format!("{}: ", self.path)
        };
        sink.error(
            &self.span.clone(),
            format!("{place}missing required key \"{key}\" ({what})"),
        );
    }

    fn string(&self, sink: &mut Sink, key: &str, what: &str) -> Option<String> {
        let Some(v) = self.get(key) else {
            self.missing(sink, key, what);
            return None;
        };
        match v.get_ref().as_str() {
            Some(s) if !s.trim().is_empty() => Some(s.to_string()),
            Some(_) => {
                sink.error(
                    &v.span(),
                    format!("{}: must not be empty", self.key_path(key)),
                );
                None
            }
            None => {
                wrong_type(sink, &self.key_path(key), v, "a string");
                None
            }
        }
    }

    fn int(&self, sink: &mut Sink, key: &str, what: &str, lo: i64, hi: i64) -> Option<i64> {
        let Some(v) = self.get(key) else {
            self.missing(sink, key, what);
            return None;
        };
        read_int(sink, &self.key_path(key), v, lo, hi)
    }

    fn int_or(&self, sink: &mut Sink, key: &str, default: i64, lo: i64, hi: i64) -> Option<i64> {
        match self.get(key) {
            None => Some(default),
            Some(v) => read_int(sink, &self.key_path(key), v, lo, hi),
        }
    }

    fn word<T: Copy>(
        &self,
        sink: &mut Sink,
        key: &str,
        what: &str,
        words: &[(&str, T)],
    ) -> Option<T> {
        let Some(v) = self.get(key) else {
            self.missing(sink, key, what);
            return None;
        };
        read_word(sink, &self.key_path(key), v, what, words)
    }
}

fn read_word<T: Copy>(
    sink: &mut Sink,
    path: &str,
    v: &Value,
    what: &str,
    words: &[(&str, T)],
) -> Option<T> {
    let Some(s) = v.get_ref().as_str() else {
        wrong_type(sink, path, v, "a string");
        return None;
    };
    let lower = s.trim().to_ascii_lowercase();
    if let Some((_, t)) = words.iter().find(|(w, _)| *w == lower) {
        return Some(*t);
    }
    let names: Vec<&str> = words.iter().map(|(w, _)| *w).collect();
    sink.error(
        &v.span(),
        format!(
            "{path}: \"{s}\" is not {what}: expected one of {}{}",
            names.join(", "),
            did_you_mean(&lower, names.iter().copied())
        ),
    );
    None
}

const ROOT_KEYS: &[&str] = &["name", "cards"];
const CARD_KEYS: &[&str] = &["name", "count", "martians", "humans", "event"];
const KIND_WORDS: &[(&str, Kind)] = &[
    ("response", Kind::Response),
    ("activation", Kind::Activation),
    ("support", Kind::Support),
    ("event", Kind::Event),
];
const WHOSE_WORDS: &[(&str, Whose)] = &[("own", Whose::Own), ("enemy", Whose::Enemy)];
const ROLL_WORDS: &[(&str, Roll)] = &[
    ("shoot", Roll::Shoot),
    ("fight", Roll::Fight),
    ("survive", Roll::Survive),
];
const FAILED_WORDS: &[(&str, Failed)] = &[
    ("activated", Failed::Activated),
    ("rattled", Failed::Rattled),
];
/// Words that a card slug may not be, because action text uses them.
const RESERVED: &[&str] = &[
    "none", "row", "column", "col", "north", "south", "east", "west", "bug",
];

fn read_deck(sink: &mut Sink, doc: &Spanned<DeTable>) -> Option<Deck> {
    let root = Tbl {
        path: String::new(),
        span: doc.span(),
        table: doc.get_ref(),
    };
    root.check_keys(sink, ROOT_KEYS);
    let name = match root.get("name") {
        None => "deck".to_string(),
        Some(_) => root.string(sink, "name", "the deck's name")?,
    };
    let Some(cards_v) = root.get("cards") else {
        root.missing(sink, "cards", "a table of [cards.<slug>] tables");
        return None;
    };
    let cards = Tbl::of("cards".into(), cards_v, sink)?;
    let entries = cards.entries();
    if entries.is_empty() {
        sink.error(&cards_v.span(), "cards: a deck needs at least one card");
    }
    if entries.len() > MAX_CARD_TYPES {
        sink.error(
            &cards_v.span(),
            format!(
                "cards: {} card types is too many (at most {MAX_CARD_TYPES})",
                entries.len()
            ),
        );
        return None;
    }
    let before = sink.error_count();
    let mut out = Vec::new();
    let mut total = 0u32;
    for (key, v) in entries {
        if let Some(c) = read_card(sink, &cards, key, v) {
            total += c.count as u32;
            out.push(c);
        }
    }
    if total > 1000 {
        sink.error(
            &cards_v.span(),
            format!("cards: {total} cards is too many (at most 1000)"),
        );
    }
    if sink.error_count() > before {
        return None;
    }
    Some(Deck::from_cards(name, out))
}

fn slug_problem(slug: &str) -> Option<String> {
    let ok_chars = slug
        .chars()
        .all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || c == '-');
    if slug.is_empty() || slug.len() > 40 || !ok_chars {
        return Some(
            "a card's slug is 1-40 lowercase letters, digits and hyphens, like heat-ray".into(),
        );
    }
    if !slug.starts_with(|c: char| c.is_ascii_lowercase()) || slug.ends_with('-') {
        return Some("a card's slug starts with a letter and does not end with a hyphen".into());
    }
    if RESERVED.contains(&slug) {
        return Some(format!(
            "\"{slug}\" is a word actions use and cannot name a card"
        ));
    }
    if slug.parse::<super::square::Square>().is_ok() || slug.parse::<super::ModelId>().is_ok() {
        return Some(format!(
            "\"{slug}\" reads as a square or a model and cannot name a card"
        ));
    }
    None
}

fn read_card(
    sink: &mut Sink,
    cards: &Tbl,
    key: &Spanned<std::borrow::Cow<'_, str>>,
    v: &Value,
) -> Option<CardType> {
    let slug: &str = key.get_ref();
    let path = cards.key_path(slug);
    if let Some(why) = slug_problem(slug) {
        sink.error(&key.span(), format!("{path}: {why}"));
        return None;
    }
    let t = Tbl::of(path.clone(), v, sink)?;
    t.check_keys(sink, CARD_KEYS);
    let name = t.string(sink, "name", "the card's name as printed");
    let count = t.int(sink, "count", "copies in the deck", 1, MAX_COPIES as i64);
    let mut faces: [Option<Face>; 2] = [None, None];
    let mut event = None;
    let mut ok = name.is_some() && count.is_some();
    for (side_key, side) in [
        ("martians", Some(Side::Martians)),
        ("humans", Some(Side::Humans)),
        ("event", None),
    ] {
        let Some(fv) = t.get(side_key) else {
            continue;
        };
        match read_face(sink, t.key_path(side_key), fv, side.is_none()) {
            Some(f) => match side {
                Some(s) => faces[s.index()] = Some(f),
                None => event = Some(f),
            },
            None => ok = false,
        }
    }
    let has_side = t.get("martians").is_some() || t.get("humans").is_some();
    let has_event = t.get("event").is_some();
    if !has_side && !has_event {
        sink.error(
            &t.span.clone(),
            format!("{path}: a card needs a face: a [martians] or [humans] table, or [event]"),
        );
        ok = false;
    }
    if has_side && has_event {
        sink.error(
            &t.span.clone(),
            format!("{path}: an Event has only one effect: it cannot also have a side's face"),
        );
        ok = false;
    }
    if !ok {
        return None;
    }
    let Some(id) = intern(slug) else {
        sink.error(
            &key.span(),
            format!("{path}: too many different card slugs loaded (at most {MAX_SLUGS})"),
        );
        return None;
    };
    Some(CardType {
        id,
        slug: slug.to_string(),
        name: name?,
        count: count? as u8,
        faces,
        event,
    })
}

fn read_face(sink: &mut Sink, path: String, v: &Value, is_event: bool) -> Option<Face> {
    let t = Tbl::of(path.clone(), v, sink)?;
    let before = sink.error_count();
    let kind = t.word(sink, "kind", "a kind of card", KIND_WORDS);
    let text = t.string(sink, "text", "the card's rules text as printed");
    let effect_name = t.word(
        sink,
        "effect",
        "an effect",
        &EFFECTS.iter().map(|(n, _)| (*n, *n)).collect::<Vec<_>>(),
    );
    let (Some(kind), Some(effect_name)) = (kind, effect_name) else {
        t.check_keys(sink, &["kind", "text", "effect"]);
        return None;
    };
    if is_event && kind != Kind::Event {
        sink.error(
            &t.get("kind").map_or(t.span.clone(), |k| k.span()),
            format!("{path}.kind: an [event] face has kind \"event\""),
        );
    }
    if !is_event && kind == Kind::Event {
        sink.error(
            &t.get("kind").map_or(t.span.clone(), |k| k.span()),
            format!("{path}.kind: an Event is written as an [event] face, not as a side's face"),
        );
    }
    let kinds = EFFECTS
        .iter()
        .find(|(n, _)| *n == effect_name)
        .map(|(_, k)| *k)
        .unwrap_or(&[]);
    if !kinds.contains(&kind) {
        let names: Vec<&str> = kinds.iter().map(|k| k.name()).collect();
        sink.error(
            &t.get("effect").map_or(t.span.clone(), |e| e.span()),
            format!(
                "{path}.effect: \"{effect_name}\" is for {} cards, and this card is a {} card",
                names.join(" or "),
                kind.name()
            ),
        );
    }
    let mut keys: Vec<&str> = vec!["kind", "text", "effect"];
    let mut levels = Vec::new();
    let dice = |sink: &mut Sink, t: &Tbl, k: &str| {
        t.int(sink, k, "a number of dice", 1, 20).map(|n| n as u8)
    };
    let value = |sink: &mut Sink, t: &Tbl, k: &str| {
        t.int(sink, k, "the value each die must reach (4 for 4+)", 2, 8)
            .map(|n| n as u8)
    };
    let effect = match effect_name {
        "test-dice" => {
            keys.extend(["model", "rolls", "dice"]);
            let whose = t.word(sink, "model", "own or enemy", WHOSE_WORDS);
            let rolls = read_rolls(sink, &t);
            let d = t.int(sink, "dice", "dice added (negative: removed)", -3, 3);
            if d == Some(0)
                && let Some(v) = t.get("dice")
            {
                sink.error(&v.span(), format!("{path}.dice: must not be 0"));
            }
            Some(Effect::TestDice {
                whose: whose?,
                rolls: rolls?,
                dice: d? as i8,
            })
        }
        "lucky-escape" => Some(Effect::LuckyEscape),
        "move-one" => Some(Effect::MoveOne),
        "distract" => {
            keys.push("models");
            let n = t.int(
                sink,
                "models",
                "how many enemy models (1, or 2 in one square)",
                1,
                2,
            );
            Some(Effect::Distract { models: n? as u8 })
        }
        "reinforce" => Some(Effect::Reinforce),
        "jam" => Some(Effect::Jam),
        "mind-control" => Some(Effect::MindControl),
        "shoot-area" | "survive-area" => {
            keys.extend(["area", "length"]);
            let hit = if effect_name == "shoot-area" {
                keys.extend(["dice", "value"]);
                let d = dice(sink, &t, "dice");
                let v = value(sink, &t, "value");
                d.zip(v).map(|(dice, value)| Hit::Shoot { dice, value })
            } else {
                keys.push("outcome");
                t.word(sink, "outcome", "what failing does", FAILED_WORDS)
                    .map(Hit::Survive)
            };
            let area = t.word(
                sink,
                "area",
                "an area",
                &[("square", 0u8), ("3x3", 1), ("line", 2)],
            );
            let area = match area {
                Some(0) => Some(Area::Square),
                Some(1) => Some(Area::Block3),
                Some(_) => t
                    .int_or(sink, "length", 4, 1, 8)
                    .map(|n| Area::Line(n as u8)),
                None => None,
            };
            if t.get("length").is_some()
                && !matches!(area, Some(Area::Line(_)) | None)
                && let Some(l) = t.get("length")
            {
                sink.error(
                    &l.span(),
                    format!("{path}.length: only a \"line\" area has a length"),
                );
            }
            if kind == Kind::Support {
                keys.extend(["cap", "levels"]);
                levels = read_levels(sink, &t, &path).unwrap_or_default();
            } else {
                keys.push("target");
                match t.word(
                    sink,
                    "target",
                    "how an Event aims",
                    &[("random", Aim::Random)],
                ) {
                    Some(a) => levels = vec![a],
                    None => levels.clear(),
                }
            }
            if let Some(area) = area {
                let line = matches!(area, Area::Line(_));
                for (i, a) in levels.iter().enumerate() {
                    let bad = match a {
                        Aim::Nothing => false,
                        Aim::Random => line,
                        _ => a.has_direction() != line,
                    };
                    if bad {
                        let at = t
                            .get("levels")
                            .or(t.get("target"))
                            .map_or(t.span.clone(), |v| v.span());
                        let why = if line {
                            "a \"line\" area needs a direction: aim it with \"line-direction\" \
                             or \"square-direction\""
                        } else {
                            "only a \"line\" area is aimed with a direction"
                        };
                        sink.error(
                            &at,
                            format!("{path}: level {} is \"{}\": {why}", i + 1, a.name()),
                        );
                    }
                }
            }
            hit.zip(area).map(|(hit, area)| Effect::Area { hit, area })
        }
        "flying-car" => {
            keys.extend(["dice", "value", "landings"]);
            let d = dice(sink, &t, "dice");
            let v = value(sink, &t, "value");
            let l = t.int(sink, "landings", "how many squares the car lands in", 1, 8);
            Some(Effect::FlyingCar {
                dice: d?,
                value: v?,
                landings: l? as u8,
            })
        }
        "burning-cows" => {
            keys.extend(["moves", "dice", "value"]);
            let m = t.int(sink, "moves", "squares the herd moves", 1, 8);
            let d = dice(sink, &t, "dice");
            let v = value(sink, &t, "value");
            Some(Effect::BurningCows {
                moves: m? as u8,
                dice: d?,
                value: v?,
            })
        }
        "civilians" => {
            keys.push("table");
            let table = read_table8(sink, &t, &path);
            Some(Effect::Civilians { table: table? })
        }
        "bug" => {
            keys.extend(["dice", "value", "survive_dice", "survive_value"]);
            let d = dice(sink, &t, "dice");
            let v = value(sink, &t, "value");
            let sd = dice(sink, &t, "survive_dice");
            let sv = value(sink, &t, "survive_value");
            Some(Effect::Bug {
                dice: d?,
                value: v?,
                survive_dice: sd?,
                survive_value: sv?,
            })
        }
        _ => None,
    };
    t.check_keys(sink, &keys);
    if sink.error_count() > before {
        return None;
    }
    Some(Face {
        kind,
        effect: effect?,
        text: text?,
        levels,
    })
}

fn read_rolls(sink: &mut Sink, t: &Tbl) -> Option<Rolls> {
    let path = t.key_path("rolls");
    let Some(v) = t.get("rolls") else {
        t.missing(sink, "rolls", "which rolls: shoot, fight, survive");
        return None;
    };
    let DeValue::Array(arr) = v.get_ref() else {
        wrong_type(sink, &path, v, "an array");
        return None;
    };
    if arr.is_empty() {
        sink.error(&v.span(), format!("{path}: name at least one roll"));
        return None;
    }
    let mut rolls = Rolls::default();
    let mut ok = true;
    for (i, r) in arr.iter().enumerate() {
        match read_word(sink, &format!("{path}[{i}]"), r, "a roll", ROLL_WORDS) {
            Some(roll) if rolls.has(roll) => {
                sink.error(
                    &r.span(),
                    format!("{path}[{i}]: \"{}\" is listed twice", roll.name()),
                );
                ok = false;
            }
            Some(roll) => rolls = rolls.with(roll),
            None => ok = false,
        }
    }
    ok.then_some(rolls)
}

fn read_levels(sink: &mut Sink, t: &Tbl, path: &str) -> Option<Vec<Aim>> {
    let cap = t.int(sink, "cap", "the most cards in a set", 1, MAX_CAP as i64);
    let Some(v) = t.get("levels") else {
        t.missing(sink, "levels", "how each level of the set is aimed");
        return None;
    };
    let DeValue::Array(arr) = v.get_ref() else {
        wrong_type(sink, &format!("{path}.levels"), v, "an array");
        return None;
    };
    let words: Vec<(&str, Aim)> = Aim::ALL
        .iter()
        .filter(|a| **a != Aim::Random)
        .map(|a| (a.name(), *a))
        .chain([("random", Aim::Random)])
        .collect();
    let mut out = Vec::new();
    for (i, a) in arr.iter().enumerate() {
        out.push(read_word(
            sink,
            &format!("{path}.levels[{i}]"),
            a,
            "a way to aim",
            &words,
        )?);
    }
    let cap = cap? as usize;
    if out.len() != cap {
        sink.error(
            &v.span(),
            format!(
                "{path}.levels: {} levels listed for a set of up to {cap} cards (one per level)",
                out.len()
            ),
        );
        return None;
    }
    if out.iter().all(|a| *a == Aim::Nothing) {
        sink.error(
            &v.span(),
            format!("{path}.levels: every level does nothing: the set could never be called"),
        );
        return None;
    }
    Some(out)
}

fn read_table8(sink: &mut Sink, t: &Tbl, path: &str) -> Option<[u8; 8]> {
    let Some(v) = t.get("table") else {
        t.missing(sink, "table", "how many for each D8 roll, 8 numbers");
        return None;
    };
    let DeValue::Array(arr) = v.get_ref() else {
        wrong_type(sink, &format!("{path}.table"), v, "an array");
        return None;
    };
    if arr.len() != 8 {
        sink.error(
            &v.span(),
            format!(
                "{path}.table: {} numbers given; one per D8 face: 8",
                arr.len()
            ),
        );
        return None;
    }
    let mut out = [0u8; 8];
    for (i, x) in arr.iter().enumerate() {
        out[i] = read_int(sink, &format!("{path}.table[{i}]"), x, 0, 8)? as u8;
    }
    Some(out)
}

// ===== suggestions =======================================================================

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_core_deck_has_the_75_cards_of_r19() {
        let d = core_deck();
        assert_eq!(d.total(), 75);
        assert_eq!(d.types(), 24);
        let count = |s: &str| d.by_slug(s).unwrap().count;
        assert_eq!(count("heat-ray"), 7);
        assert_eq!(count("harassing-fire"), 4);
        assert_eq!(
            d.by_slug("harassing-fire")
                .unwrap()
                .face(Side::Humans)
                .unwrap()
                .cap(),
            2
        );
        assert_eq!(d.event_mask().count_ones(), 6);
    }

    #[test]
    fn card_ids_print_and_parse_as_slugs() {
        let _ = core_deck();
        let id: CardId = "heat-ray".parse().unwrap();
        assert_eq!(id.to_string(), "heat-ray");
        assert!(
            "heat-rays"
                .parse::<CardId>()
                .unwrap_err()
                .contains("did you mean")
        );
    }
}
