//! docs/bot-protocol.md against the engine: the table of typed events names every type
//! the engine writes with exactly its fields, and every project ruling the page cites is
//! a link to its entry in docs/rulings.md.

use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};

use crate::common;

use mars_attacks::bot::exec::events::happened_seen_by;
use mars_attacks::bot::game::JournalEntry;
use mars_attacks::rules::Side;
use mars_attacks::sim::game_streamed;

fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).to_path_buf()
}

fn doc(name: &str) -> String {
    std::fs::read_to_string(root().join("docs").join(name)).unwrap()
}

/// The table of typed events in docs/bot-protocol.md: each type with its fields.
fn documented_events() -> BTreeMap<String, BTreeSet<String>> {
    let page = doc("bot-protocol.md");
    let section = page
        .split("\n## Typed events\n")
        .nth(1)
        .and_then(|s| s.split("\n## ").next())
        .expect("the page has its typed events");
    let mut out = BTreeMap::new();
    for line in section.lines().filter(|l| l.starts_with("| `")) {
        let cells = common::markdown_cells(line);
        let name = cells[0].trim_matches('`').to_string();
        let fields = cells[1]
            .split(", ")
            .filter(|f| f.starts_with('`'))
            .map(|f| f.trim_matches('`').to_string())
            .collect();
        out.insert(name, fields);
    }
    out
}

/// The variants of `EventInfo` in the engine's source, as serde names them (snake case),
/// with their fields.
fn source_events() -> BTreeMap<String, BTreeSet<String>> {
    let src = std::fs::read_to_string(root().join("skirmish-ai/src/bot/exec/events.rs")).unwrap();
    let body = src
        .split("pub enum EventInfo {")
        .nth(1)
        .and_then(|s| s.split("\n}\n").next())
        .unwrap();
    let mut out = BTreeMap::new();
    let mut current: Option<String> = None;
    for line in body.lines() {
        let trimmed = line.trim();
        if line.starts_with("    ") && !line.starts_with("     ") {
            let name: String = trimmed
                .trim_end_matches(" {")
                .trim_end_matches(',')
                .to_string();
            if name.chars().next().is_some_and(|c| c.is_ascii_uppercase()) {
                let mut snake = String::new();
                for (i, c) in name.chars().enumerate() {
                    if c.is_ascii_uppercase() && i > 0 {
                        snake.push('_');
                    }
                    snake.push(c.to_ascii_lowercase());
                }
                out.insert(snake.clone(), BTreeSet::new());
                current = Some(snake);
            }
        } else if line.starts_with("        ")
            && let (Some(cur), Some((field, _))) = (&current, trimmed.split_once(':'))
            && !trimmed.starts_with("//")
        {
            out.get_mut(cur).unwrap().insert(field.to_string());
        }
    }
    out
}

#[test]
fn the_event_table_names_every_type_with_its_fields() {
    let documented = documented_events();
    let source = source_events();
    assert!(
        source.len() > 50,
        "the engine's events were read: {source:?}"
    );
    assert_eq!(
        documented, source,
        "docs/bot-protocol.md's table of typed events"
    );

    // And what the engine writes in real games: every event of seeded games on every
    // shipped scenario has a documented type and exactly its documented fields.
    let mut seen = BTreeSet::new();
    for (name, scenario) in common::shipped_scenarios() {
        for seed in 0..3 {
            let mut journal = Vec::new();
            let mut pick = mars_attacks::rules::rng_from_seed(seed + 77);
            game_streamed(
                &scenario,
                seed,
                5_000,
                |_, legal| {
                    use rand::Rng;
                    Some(legal[pick.random_range(0..legal.len())])
                },
                |before, action, events| {
                    journal.push(JournalEntry {
                        by: before.to_move().unwrap_or(Side::Humans),
                        action,
                        events: events.to_vec(),
                    });
                    std::ops::ControlFlow::Continue(())
                },
            );
            for side in Side::BOTH {
                for h in happened_seen_by(side, &journal) {
                    for e in serde_json::to_value(&h.events).unwrap().as_array().unwrap() {
                        let kind = e["type"].as_str().unwrap().to_string();
                        let fields: BTreeSet<String> = e
                            .as_object()
                            .unwrap()
                            .keys()
                            .filter(|k| *k != "type")
                            .cloned()
                            .collect();
                        assert_eq!(
                            documented.get(&kind),
                            Some(&fields),
                            "{name}: the event {e} as documented"
                        );
                        seen.insert(kind);
                    }
                }
            }
        }
    }
    assert!(seen.len() >= 20, "random games show most kinds: {seen:?}");
}

#[test]
fn every_project_ruling_the_protocol_cites_links_to_its_entry() {
    let page = doc("bot-protocol.md");
    let rulings = doc("rulings.md");
    let mut in_code = false;
    let mut cited = 0;
    for (n, line) in page.lines().enumerate() {
        if line.starts_with("```") {
            in_code = !in_code;
            continue;
        }
        if in_code {
            continue;
        }
        // Outside code spans, a ruling P<n> is written as a link to its anchor.
        for (i, part) in line.split('`').enumerate() {
            if i % 2 == 1 {
                continue;
            }
            let bytes = part.as_bytes();
            for (at, _) in part.match_indices('P') {
                let digits: String = part[at + 1..]
                    .chars()
                    .take_while(|c| c.is_ascii_digit())
                    .collect();
                let word_start = at == 0 || !bytes[at - 1].is_ascii_alphanumeric();
                if digits.is_empty() || !word_start {
                    continue;
                }
                let link = format!("[P{digits}](rulings.md#p{digits})");
                assert!(
                    part[at.saturating_sub(1)..].starts_with(&link),
                    "line {}: P{digits} is cited without a link: {line}",
                    n + 1
                );
                assert!(
                    rulings.contains(&format!("<a id=\"p{digits}\"></a>**P{digits}. ")),
                    "line {}: docs/rulings.md has no entry P{digits}",
                    n + 1
                );
                cited += 1;
            }
        }
    }
    assert!(cited > 20, "the page cites the rulings: {cited}");
}
