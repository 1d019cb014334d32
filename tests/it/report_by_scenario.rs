//! `report` splits head-to-head results by scenario when a pairing met on more than one:
//! in the text, in `pairings.csv` (a row a scenario after the pairing's row over all its
//! games) and on the page.

use crate::common::arena_record;

use mars_attacks::arena::report::{pairings_csv, report_html, write_text};
use mars_attacks::arena::summary::summarize;
use mars_attacks::arena::{Reason, Winner};

#[test]
fn head_to_head_results_are_split_by_scenario() {
    // A against B: on S, A wins 3 of 4; on T, 1 of 2 (a draw in the other).
    let mut records = Vec::new();
    for (i, (scenario, winner)) in [
        ("S", Some(Winner::Humans)),
        ("S", Some(Winner::Humans)),
        ("S", Some(Winner::Humans)),
        ("S", Some(Winner::Martians)),
        ("T", Some(Winner::Humans)),
        ("T", None),
    ]
    .into_iter()
    .enumerate()
    {
        let reason = if winner.is_some() {
            Reason::VpTarget
        } else {
            Reason::Draw
        };
        let mut r = arena_record(
            &format!("{scenario}/A-vs-B/{i}"),
            "A",
            "B",
            winner,
            reason,
            3,
        );
        r.scenario = scenario.into();
        r.scenario_file = format!("{}.toml", scenario.to_lowercase());
        r.game = i as u32;
        records.push(r);
    }
    let s = summarize(&records);
    let csv = pairings_csv(&s);
    let rows: Vec<Vec<&str>> = csv.lines().map(|l| l.split(',').collect()).collect();
    assert_eq!(&rows[0][..4], ["scenario", "first", "second", "games"]);
    let wins = |row: &[&str]| {
        (
            row[0].to_string(),
            row[3].to_string(),
            row[4].to_string(),
            row[5].to_string(),
        )
    };
    assert_eq!(
        wins(&rows[1]),
        ("all".into(), "6".into(), "4".into(), "1".into())
    );
    assert_eq!(
        wins(&rows[2]),
        ("S".into(), "4".into(), "3".into(), "0".into())
    );
    assert_eq!(
        wins(&rows[3]),
        ("T".into(), "2".into(), "1".into(), "1".into())
    );
    assert_eq!(rows.len(), 4);
    let mut text = Vec::new();
    write_text(&s, &mut text).unwrap();
    let text = String::from_utf8(text).unwrap();
    assert!(text.contains("  on S: 4 games, 3-0-1"), "{text}");
    assert!(text.contains("  on T: 2 games, 1-1-0"), "{text}");
    let html = report_html(&s, &[]).unwrap();
    assert!(html.contains("on S</td><td>4</td><td>3</td>"), "{html}");
    // One scenario: no split.
    let one = summarize(&records[..4]);
    assert_eq!(pairings_csv(&one).lines().count(), 2);
}
