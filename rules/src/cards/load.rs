//! The deck file reader: every problem reported as `file:line:column: message`, like
//! scenario files (format in `docs/card-format.md`).

use std::collections::HashMap;
use std::ops::Range;
use std::path::Path;

use serde_spanned::Spanned;
use toml::de::{DeTable, DeValue};

use super::deck::{CardType, Deck, Face};
use super::effect::{Aim, Area, EFFECTS, Effect, Failed, Hit, Kind, Roll, Rolls, Whose};
use super::id::{CardId, MAX_SLUGS, intern};
use super::{MAX_CARD_TYPES, MAX_CARDS, MAX_DECK_FILE_BYTES};
use crate::scenario_file::{Diagnostic, Sink, Value, did_you_mean, read_int, wrong_type};
use crate::schema::deck as keys;
use crate::schema::{self, Tagged};
use crate::square::Side;
use file_check::table::{Style, Tbl};
use file_check::value::{NotAWord, read_word_as};

/// Read and check a deck file. On failure, every problem found.
pub fn load_deck(path: &Path) -> Result<Deck, Vec<Diagnostic>> {
    load_deck_checked(path).map(|(d, _)| d)
}

/// Read and check a deck file, keeping its warnings (a half on no card).
pub fn load_deck_checked(path: &Path) -> Result<(Deck, Vec<Diagnostic>), Vec<Diagnostic>> {
    let text =
        file_check::read_file::read_text_for_diagnostics(path, MAX_DECK_FILE_BYTES, "deck file")?;
    check_deck(&path.display().to_string(), &text)
}

/// Check deck text; `file` names it in diagnostics.
pub fn parse_deck(file: &str, text: &str) -> Result<Deck, Vec<Diagnostic>> {
    check_deck(file, text).map(|(d, _)| d)
}

/// Check deck text; `file` names it in diagnostics. A valid deck comes with its warnings.
pub fn check_deck(file: &str, text: &str) -> Result<(Deck, Vec<Diagnostic>), Vec<Diagnostic>> {
    let mut sink = Sink::default();
    let mut deck = None;
    if text.len() as u64 > MAX_DECK_FILE_BYTES {
        sink.error(&(0..0), "the deck file is too big".to_string());
    } else {
        match DeTable::parse(text) {
            Ok(doc) => deck = read_deck(&mut sink, &doc),
            Err(e) => sink.toml_error(&e, text),
        }
    }
    if !sink.has_errors()
        && let Some(d) = deck
    {
        return Ok((d, sink.finish(file, text)));
    }
    Err(sink.finish(file, text))
}

/// How the deck format's tables word what is found in them: keys written whole in paths,
/// the keys of a table listed with every unknown key.
const STYLE: Style = Style {
    key_chars: None,
    list_keys_with_suggestion: true,
    places: &[],
    not_a_word: NotAWord::OneOf,
};

/// One of `words`, worded as the deck format words a string that is none of them.
fn read_word<T: Copy>(
    sink: &mut Sink,
    path: &str,
    v: &Value,
    what: &str,
    words: &[(&str, T)],
) -> Option<T> {
    read_word_as(sink, path, v, what, words, STYLE.not_a_word).map(|w| w.value)
}

const AREA_WORDS: &[(&str, u8)] = &[("square", 0), ("3x3", 1), ("line", 2)];
const SIDE_WORDS: &[(&str, Side)] = &[("martians", Side::Martians), ("humans", Side::Humans)];
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

/// The halves and Events of a deck file, by slug: the side a half belongs to (`None` for an
/// Event), its face, and where its key is.
/// A half whose table has errors is still known by its slug and side (`None` face), so
/// that the cards naming it get no second error.
type Halves = HashMap<String, (Option<Side>, Option<Face>, Range<usize>)>;

fn read_deck(sink: &mut Sink, doc: &Spanned<DeTable>) -> Option<Deck> {
    let root = Tbl::root(doc, Some(&keys::ROOT), &STYLE);
    root.check_keys(sink);
    let name = root.text(sink, &keys::NAME, "the deck's name")?;
    let before = sink.error_count();
    let mut halves = Halves::new();
    for (table, event) in [("halves", false), ("events", true)] {
        let Some(v) = root.get(table) else {
            continue;
        };
        let Some(t) = Tbl::of(sink, table, v, None, &STYLE) else {
            continue;
        };
        for (key, v) in t.entries() {
            let slug: &str = key.get_ref();
            let path = t.key_path(slug);
            if let Some(why) = slug_problem(slug) {
                sink.error(&key.span(), format!("{path}: {why}"));
                continue;
            }
            if halves.contains_key(slug) {
                sink.error(
                    &key.span(),
                    format!(
                        "{path}: \"{slug}\" names both a half and an Event: give each its own slug"
                    ),
                );
                continue;
            }
            let Some(ht) = Tbl::of(sink, &path, v, None, &STYLE) else {
                continue;
            };
            let side = if event {
                None
            } else {
                match ht.word(sink, &keys::SIDE, "the side that uses the half", SIDE_WORDS) {
                    Some(s) => Some(s),
                    None => continue,
                }
            };
            let Some(id) = intern(slug) else {
                sink.error(
                    &key.span(),
                    format!("{path}: too many different card slugs loaded (at most {MAX_SLUGS})"),
                );
                continue;
            };
            let face = read_face(sink, &ht, slug, id, event);
            halves.insert(slug.to_string(), (side, face, key.span()));
        }
    }
    let Some(cards_v) = root.get("cards") else {
        root.missing(
            sink,
            "cards",
            "the list of cards, like cards = [{ number = 1, martians = \"heat-ray\", humans = \"splat\" }]",
        );
        return None;
    };
    let DeValue::Array(list) = cards_v.get_ref() else {
        wrong_type(sink, "cards", cards_v, "an array of cards");
        return None;
    };
    if list.is_empty() {
        sink.error(&cards_v.span(), "cards: a deck needs at least one card");
    }
    if list.len() > MAX_CARDS as usize {
        sink.error(
            &cards_v.span(),
            format!(
                "cards: {} cards is too many (at most {MAX_CARDS})",
                list.len()
            ),
        );
        return None;
    }
    // Each card: its printed number and its halves' slugs [martians, humans, event].
    let mut designs: Vec<([Option<String>; 3], Vec<u16>)> = Vec::new();
    let mut numbers: HashMap<u16, usize> = HashMap::new();
    let mut used: HashMap<&str, ()> = HashMap::new();
    for (i, v) in list.iter().enumerate() {
        let Some(t) = Tbl::of(sink, &format!("cards[{i}]"), v, Some(&keys::CARD), &STYLE) else {
            continue;
        };
        t.check_keys(sink);
        let number = t.int::<i64>(sink, &keys::NUMBER, "the card's printed number");
        if let Some(n) = number {
            let n = n as u16;
            if let Some(first) = numbers.insert(n, i) {
                sink.error(
                    &t.get("number").map_or(t.span.clone(), |v| v.span()),
                    format!("cards[{i}].number: card {n} is already cards[{first}]: each printed number names one card"),
                );
            }
        }
        let mut slugs: [Option<String>; 3] = [None, None, None];
        let mut ok = number.is_some();
        for (j, key, want) in [
            (0, "martians", Some(Side::Martians)),
            (1, "humans", Some(Side::Humans)),
            (2, "event", None),
        ] {
            let Some(sv) = t.get(key) else {
                continue;
            };
            let path = t.key_path(key);
            let Some(s) = sv.get_ref().as_str() else {
                wrong_type(sink, &path, sv, "the slug of a half, as a string");
                ok = false;
                continue;
            };
            let known: Vec<&str> = halves
                .iter()
                .filter(|(_, (side, _, _))| *side == want)
                .map(|(k, _)| k.as_str())
                .collect();
            match halves.get(s) {
                Some((side, _, _)) if *side == want => {
                    if let Some((k, _)) = halves.get_key_value(s) {
                        used.insert(k.as_str(), ());
                    }
                    slugs[j] = Some(s.to_string());
                }
                Some((side, _, _)) => {
                    let what = match side {
                        Some(side) => format!("a half of the {side}"),
                        None => "an Event".to_string(),
                    };
                    sink.error(
                        &sv.span(),
                        format!(
                            "{path}: \"{s}\" is {what}, not {}",
                            match want {
                                Some(side) => format!("a half of the {side}"),
                                None => "an Event".to_string(),
                            }
                        ),
                    );
                    ok = false;
                }
                None => {
                    let table = if want.is_some() { "halves" } else { "events" };
                    sink.error(
                        &sv.span(),
                        format!(
                            "{path}: \"{s}\" is not defined: write it as [{table}.{s}]{}",
                            did_you_mean(s, known.iter().copied())
                        ),
                    );
                    ok = false;
                }
            }
        }
        let has_side = t.get("martians").is_some() || t.get("humans").is_some();
        let has_event = t.get("event").is_some();
        if !has_side && !has_event {
            sink.error(
                &t.span.clone(),
                format!("cards[{i}]: a card needs its halves (martians, humans) or an event"),
            );
            ok = false;
        }
        if has_side && has_event {
            sink.error(
                &t.span.clone(),
                format!("cards[{i}]: an Event card has only the Event: it cannot also have a side's half"),
            );
            ok = false;
        }
        if !ok {
            continue;
        }
        let n = number.unwrap_or(0) as u16;
        match designs.iter_mut().find(|(s, _)| *s == slugs) {
            Some((_, nums)) => nums.push(n),
            None => designs.push((slugs, vec![n])),
        }
    }
    let mut unused: Vec<(&String, &Range<usize>)> = halves
        .iter()
        .filter(|(k, _)| !used.contains_key(k.as_str()))
        .map(|(k, (_, _, at))| (k, at))
        .collect();
    unused.sort_by_key(|(_, at)| at.start);
    for (slug, at) in unused {
        sink.warn(at, format!("\"{slug}\" is on no card of the deck"));
    }
    if designs.len() > MAX_CARD_TYPES {
        sink.error(
            &cards_v.span(),
            format!(
                "cards: {} different cards is too many (at most {MAX_CARD_TYPES}; copies of one card count once)",
                designs.len()
            ),
        );
    }
    if sink.error_count() > before {
        return None;
    }
    let face = |s: &Option<String>| s.as_ref().and_then(|s| halves.get(s)?.1.clone());
    let cards = designs
        .into_iter()
        .map(|(s, mut nums)| {
            nums.sort_unstable();
            CardType {
                numbers: nums,
                faces: {
                    let mut f: [Option<Face>; 2] = [None, None];
                    f[Side::Martians.index()] = face(&s[0]);
                    f[Side::Humans.index()] = face(&s[1]);
                    f
                },
                event: face(&s[2]),
            }
        })
        .collect();
    Some(Deck::from_cards(name, cards))
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
    if slug.parse::<crate::square::Square>().is_ok() || slug.parse::<crate::ModelId>().is_ok() {
        return Some(format!(
            "\"{slug}\" reads as a square or a model and cannot name a card"
        ));
    }
    None
}

/// Read one half (`event`: an Event's face, whose kind is implied) from its table `t`.
/// The keys it may have are those of its effect's variant of [`keys::HALF`] or
/// [`keys::EVENT`].
fn read_face(sink: &mut Sink, t: &Tbl, slug: &str, id: CardId, event: bool) -> Option<Face> {
    let tagged: &'static Tagged = if event { &keys::EVENT } else { &keys::HALF };
    let path = t.path.clone();
    let before = sink.error_count();
    let name = t.text(sink, &keys::CARD_NAME, "the card's name as printed");
    let kind = if event {
        Some(Kind::Event)
    } else {
        t.word(sink, &keys::KIND, "a kind of card", KIND_WORDS)
    };
    let text = t.text(sink, &keys::TEXT, "the card's rules text as printed");
    let effect_name = match t.get(keys::EFFECT_KEY) {
        None => {
            t.missing(sink, keys::EFFECT_KEY, "an effect");
            None
        }
        Some(v) => read_word(
            sink,
            &t.key_path(keys::EFFECT_KEY),
            v,
            "an effect",
            &EFFECTS.iter().map(|(n, _)| (*n, *n)).collect::<Vec<_>>(),
        ),
    };
    // Before the effect is known, the keys are the common ones.
    let mut known: Vec<&'static str> = tagged.common.iter().map(|k| k.name).collect();
    known.push(tagged.tag);
    let (Some(kind), Some(effect_name)) = (kind, effect_name) else {
        t.check_names(sink, &known);
        return None;
    };
    if !event && kind == Kind::Event {
        sink.error(
            &t.get("kind").map_or(t.span.clone(), |k| k.span()),
            format!("{path}.kind: an Event is written as an [events.<slug>] table, not as a half"),
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
    // The effect's own keys, when it is one for this kind of table (a wrong kind is
    // reported above, and the common keys are checked alone).
    if let Some(variant) = tagged.variant(effect_name) {
        known = tagged.names_of(variant);
    }
    let mut levels = Vec::new();
    let dice = |sink: &mut Sink, t: &Tbl, k: &schema::Key| {
        t.int::<i64>(sink, k, "a number of dice").map(|n| n as u8)
    };
    let value = |sink: &mut Sink, t: &Tbl, k: &schema::Key| {
        t.int::<i64>(sink, k, "the value each die must reach (4 for 4+)")
            .map(|n| n as u8)
    };
    let effect = match effect_name {
        "test-dice" => {
            let whose = t.word(sink, &keys::MODEL, "own or enemy", WHOSE_WORDS);
            let rolls = read_rolls(sink, t);
            let d = t.int::<i64>(sink, &keys::TEST_DICE, "dice added (negative: removed)");
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
            let n = t.int::<i64>(
                sink,
                &keys::MODELS,
                "how many enemy models (1, or 2 in one square)",
            );
            Some(Effect::Distract { models: n? as u8 })
        }
        "reinforce" => Some(Effect::Reinforce),
        "jam" => Some(Effect::Jam),
        "mind-control" => Some(Effect::MindControl),
        "shoot-area" | "survive-area" => {
            let hit = if effect_name == "shoot-area" {
                let d = dice(sink, t, &keys::DICE);
                let v = value(sink, t, &keys::VALUE);
                d.zip(v).map(|(dice, value)| Hit::Shoot { dice, value })
            } else {
                t.word(sink, &keys::OUTCOME, "what failing does", FAILED_WORDS)
                    .map(Hit::Survive)
            };
            let area = t.word(sink, &keys::AREA, "an area", AREA_WORDS);
            let area = match area {
                Some(0) => Some(Area::Square),
                Some(1) => Some(Area::Block3),
                Some(_) => t
                    .int::<i64>(sink, &keys::LENGTH, "the squares the line covers")
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
                levels = read_levels(sink, t, &path).unwrap_or_default();
            } else {
                match t.word(
                    sink,
                    &keys::TARGET,
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
            let d = dice(sink, t, &keys::DICE);
            let v = value(sink, t, &keys::VALUE);
            let l = t.int::<i64>(sink, &keys::LANDINGS, "how many squares the car lands in");
            Some(Effect::FlyingCar {
                dice: d?,
                value: v?,
                landings: l? as u8,
            })
        }
        "burning-cows" => {
            let m = t.int::<i64>(sink, &keys::MOVES, "squares the herd moves");
            let d = dice(sink, t, &keys::DICE);
            let v = value(sink, t, &keys::VALUE);
            Some(Effect::BurningCows {
                moves: m? as u8,
                dice: d?,
                value: v?,
            })
        }
        "civilians" => {
            let table = read_table8(sink, t, &path);
            Some(Effect::Civilians { table: table? })
        }
        "bug" => {
            let d = dice(sink, t, &keys::DICE);
            let v = value(sink, t, &keys::VALUE);
            let sd = dice(sink, t, &keys::SURVIVE_DICE);
            let sv = value(sink, t, &keys::SURVIVE_VALUE);
            Some(Effect::Bug {
                dice: d?,
                value: v?,
                survive_dice: sd?,
                survive_value: sv?,
            })
        }
        _ => None,
    };
    t.check_names(sink, &known);
    if sink.error_count() > before {
        return None;
    }
    Some(Face {
        id,
        slug: slug.to_string(),
        name: name?,
        kind,
        effect: effect?,
        text: text?,
        levels,
    })
}

fn read_rolls(sink: &mut Sink, t: &Tbl) -> Option<Rolls> {
    let path = t.key_path(keys::ROLLS.name);
    let Some(v) = t.get(keys::ROLLS.name) else {
        t.missing(sink, keys::ROLLS.name, "which rolls: shoot, fight, survive");
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
    let cap = t.int::<i64>(sink, &keys::CAP, "the most cards in a set");
    let Some(v) = t.get(keys::LEVELS.name) else {
        t.missing(
            sink,
            keys::LEVELS.name,
            "how each level of the set is aimed",
        );
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
    let Some(v) = t.get(keys::CIVILIANS.name) else {
        t.missing(
            sink,
            keys::CIVILIANS.name,
            "how many for each D8 roll, 8 numbers",
        );
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
        let (lo, hi) = match keys::CIVILIANS.value {
            schema::Kind::Row {
                item: schema::Kind::Int { min, max },
                ..
            } => (*min, *max),
            _ => unreachable!("the Civilians table is a row of integers"),
        };
        out[i] = read_int(sink, &format!("{path}.table[{i}]"), x, lo, hi)? as u8;
    }
    Some(out)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::schema::Kind as K;

    fn words_of(key: &schema::Key) -> Vec<&'static str> {
        match &key.value {
            K::Word { words, .. } => words.to_vec(),
            K::List {
                item: K::Word { words, .. },
                ..
            } => words.to_vec(),
            other => panic!("{} is not a word key: {other:?}", key.name),
        }
    }

    fn names<T>(table: &[(&'static str, T)]) -> Vec<&'static str> {
        table.iter().map(|(w, _)| *w).collect()
    }

    #[test]
    fn the_readers_words_are_the_schemas_words() {
        assert_eq!(names(SIDE_WORDS), words_of(&keys::SIDE));
        assert_eq!(names(WHOSE_WORDS), words_of(&keys::MODEL));
        assert_eq!(names(ROLL_WORDS), words_of(&keys::ROLLS));
        assert_eq!(names(FAILED_WORDS), words_of(&keys::OUTCOME));
        assert_eq!(names(AREA_WORDS), words_of(&keys::AREA));
        let aims: Vec<&str> = Aim::ALL.iter().map(|a| a.name()).collect();
        assert_eq!(aims, words_of(&keys::LEVELS));
        // A half is one of three kinds; an Event's kind is implied by its table.
        let kinds: Vec<&str> = names(KIND_WORDS)
            .into_iter()
            .filter(|k| *k != Kind::Event.name())
            .collect();
        assert_eq!(kinds, words_of(&keys::KIND));
    }

    #[test]
    fn each_effect_has_a_variant_where_its_kinds_allow_it() {
        for (effect, kinds) in EFFECTS {
            let half = keys::HALF.variant(effect);
            let event = keys::EVENT.variant(effect);
            assert_eq!(
                half.is_some(),
                kinds.iter().any(|k| *k != Kind::Event),
                "{effect} as a half"
            );
            assert_eq!(event.is_some(), kinds.contains(&Kind::Event), "{effect}");
            if let Some(v) = half {
                let narrowed: Vec<&str> = v
                    .narrows
                    .iter()
                    .filter(|k| k.name == keys::KIND.name)
                    .flat_map(words_of)
                    .collect();
                let allowed: Vec<&str> = kinds
                    .iter()
                    .filter(|k| **k != Kind::Event)
                    .map(|k| k.name())
                    .collect();
                assert_eq!(narrowed, allowed, "the kinds of {effect}");
            }
        }
        let all: Vec<&str> = EFFECTS.iter().map(|(n, _)| *n).collect();
        for v in keys::HALF.values().chain(keys::EVENT.values()) {
            assert!(all.contains(&v), "{v} is no effect");
        }
    }
}
