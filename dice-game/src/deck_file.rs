//! The deck file reader of Mars Attacks: The Dice Game (`cards/dice-game.toml`, format in
//! `docs/dice-game.md`, keys in [`crate::deck_keys`]): every problem reported as
//! `file:line:column: message`, like scenario and deck files, and nothing half-read.

use std::ops::Range;
use std::path::Path;
use std::sync::{Arc, OnceLock};

use serde_spanned::Spanned;
use toml::de::{DeTable, DeValue};

use file_check::table::{Style, Tbl};
use file_check::value::{NotAWord, Value, read_key_text, wrong_type};
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

/// How the dice-game deck's tables word what is found in them: keys written whole in
/// paths, the keys of a table listed with every unknown key, a missing key said by its
/// description in [`crate::deck_keys`].
const STYLE: Style = Style {
    key_chars: None,
    list_keys_with_suggestion: true,
    places: &[],
    not_a_word: NotAWord::Words,
};

const KIND_WORDS: &[(&str, Kind)] = &[("city", Kind::City), ("monument", Kind::Monument)];
const SYMBOL_WORDS: &[(&str, Symbol)] = &[
    ("ray-gun", Symbol::RayGun),
    ("martian", Symbol::Martian),
    ("nuke", Symbol::Nuke),
];
/// The rule kinds; `true` when the rule takes a count.
const RULE_WORDS: &[(&str, u8)] = &[("extra-turn", 0), ("set-dice", 1), ("nuked-first", 2)];

fn read_deck(sink: &mut Sink, doc: &Spanned<DeTable>) -> Option<Deck> {
    let root = Tbl::root(doc, Some(&keys::ROOT), &STYLE);
    root.check_keys(sink);
    let name = root.text(sink, &keys::NAME, keys::NAME.doc);
    let difficulty = match root.get(keys::DIFFICULTY.name) {
        None => Some(DifficultyCard::default()),
        Some(v) => {
            Tbl::of(sink, "difficulty", v, Some(&keys::DIFFICULTY_CARD), &STYLE).and_then(|t| {
                t.check_keys(sink);
                let easy = t.int(sink, &keys::EASY, keys::EASY.doc);
                let hard = t.int(sink, &keys::HARD, keys::HARD.doc);
                Some(DifficultyCard {
                    easy: easy?,
                    hard: hard?,
                })
            })
        }
    };
    let Some(list_v) = root.get(keys::LOCATIONS.name) else {
        root.missing(sink, keys::LOCATIONS.name, keys::LOCATIONS.doc);
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
        let Some(t) = Tbl::of(sink, &path, v, Some(&keys::LOCATION), &STYLE) else {
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
    t.check_keys(sink);
    let name = t.text(sink, &keys::LOCATION_NAME, keys::LOCATION_NAME.doc);
    let kind = t.word(sink, &keys::KIND, keys::KIND.doc, KIND_WORDS);
    let vp = t.int(sink, &keys::VP, keys::VP.doc);
    let nukes = t.int(sink, &keys::NUKES, keys::NUKES.doc);
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
        t.missing(sink, keys::SPACES.name, keys::SPACES.doc);
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
        let Some(rt) = Tbl::of(sink, &format!("{path}[{i}]"), rv, Some(&keys::RUN), &STYLE) else {
            ok = false;
            continue;
        };
        rt.check_keys(sink);
        let symbol = rt.word(sink, &keys::SYMBOL, keys::SYMBOL.doc, SYMBOL_WORDS);
        let count = rt.int(sink, &keys::COUNT, keys::COUNT.doc);
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
    let t = Tbl::of(sink, &path, v, Some(&keys::SPECIAL), &STYLE)?;
    t.check_keys(sink);
    let kind = t.word(sink, &keys::RULE_KIND, keys::RULE_KIND.doc, RULE_WORDS);
    let count = t.int(sink, &keys::RULE_COUNT, keys::RULE_COUNT.doc);
    let text = match t.get(keys::RULE_TEXT.name) {
        None => Some(None),
        Some(tv) => read_key_text(sink, &t.key_path("text"), tv, &keys::RULE_TEXT).map(Some),
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
