//! A summary as text for the terminal, and as a report directory for a browser: a
//! self-contained `index.html` with SVG charts drawn by plotters, and CSV tables.

use std::fmt::Write as _;
use std::io::{self, Write};
use std::path::Path;

use super::record::{Reason, Record};
use super::summary::{BOOTSTRAP_SAMPLES, Rate, Summary};
use file_check::staged::{FileKind, StagedFiles, WriteError};

pub use super::chart_error::ChartError;
pub use super::report_charts::{length_chart, rating_chart, side_chart, vp_chart};

fn pct(r: &Rate) -> String {
    format!(
        "{:5.1}%  [{:5.1}%, {:5.1}%]",
        100.0 * r.rate,
        100.0 * r.low,
        100.0 * r.high
    )
}

/// Writes the summary as text.
pub fn write_text(s: &Summary, out: &mut dyn Write) -> io::Result<()> {
    for sc in &s.scenarios {
        let done = sc.games - sc.failed;
        writeln!(
            out,
            "{} ({}): {} games finished{}",
            sc.scenario,
            sc.file,
            done,
            if sc.failed > 0 {
                format!(", {} failed", sc.failed)
            } else {
                String::new()
            }
        )?;
        writeln!(out, "  side       wins   share   95% interval")?;
        writeln!(out, "  Humans   {:6}  {}", sc.humans.count, pct(&sc.humans))?;
        writeln!(
            out,
            "  Martians {:6}  {}",
            sc.martians.count,
            pct(&sc.martians)
        )?;
        writeln!(out, "  draws    {:6}  {}", sc.draws.count, pct(&sc.draws))?;
        writeln!(
            out,
            "  length: Round {:.2} on average (sd {:.2}, {}-{}); {:.0} decisions (sd {:.0})",
            sc.rounds.mean,
            sc.rounds.sd,
            sc.rounds.min,
            sc.rounds.max,
            sc.decisions.mean,
            sc.decisions.sd
        )?;
        let reasons: Vec<String> = sc
            .reasons
            .iter()
            .filter(|(_, n)| *n > 0)
            .map(|(why, n)| {
                format!(
                    "{} {} ({:.0}%)",
                    why.describe(),
                    n,
                    100.0 * f64::from(*n) / f64::from(done.max(1))
                )
            })
            .collect();
        writeln!(out, "  decided by: {}", reasons.join(", "))?;
        for (k, (side, by)) in [("Humans", &sc.humans_by), ("Martians", &sc.martians_by)]
            .into_iter()
            .enumerate()
        {
            let parts: Vec<String> = by
                .iter()
                .filter(|(_, n)| *n > 0)
                .map(|(why, n)| {
                    // A VP target reached: by what, mostly (kills, escapes, holding...).
                    let mostly: Vec<String> = sc
                        .vp_target_by
                        .iter()
                        .map(|(source, h, m)| (source, if k == 0 { *h } else { *m }))
                        .filter(|(_, c)| *c > 0)
                        .map(|(source, c)| format!("{source} {c}"))
                        .collect();
                    if *why == Reason::VpTarget && !mostly.is_empty() {
                        format!("{} {n} (mostly from {})", why.describe(), mostly.join(", "))
                    } else {
                        format!("{} {n}", why.describe())
                    }
                })
                .collect();
            if !parts.is_empty() {
                writeln!(out, "    {side} won by: {}", parts.join(", "))?;
            }
        }
        for b in &sc.endings {
            writeln!(
                out,
                "    {} ({} games): {}",
                b.reason.describe(),
                b.games,
                b.text()
            )?;
        }
        let used: Vec<&(&str, f64, f64)> = sc
            .vp_from
            .iter()
            .filter(|(_, h, m)| *h > 0.0 || *m > 0.0)
            .collect();
        if !used.is_empty() {
            let side = |pick: &dyn Fn(&(&str, f64, f64)) -> f64| {
                used.iter()
                    .map(|x| format!("{} {:.2}", x.0, pick(x)))
                    .collect::<Vec<_>>()
                    .join(", ")
            };
            writeln!(
                out,
                "  VP a game from: Humans {}; Martians {}",
                side(&|x| x.1),
                side(&|x| x.2)
            )?;
        }
    }
    if !s.players.is_empty() {
        let width = s
            .players
            .iter()
            .map(|p| p.player.len())
            .max()
            .unwrap_or(6)
            .max(6);
        writeln!(
            out,
            "players (Elo-style rating, 95% interval from {BOOTSTRAP_SAMPLES} bootstrap resamples):"
        )?;
        writeln!(
            out,
            "  {:<width$}  {:>5} {:>5} {:>5} {:>6}  {:>6}  {:<13}  {:>13}  {:>13}  {:>6}",
            "player",
            "games",
            "wins",
            "draws",
            "losses",
            "rating",
            "95% interval",
            "as Humans",
            "as Martians",
            "itself"
        )?;
        for p in &s.players {
            writeln!(
                out,
                "  {:<width$}  {:>5} {:>5} {:>5} {:>6}  {:>6.0}  [{:>4.0}, {:>4.0}]  {:>13}  {:>13}  {:>6}",
                p.player,
                p.games,
                p.wins,
                p.draws,
                p.losses,
                p.elo,
                p.elo_low,
                p.elo_high,
                format!("{}/{}", p.as_humans.count, p.as_humans.of),
                format!("{}/{}", p.as_martians.count, p.as_martians.of),
                p.mirror_games,
            )?;
        }
    }
    for p in &s.pairings {
        writeln!(
            out,
            "{} vs {}: {} games, {}-{}-{} (wins-draws-losses), score {:.3} [{:.3}, {:.3}]; \
             {} won {} as Humans and {} as Martians, {} {} and {}",
            p.first,
            p.second,
            p.games,
            p.first_wins,
            p.draws,
            p.second_wins,
            p.first_score,
            p.first_low,
            p.first_high,
            p.first,
            p.first_wins_as.0,
            p.first_wins_as.1,
            p.second,
            p.second_wins_as.0,
            p.second_wins_as.1
        )?;
        if let Some(l) = p.luck_adjusted {
            writeln!(
                out,
                "  luck-adjusted score {:.3} [{:.3}, {:.3}] over {} games",
                l.score, l.low, l.high, l.games
            )?;
        }
        // Scenario by scenario, when the pairing met on more than one.
        for (scenario, q) in pairing_by_scenario(s, p) {
            writeln!(
                out,
                "  on {scenario}: {} games, {}-{}-{}, score {:.3} [{:.3}, {:.3}]",
                q.games,
                q.first_wins,
                q.draws,
                q.second_wins,
                q.first_score,
                q.first_low,
                q.first_high
            )?;
            if let Some(l) = q.luck_adjusted {
                writeln!(
                    out,
                    "    luck-adjusted {:.3} [{:.3}, {:.3}]",
                    l.score, l.low, l.high
                )?;
            }
        }
    }
    super::sequential::write_text(&s.verdicts, &s.paired, out)?;
    if let Some(race) = &s.race {
        super::race::write_text(race, out)?;
    }
    for f in &s.failures {
        writeln!(
            out,
            "failed: {} (game seed {}): {}: {}",
            f.id, f.game_seed, f.status, f.error
        )?;
    }
    let unlisted = s.failed as usize - s.failures.len();
    if unlisted > 0 {
        writeln!(
            out,
            "failed: {unlisted} more game(s), {} in all (each with its whole error in the results \
             file and in a report's games.csv)",
            s.failed
        )?;
    }
    Ok(())
}

/// A cell as written to CSV: text that a spreadsheet would run as a formula (starting
/// with `=`, `+`, `-`, `@`, a tab or a carriage return) gets a leading `'`, so a scenario
/// or player name cannot smuggle a formula into the sheet. Numbers (`-3.5`) stay numbers.
fn neutralize(field: &str) -> std::borrow::Cow<'_, str> {
    let risky = field.starts_with(['=', '+', '-', '@', '\t', '\r']);
    if risky && field.trim().parse::<f64>().is_err() {
        format!("'{field}").into()
    } else {
        field.into()
    }
}

/// One CSV row (quoted as the csv crate quotes), its cells neutralized, ending in `\n`.
fn csv_row(fields: &[String]) -> String {
    let mut w = csv::WriterBuilder::new()
        .terminator(csv::Terminator::Any(b'\n'))
        .from_writer(Vec::new());
    w.write_record(fields.iter().map(|f| neutralize(f).into_owned()))
        .expect("writing to memory cannot fail");
    let bytes = w.into_inner().expect("writing to memory cannot fail");
    String::from_utf8(bytes).expect("the cells are UTF-8")
}

/// The first row of the CSV table of games.
pub fn games_csv_header() -> String {
    csv_row(
        &[
            "id",
            "scenario",
            "game",
            "game_seed",
            "humans",
            "martians",
            "status",
            "winner",
            "reason",
            "humans_vp",
            "martians_vp",
            "rounds",
            "decisions",
            "seconds",
            "error",
        ]
        .map(String::from),
    )
}

/// A game's row in the CSV table of games.
pub fn games_csv_row(r: &Record) -> String {
    csv_row(&[
        r.id.clone(),
        r.scenario.clone(),
        r.game.to_string(),
        r.game_seed.to_string(),
        r.humans.clone(),
        r.martians.clone(),
        format!("{:?}", r.status).to_lowercase(),
        r.winner
            .map(|w| format!("{w:?}").to_lowercase())
            .unwrap_or_default(),
        r.reason.map(|w| w.name().to_string()).unwrap_or_default(),
        r.vp.humans.to_string(),
        r.vp.martians.to_string(),
        r.rounds.to_string(),
        r.decisions.to_string(),
        format!("{:.3}", r.seconds),
        r.error.clone().unwrap_or_default(),
    ])
}

/// The CSV table of sides, one row per scenario.
pub fn sides_csv(s: &Summary) -> String {
    let mut head = vec!["scenario", "games", "failed"]
        .into_iter()
        .map(String::from)
        .collect::<Vec<_>>();
    for side in ["humans", "martians", "draws"] {
        for col in ["", "_rate", "_low", "_high"] {
            head.push(format!("{side}{col}"));
        }
    }
    head.extend(["rounds_mean", "rounds_sd", "decisions_mean", "decisions_sd"].map(String::from));
    head.extend(Reason::ALL.iter().map(|r| r.name().to_string()));
    // Each side's wins by what decided them, then its mean VP a game by source.
    for side in ["humans", "martians"] {
        head.extend(
            Reason::WINS
                .iter()
                .map(|r| format!("{side}_by_{}", r.name())),
        );
    }
    let sources: Vec<&str> = s
        .scenarios
        .first()
        .map(|sc| sc.vp_from.iter().map(|(k, ..)| *k).collect())
        .unwrap_or_default();
    for side in ["humans", "martians"] {
        head.extend(sources.iter().map(|k| format!("{side}_vp_{k}")));
    }
    let mut out = csv_row(&head);
    for sc in &s.scenarios {
        let mut row = vec![
            sc.scenario.clone(),
            sc.games.to_string(),
            sc.failed.to_string(),
        ];
        for r in [&sc.humans, &sc.martians, &sc.draws] {
            row.push(r.count.to_string());
            row.push(format!("{:.4}", r.rate));
            row.push(format!("{:.4}", r.low));
            row.push(format!("{:.4}", r.high));
        }
        row.push(format!("{:.3}", sc.rounds.mean));
        row.push(format!("{:.3}", sc.rounds.sd));
        row.push(format!("{:.1}", sc.decisions.mean));
        row.push(format!("{:.1}", sc.decisions.sd));
        row.extend(sc.reasons.iter().map(|(_, n)| n.to_string()));
        for by in [&sc.humans_by, &sc.martians_by] {
            row.extend(by.iter().map(|(_, n)| n.to_string()));
        }
        row.extend(sc.vp_from.iter().map(|(_, h, _)| format!("{h:.3}")));
        row.extend(sc.vp_from.iter().map(|(_, _, m)| format!("{m:.3}")));
        out += &csv_row(&row);
    }
    out
}

/// The CSV table of players.
pub fn players_csv(s: &Summary) -> String {
    let mut out = csv_row(
        &[
            "player",
            "games",
            "wins",
            "draws",
            "losses",
            "elo",
            "elo_low",
            "elo_high",
            "wins_as_humans",
            "games_as_humans",
            "wins_as_martians",
            "games_as_martians",
        ]
        .map(String::from),
    );
    for p in &s.players {
        out += &csv_row(&[
            p.player.clone(),
            p.games.to_string(),
            p.wins.to_string(),
            p.draws.to_string(),
            p.losses.to_string(),
            format!("{:.1}", p.elo),
            format!("{:.1}", p.elo_low),
            format!("{:.1}", p.elo_high),
            p.as_humans.count.to_string(),
            p.as_humans.of.to_string(),
            p.as_martians.count.to_string(),
            p.as_martians.of.to_string(),
        ]);
    }
    out
}

/// The CSV table of pairings: each pairing over all its games (`scenario` is `all`), then,
/// when it met on more than one scenario, scenario by scenario.
pub fn pairings_csv(s: &Summary) -> String {
    let mut out = csv_row(
        &[
            "scenario",
            "first",
            "second",
            "games",
            "first_wins",
            "draws",
            "second_wins",
            "first_score",
            "first_low",
            "first_high",
            "first_wins_as_humans",
            "first_wins_as_martians",
            "second_wins_as_humans",
            "second_wins_as_martians",
        ]
        .map(String::from),
    );
    let row = |scenario: &str, p: &super::summary::PairingSummary| {
        csv_row(&[
            scenario.to_string(),
            p.first.clone(),
            p.second.clone(),
            p.games.to_string(),
            p.first_wins.to_string(),
            p.draws.to_string(),
            p.second_wins.to_string(),
            format!("{:.4}", p.first_score),
            format!("{:.4}", p.first_low),
            format!("{:.4}", p.first_high),
            p.first_wins_as.0.to_string(),
            p.first_wins_as.1.to_string(),
            p.second_wins_as.0.to_string(),
            p.second_wins_as.1.to_string(),
        ])
    };
    for p in &s.pairings {
        out += &row("all", p);
        for (scenario, q) in pairing_by_scenario(s, p) {
            out += &row(scenario, q);
        }
    }
    out
}

/// A pairing's results scenario by scenario, when it met on more than one.
fn pairing_by_scenario<'a>(
    s: &'a Summary,
    p: &super::summary::PairingSummary,
) -> Vec<(&'a str, &'a super::summary::PairingSummary)> {
    let on: Vec<(&str, &super::summary::PairingSummary)> = s
        .pairings_by_scenario
        .iter()
        .filter(|(_, q)| q.first == p.first && q.second == p.second)
        .map(|(scenario, q)| (scenario.as_str(), q))
        .collect();
    if on.len() > 1 { on } else { Vec::new() }
}

fn html_escape(s: &str) -> String {
    s.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
        .replace('"', "&quot;")
}

/// The report page: tables and charts, no outside resources.
pub fn report_html(s: &Summary, sources: &[String]) -> Result<String, ChartError> {
    let mut h = String::new();
    let e = html_escape;
    h += "<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\">\
          <title>mars-attacks arena report</title><style>\
          body{font-family:sans-serif;max-width:1300px;margin:1em auto;padding:0 1em;color:#222}\
          table{border-collapse:collapse;margin:.5em 0 1em}td,th{border:1px solid #bbb;\
          padding:.2em .6em;text-align:right}th{background:#eee}td:first-child,th:first-child\
          {text-align:left}.charts{display:flex;flex-wrap:wrap;gap:1em}.note{color:#555}\
          </style></head><body>\n";
    let _ = writeln!(h, "<h1>Arena report</h1>");
    let _ = writeln!(
        h,
        "<p class=\"note\">{} game records from {}. Intervals are Wilson 95% intervals; \
         ratings are Bradley-Terry maximum likelihood on the Elo scale (mean 1500), with \
         95% intervals from {BOOTSTRAP_SAMPLES} bootstrap resamples. Tables as CSV: \
         <a href=\"games.csv\">games</a>, <a href=\"sides.csv\">sides</a>, \
         <a href=\"players.csv\">players</a>, <a href=\"pairings.csv\">pairings</a>.</p>",
        s.games,
        e(&sources.join(", "))
    );
    for sc in &s.scenarios {
        let _ = writeln!(
            h,
            "<h2>{} <small>({})</small></h2>",
            e(&sc.scenario),
            e(&sc.file)
        );
        let done = sc.games - sc.failed;
        let _ = writeln!(
            h,
            "<p>{done} finished games{}. Games end in Round {:.2} on average (sd {:.2}, \
             {} to {}) after {:.0} decisions.</p>",
            if sc.failed > 0 {
                format!(" and {} failed", sc.failed)
            } else {
                String::new()
            },
            sc.rounds.mean,
            sc.rounds.sd,
            sc.rounds.min,
            sc.rounds.max,
            sc.decisions.mean
        );
        h += "<table><tr><th>side</th><th>wins</th><th>share</th><th>95% interval</th></tr>";
        for (name, r) in [
            ("Humans", &sc.humans),
            ("Martians", &sc.martians),
            ("draws", &sc.draws),
        ] {
            let _ = write!(
                h,
                "<tr><td>{name}</td><td>{}</td><td>{:.1}%</td><td>{:.1}% to {:.1}%</td></tr>",
                r.count,
                100.0 * r.rate,
                100.0 * r.low,
                100.0 * r.high
            );
        }
        h += "</table>\n<table><tr><th>decided by</th><th>games</th><th>Humans won</th>\
              <th>Martians won</th></tr>";
        for (why, n) in &sc.reasons {
            let of = |by: &[(Reason, u32)]| {
                by.iter()
                    .find(|(w, _)| w == why)
                    .map_or("".to_string(), |(_, k)| k.to_string())
            };
            let _ = write!(
                h,
                "<tr><td>{}</td><td>{n}</td><td>{}</td><td>{}</td></tr>",
                why.describe(),
                of(&sc.humans_by),
                of(&sc.martians_by)
            );
        }
        if !sc.endings.is_empty() {
            h += "</table>\n<table><tr><th>how it ended</th><th>games</th><th>by what</th>\
                  <th>in Round</th><th>where</th></tr>";
            for b in &sc.endings {
                let list = |v: &[(String, u32)]| {
                    v.iter()
                        .map(|(k, n)| format!("{}: {n}", html_escape(k)))
                        .collect::<Vec<_>>()
                        .join(", ")
                };
                let rounds: Vec<String> =
                    b.rounds.iter().map(|(r, n)| format!("{r}: {n}")).collect();
                let _ = write!(
                    h,
                    "<tr><td>{}</td><td>{}</td><td>{}</td><td>{}</td><td>{}</td></tr>",
                    b.reason.describe(),
                    b.games,
                    list(&b.by),
                    rounds.join(", "),
                    list(&b.places)
                );
            }
        }
        h += "</table>\n<table><tr><th>VP a game from</th><th>Humans</th><th>Martians</th></tr>";
        for (name, hv, mv) in &sc.vp_from {
            let _ = write!(
                h,
                "<tr><td>{name}</td><td>{hv:.2}</td><td>{mv:.2}</td></tr>"
            );
        }
        h += "</table>\n<div class=\"charts\">";
        for chart in [side_chart(sc)?, length_chart(sc)?, vp_chart(sc)?] {
            h += "<div>";
            h += &chart;
            h += "</div>";
        }
        h += "</div>\n";
    }
    if !s.players.is_empty() {
        h += "<h2>Players</h2><table><tr><th>player</th><th>games</th><th>wins</th>\
              <th>draws</th><th>losses</th><th>rating</th><th>95% interval</th>\
              <th>wins as Humans</th><th>wins as Martians</th></tr>";
        for p in &s.players {
            let _ = write!(
                h,
                "<tr><td>{}</td><td>{}</td><td>{}</td><td>{}</td><td>{}</td><td>{:.0}</td>\
                 <td>{:.0} to {:.0}</td><td>{}/{}</td><td>{}/{}</td></tr>",
                e(&p.player),
                p.games,
                p.wins,
                p.draws,
                p.losses,
                p.elo,
                p.elo_low,
                p.elo_high,
                p.as_humans.count,
                p.as_humans.of,
                p.as_martians.count,
                p.as_martians.of
            );
        }
        h += "</table>\n";
        if s.players.len() > 1 {
            h += "<div class=\"charts\"><div>";
            h += &rating_chart(s)?;
            h += "</div></div>\n";
        }
    }
    if !s.pairings.is_empty() {
        h += "<h2>Head to head</h2><table><tr><th>pairing</th><th>games</th><th>wins</th>\
              <th>draws</th><th>losses</th><th>score</th><th>95% interval</th>\
              <th>first's wins as Humans / Martians</th>\
              <th>second's wins as Humans / Martians</th></tr>";
        for p in &s.pairings {
            let _ = write!(
                h,
                "<tr><td>{} vs {}</td><td>{}</td><td>{}</td><td>{}</td><td>{}</td>\
                 <td>{:.3}</td><td>{:.3} to {:.3}</td><td>{} / {}</td><td>{} / {}</td></tr>",
                e(&p.first),
                e(&p.second),
                p.games,
                p.first_wins,
                p.draws,
                p.second_wins,
                p.first_score,
                p.first_low,
                p.first_high,
                p.first_wins_as.0,
                p.first_wins_as.1,
                p.second_wins_as.0,
                p.second_wins_as.1
            );
            for (scenario, q) in pairing_by_scenario(s, p) {
                let _ = write!(
                    h,
                    "<tr><td>&nbsp;&nbsp;on {}</td><td>{}</td><td>{}</td><td>{}</td><td>{}</td>\
                     <td>{:.3}</td><td>{:.3} to {:.3}</td><td>{} / {}</td><td>{} / {}</td></tr>",
                    e(scenario),
                    q.games,
                    q.first_wins,
                    q.draws,
                    q.second_wins,
                    q.first_score,
                    q.first_low,
                    q.first_high,
                    q.first_wins_as.0,
                    q.first_wins_as.1,
                    q.second_wins_as.0,
                    q.second_wins_as.1
                );
            }
        }
        h += "</table>\n";
    }
    if s.games_with_moves > 0 {
        let _ = write!(
            h,
            "<h2>Watching the games</h2><p>{} of the {} games were recorded with their \
             moves: <code>mars-attacks play --replay RESULTS ID</code> steps through one at \
             the table, and <code>mars-attacks position RESULTS ID --decision N</code> prints \
             what a bot was sent at one decision (the ids are in \
             <a href=\"games.csv\">games.csv</a>).</p>",
            s.games_with_moves, s.games
        );
    }
    if !s.failures.is_empty() {
        h += "<h2>Failed games</h2>";
        if s.failed as usize > s.failures.len() {
            let _ = write!(
                h,
                "<p class=\"note\">The first {} of {} failed games by id; \
                 <a href=\"games.csv\">games.csv</a> lists them all.</p>",
                s.failures.len(),
                s.failed
            );
        }
        h += "<table><tr><th>game</th><th>game seed</th><th>status</th>\
              <th>error</th></tr>";
        for f in &s.failures {
            let _ = write!(
                h,
                "<tr><td>{}</td><td>{}</td><td>{}</td><td>{}</td></tr>",
                e(&f.id),
                f.game_seed,
                e(&f.status),
                e(&f.error)
            );
        }
        h += "</table>\n";
    }
    h += "</body></html>\n";
    Ok(h)
}

/// The name of the CSV table of games in a report directory.
pub const GAMES_CSV: &str = "games.csv";

/// The CSV table of games, as a file a report may replace.
pub const GAMES_KIND: FileKind = FileKind::text("a table of arena games", "id,scenario,");

/// The report's other files, each with what it is and how it begins (`report --out DIR`
/// replaces a file of the report only if it is one).
const REPORT_FILES: [(&str, FileKind); 4] = [
    (
        "index.html",
        FileKind::text("an arena report page", "<!DOCTYPE html>"),
    ),
    (
        "sides.csv",
        FileKind::text("a table of sides", "scenario,games,failed"),
    ),
    (
        "players.csv",
        FileKind::text("a table of players", "player,games,wins"),
    ),
    (
        "pairings.csv",
        FileKind::text("a table of pairings", "scenario,first,second"),
    ),
];

/// Checks every file a report would write in `dir` (the folder, and each file of it that
/// is there already) before anything is read or written: a refusal names the first path
/// that may not be replaced.
pub fn check_report_folder(dir: &Path) -> Result<(), WriteError> {
    file_check::staged::check_output_folder(dir)?;
    if dir.is_dir() {
        file_check::staged::check_output(&dir.join(GAMES_CSV), GAMES_KIND)?;
        for (name, kind) in REPORT_FILES {
            file_check::staged::check_output(&dir.join(name), kind)?;
        }
    }
    Ok(())
}

/// Stages the report's files other than the table of games (written a game at a time by
/// whoever reads the games): `index.html` and the CSV tables of the summary.
pub fn stage_report(
    staged: &mut StagedFiles,
    dir: &Path,
    summary: &Summary,
    sources: &[String],
) -> Result<(), WriteError> {
    let html = report_html(summary, sources).map_err(|e| WriteError::Io {
        path: dir.join("index.html"),
        reason: e.to_string(),
        written: Vec::new(),
    })?;
    let texts = [
        html,
        sides_csv(summary),
        players_csv(summary),
        pairings_csv(summary),
    ];
    for ((name, kind), text) in REPORT_FILES.into_iter().zip(texts) {
        staged.write(&dir.join(name), kind, text.as_bytes())?;
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn row(cells: &[&str]) -> String {
        csv_row(&cells.iter().map(|c| c.to_string()).collect::<Vec<_>>())
    }

    #[test]
    fn formula_cells_are_neutralized_and_numbers_left_alone() {
        assert_eq!(
            row(&[
                "=1+2", "+44 20", "-x", "@SUM(A1)", "plain", "-3.5", "+7", "1500.0"
            ]),
            "'=1+2,'+44 20,'-x,'@SUM(A1),plain,-3.5,+7,1500.0\n"
        );
        // A tab or carriage return first is neutralized too; the carriage return also
        // makes the cell quoted.
        assert_eq!(row(&["\tcmd", "\rcmd"]), "'\tcmd,\"'\rcmd\"\n");
    }

    #[test]
    fn cells_are_quoted_where_csv_needs_it() {
        assert_eq!(
            row(&["a,b", "say \"hi\"", "two\nlines", ""]),
            // An empty cell last is written as nothing after the comma.
            "\"a,b\",\"say \"\"hi\"\"\",\"two\nlines\",\n"
        );
    }
}
