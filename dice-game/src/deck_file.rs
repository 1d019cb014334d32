//! The deck file reader of Mars Attacks: The Dice Game (`cards/dice-game.toml`, format in
//! `docs/dice-game.md`, keys in [`crate::deck_keys`]): every problem reported as
//! `file:line:column: message`, like scenario and deck files, and nothing half-read.

use std::ops::Range;
use std::path::Path;
use std::sync::{Arc, OnceLock};

use serde_spanned::Spanned;
use toml::de::{DeTable, DeValue};

use file_check::schema::{self, Kind as SchemaKind};
use file_check::value::{Value, did_you_mean, read_int, read_text, type_name, wrong_type};
use file_check::{Diagnostic, Sink};

use crate::card::{Deck, DifficultyCard, Kind, Location, MAX_LOCATIONS, MAX_SPACES, Rule, Run};
use crate::deck_keys as keys;
use crate::dice::Symbol;

/// The largest deck file accepted, in bytes (1 MiB).
pub const MAX_DICE_DECK_BYTES: u64 = 1 << 20;

/// The shipped stand-in deck, `cards/dice-game.toml`.
pub const STAND_IN_TEXT: &str = include_str!("../../cards/dice-game.toml");

/// The shipped stand-in deck, read once.
pub fn stand_in_deck() -> Arc<Deck> {
    static DECK: OnceLock<Arc<Deck>> = OnceLock::new();
    DECK.get_or_init(|| {
        Arc::new(
            parse_dice_deck("cards/dice-game.toml", STAND_IN_TEXT)
                .expect("the shipped dice-game deck reads (a test checks it)"),
        )
    })
    .clone()
}

/// Reads and checks a dice-game deck file. On failure, every problem found.
pub fn load_dice_deck(path: &Path) -> Result<Deck, Vec<Diagnostic>> {
    let text =
        file_check::read_file::read_text_for_diagnostics(path, MAX_DICE_DECK_BYTES, "deck file")?;
    parse_dice_deck(&path.display().to_string(), &text)
}

/// Checks dice-game deck text; `file` names it in diagnostics.
pub fn parse_dice_deck(file: &str, text: &str) -> Result<Deck, Vec<Diagnostic>> {
    let mut sink = Sink::default();
    let mut deck = None;
    match DeTable::parse(text) {
        Ok(doc) => deck = read_deck(&mut sink, &doc),
        Err(e) => sink.toml_error(&e, text),
    }
    match deck {
        Some(d) if !sink.has_errors() => Ok(d),
        _ => Err(sink.finish(file, text)),
    }
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

    fn key_path(&self, key: &str) -> String {
        if self.path.is_empty() {
            key.to_string()
        } else {
            format!("{}.{key}", self.path)
        }
    }

    fn check_keys(&self, sink: &mut Sink, table: &schema::Table) {
        let known: Vec<&str> = table.names().collect();
        for (key, _) in self.table.iter() {
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

    fn missing(&self, sink: &mut Sink, key: &schema::Key) {
        let place = if self.path.is_empty() {
            String::new()
        } else {
            format!("{}: ", self.path)
        };
        sink.error(
            &self.span.clone(),
            format!("{place}missing required key \"{}\" ({})", key.name, key.doc),
        );
    }

    fn text(&self, sink: &mut Sink, key: &schema::Key) -> Option<String> {
        let SchemaKind::Text {
            max_chars,
            non_blank,
        } = key.value
        else {
            unreachable!("{} is not a text key", key.name)
        };
        match self.get(key.name) {
            Some(v) => read_text(sink, &self.key_path(key.name), v, max_chars, non_blank),
            None => match key.default {
                schema::Default::Str(d) => Some(d.to_string()),
                _ => {
                    self.missing(sink, key);
                    None
                }
            },
        }
    }

    fn int(&self, sink: &mut Sink, key: &schema::Key) -> Option<u8> {
        let (lo, hi) = key.int_range();
        let n = match self.get(key.name) {
            Some(v) => read_int(sink, &self.key_path(key.name), v, lo, hi)?,
            None => match key.default {
                schema::Default::Int(d) => d,
                _ => {
                    self.missing(sink, key);
                    return None;
                }
            },
        };
        u8::try_from(n).ok()
    }

    fn word<T: Copy>(&self, sink: &mut Sink, key: &schema::Key, words: &[(&str, T)]) -> Option<T> {
        let Some(v) = self.get(key.name) else {
            self.missing(sink, key);
            return None;
        };
        let path = self.key_path(key.name);
        let Some(s) = v.get_ref().as_str() else {
            wrong_type(sink, &path, v, "a string");
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
                "{path}: \"{s}\" is not one of {}{}",
                names.join(", "),
                did_you_mean(&lower, names.iter().copied())
            ),
        );
        None
    }
}

const KIND_WORDS: &[(&str, Kind)] = &[("city", Kind::City), ("monument", Kind::Monument)];
const SYMBOL_WORDS: &[(&str, Symbol)] = &[
    ("ray-gun", Symbol::RayGun),
    ("martian", Symbol::Martian),
    ("nuke", Symbol::Nuke),
];
/// The rule kinds; `true` when the rule takes a count.
const RULE_WORDS: &[(&str, u8)] = &[("extra-turn", 0), ("set-dice", 1), ("nuked-first", 2)];

fn read_deck(sink: &mut Sink, doc: &Spanned<DeTable>) -> Option<Deck> {
    let root = Tbl {
        path: String::new(),
        span: doc.span(),
        table: doc.get_ref(),
    };
    root.check_keys(sink, &keys::ROOT);
    let name = root.text(sink, &keys::NAME);
    let difficulty = match root.get(keys::DIFFICULTY.name) {
        None => Some(DifficultyCard::default()),
        Some(v) => Tbl::of("difficulty".into(), v, sink).and_then(|t| {
            t.check_keys(sink, &keys::DIFFICULTY_CARD);
            let easy = t.int(sink, &keys::EASY);
            let hard = t.int(sink, &keys::HARD);
            Some(DifficultyCard {
                easy: easy?,
                hard: hard?,
            })
        }),
    };
    let Some(list_v) = root.get(keys::LOCATIONS.name) else {
        root.missing(sink, &keys::LOCATIONS);
        return None;
    };
    let DeValue::Array(list) = list_v.get_ref() else {
        wrong_type(sink, "locations", list_v, "an array of location tables");
        return None;
    };
    if list.len() < 8 {
        sink.error(
            &list_v.span(),
            format!(
                "locations: {} given; four stacks of two players' cards need 8 at least (S3)",
                list.len()
            ),
        );
    }
    if list.len() > MAX_LOCATIONS {
        sink.error(
            &list_v.span(),
            format!(
                "locations: {} given; a deck holds at most {MAX_LOCATIONS}",
                list.len()
            ),
        );
        return None;
    }
    let mut locations = Vec::new();
    let mut spans = Vec::new();
    let mut names: Vec<(String, Range<usize>)> = Vec::new();
    for (i, v) in list.iter().enumerate() {
        let path = format!("locations[{i}]");
        let Some(t) = Tbl::of(path, v, sink) else {
            continue;
        };
        if let Some(loc) = read_location(sink, &t) {
            let lower = loc.name.to_lowercase();
            if names.iter().any(|(n, _)| *n == lower) {
                let span = t.get("name").map_or(t.span.clone(), |v| v.span());
                sink.error(
                    &span,
                    format!(
                        "{}.name: \"{}\" names another location too: each card its own name",
                        t.path, loc.name
                    ),
                );
            }
            names.push((lower, v.span()));
            spans.push(v.span());
            locations.push(loc);
        }
    }
    let mut deck = Deck::new(&name?, locations);
    deck.difficulty = difficulty?;
    // A game ends only when a stack runs out of cards claimed (S8): say which cards can
    // never be claimed, and refuse a deck of which no game can end.
    for (i, span) in spans.iter().enumerate() {
        if let Some(why) = crate::claimable::never_claimed(&deck, i, None) {
            sink.warn(
                span,
                format!(
                    "locations[{i}] \"{}\" can never be claimed: {why}",
                    deck.locations[i].name
                ),
            );
        }
    }
    let claimable = crate::claimable::claimable_count(&deck, None);
    if !sink.has_errors() && !crate::claimable::a_game_can_end(&deck, MIN_PLAYERS, None) {
        sink.error(
            &list_v.span(),
            format!(
                "locations: no game can end with this deck: a game ends when a stack runs out \
                 of claimed cards (S8), a stack holds a card for each player, and only \
                 {claimable} of the {} locations can ever be claimed (the warnings say why)",
                deck.locations.len()
            ),
        );
    }
    Some(deck)
}

/// The fewest players a game has (S3).
const MIN_PLAYERS: usize = 2;

fn read_location(sink: &mut Sink, t: &Tbl) -> Option<Location> {
    t.check_keys(sink, &keys::LOCATION);
    let name = t.text(sink, &keys::LOCATION_NAME);
    let kind = t.word(sink, &keys::KIND, KIND_WORDS);
    let vp = t.int(sink, &keys::VP);
    let nukes = t.int(sink, &keys::NUKES);
    let spaces = read_spaces(sink, t);
    let rule = match t.get(keys::RULE.name) {
        None => Some(None),
        Some(v) => read_rule(sink, t.key_path("rule"), v).map(Some),
    };
    let (name, kind, vp, nukes, spaces, rule) = (name?, kind?, vp?, nukes?, spaces?, rule?);
    let spaces_v = t
        .get(keys::SPACES.name)
        .map_or(t.span.clone(), |v| v.span());
    if kind == Kind::Monument && spaces.iter().any(|r| r.symbol != Symbol::Martian) {
        sink.error(
            &spaces_v,
            format!(
                "{}.spaces: a monument's spaces show Martians: rolled Martians destroy it (S5)",
                t.path
            ),
        );
        return None;
    }
    let mut loc = Location::new(&name, kind, &spaces, vp, nukes);
    if let Some((rule, text)) = rule {
        loc = loc.with_rule(rule);
        loc.rule_text = text.unwrap_or_default();
    }
    Some(loc)
}

fn read_spaces(sink: &mut Sink, t: &Tbl) -> Option<Vec<Run>> {
    let Some(v) = t.get(keys::SPACES.name) else {
        t.missing(sink, &keys::SPACES);
        return None;
    };
    let path = t.key_path("spaces");
    let DeValue::Array(arr) = v.get_ref() else {
        wrong_type(
            sink,
            &path,
            v,
            "an array of runs, like [{ symbol = \"ray-gun\", count = 5 }]",
        );
        return None;
    };
    if arr.is_empty() {
        sink.error(
            &v.span(),
            format!("{path}: a card has one numbered space at least"),
        );
        return None;
    }
    let mut runs = Vec::new();
    let mut ok = true;
    for (i, rv) in arr.iter().enumerate() {
        let Some(rt) = Tbl::of(format!("{path}[{i}]"), rv, sink) else {
            ok = false;
            continue;
        };
        rt.check_keys(sink, &keys::RUN);
        let symbol = rt.word(sink, &keys::SYMBOL, SYMBOL_WORDS);
        let count = rt.int(sink, &keys::COUNT);
        match (symbol, count) {
            (Some(symbol), Some(count)) => runs.push(Run { symbol, count }),
            _ => ok = false,
        }
    }
    let total: u32 = runs.iter().map(|r| u32::from(r.count)).sum();
    if total > u32::from(MAX_SPACES) {
        sink.error(
            &v.span(),
            format!("{path}: {total} numbered spaces; a card has at most {MAX_SPACES}"),
        );
        return None;
    }
    ok.then_some(runs)
}

fn read_rule(sink: &mut Sink, path: String, v: &Value) -> Option<(Rule, Option<String>)> {
    let t = Tbl::of(path, v, sink)?;
    t.check_keys(sink, &keys::SPECIAL);
    let kind = t.word(sink, &keys::RULE_KIND, RULE_WORDS);
    let count = t.int(sink, &keys::RULE_COUNT);
    let text = match t.get(keys::RULE_TEXT.name) {
        None => Some(None),
        Some(tv) => {
            let SchemaKind::Text {
                max_chars,
                non_blank,
            } = keys::RULE_TEXT.value
            else {
                unreachable!("text is a text key")
            };
            read_text(sink, &t.key_path("text"), tv, max_chars, non_blank).map(Some)
        }
    };
    let (kind, count, text) = (kind?, count?, text?);
    if kind == 0 && t.get(keys::RULE_COUNT.name).is_some() {
        sink.error(
            &t.get(keys::RULE_COUNT.name)
                .map_or(t.span.clone(), |c| c.span()),
            format!("{}.count: extra-turn takes no count", t.path),
        );
        return None;
    }
    let rule = match kind {
        0 => Rule::ExtraTurn,
        1 => Rule::SetDice(count),
        _ => Rule::NukedFirst(count),
    };
    Some((rule, text))
}

#[cfg(test)]
mod tests {
    use super::*;

    const CITY: &str = "[[locations]]\nname = \"C{n}\"\nkind = \"city\"\n\
                        spaces = [{ symbol = \"ray-gun\", count = 3 }]\nvp = 1\n";

    fn deck_with(extra: &str) -> String {
        let mut s = String::from("name = \"t\"\n");
        for n in 0..8 {
            s.push_str(&CITY.replace("{n}", &n.to_string()));
        }
        s.push_str(extra);
        s
    }

    fn errors(text: &str) -> Vec<String> {
        parse_dice_deck("d.toml", text)
            .expect_err("the deck should be refused")
            .iter()
            .map(|d| d.to_string())
            .collect()
    }

    #[test]
    fn the_stand_in_deck_has_29_locations_and_the_three_rules_of_s2() {
        let d = stand_in_deck();
        assert_eq!(d.locations.len(), crate::card::PRINTED_LOCATIONS);
        assert_eq!(d.difficulty, DifficultyCard { easy: 2, hard: 1 });
        let rule = |n: &str| d.locations[d.find(n).unwrap()].rule;
        assert_eq!(rule("Indianapolis"), Some(Rule::ExtraTurn)); // S2
        assert_eq!(rule("Seattle"), Some(Rule::SetDice(1))); // S2
        assert_eq!(rule("Las Vegas"), Some(Rule::NukedFirst(2))); // S2
        for l in &d.locations {
            assert!(l.nukes <= 2, "{}", l.name); // S2: 0 to 2 Nuke symbols
            if l.kind == Kind::City {
                assert!((3..=12).contains(&l.requirement()), "{}", l.name); // S2
            }
        }
        let cleveland = &d.locations[d.find("Cleveland").unwrap()];
        assert_eq!(cleveland.needs(), "4 Ray Guns then 2 Nukes");
        assert!(STAND_IN_TEXT.contains("NOT THE PRINTED ONE"));
    }

    #[test]
    fn a_small_deck_reads() {
        let d = parse_dice_deck("d.toml", &deck_with("")).unwrap();
        assert_eq!(d.locations.len(), 8);
        assert_eq!(d.max_players(), 2);
    }

    #[test]
    fn every_error_names_its_line_and_column() {
        // A VP out of range: line 5 of the first card is `vp = 1`; make it 99.
        let text = deck_with("").replacen("vp = 1", "vp = 99", 1);
        let e = errors(&text);
        assert_eq!(e.len(), 1, "{e:?}");
        assert!(e[0].starts_with("d.toml:6:6: locations[0].vp"), "{e:?}");
        // An unknown symbol, with a suggestion.
        let text = deck_with("").replacen("\"ray-gun\"", "\"raygun\"", 1);
        let e = errors(&text);
        assert!(
            e[0].starts_with("d.toml:5:22: locations[0].spaces[0].symbol"),
            "{e:?}"
        );
        assert!(e[0].contains("did you mean \"ray-gun\""), "{e:?}");
        // An unknown key.
        let e = errors(&deck_with(
            "[[locations]]\nname = \"X\"\nkind = \"city\"\nspaces = [{ symbol = \"nuke\", count = 2 }]\nvp = 1\nnukse = 1\n",
        ));
        assert!(
            e[0].starts_with("d.toml:47:1: locations[8].nukse: unknown key"),
            "{e:?}"
        );
        // A monument that needs Ray Guns, a missing kind, two cards of one name.
        let e = errors(&deck_with(
            "[[locations]]\nname = \"M\"\nkind = \"monument\"\nspaces = [{ symbol = \"ray-gun\", count = 2 }]\nvp = 1\n",
        ));
        assert!(e[0].contains("a monument's spaces show Martians"), "{e:?}");
        let e = errors(&deck_with(
            "[[locations]]\nname = \"C1\"\nkind = \"city\"\nspaces = [{ symbol = \"nuke\", count = 2 }]\nvp = 1\n",
        ));
        assert!(e[0].contains("\"C1\" names another location too"), "{e:?}");
        let e = errors(&deck_with(
            "[[locations]]\nname = \"Y\"\nspaces = [{ symbol = \"nuke\", count = 2 }]\nvp = 1\n",
        ));
        assert!(
            e[0].contains("locations[8]: missing required key \"kind\""),
            "{e:?}"
        );
        // Too few cards, a bad rule, and TOML that does not parse.
        let e = errors("name = \"t\"\nlocations = []\n");
        assert!(e[0].starts_with("d.toml:2:13: locations: 0 given"), "{e:?}");
        let e = errors(&deck_with(
            "[[locations]]\nname = \"R\"\nkind = \"city\"\nspaces = [{ symbol = \"nuke\", count = 2 }]\nvp = 1\nrule = { kind = \"extra-turn\", count = 2 }\n",
        ));
        assert!(e[0].contains("extra-turn takes no count"), "{e:?}");
        let e = errors("name = \n");
        assert!(e[0].starts_with("d.toml:1:"), "{e:?}");
        assert!(e[0].contains("TOML syntax error"), "{e:?}");
    }

    #[test]
    fn a_missing_or_oversized_file_is_refused_with_its_name() {
        let e = load_dice_deck(Path::new("/nonexistent/deck.toml")).unwrap_err();
        assert!(
            e[0].to_string()
                .starts_with("/nonexistent/deck.toml:1:1: cannot read")
        );
    }
}
