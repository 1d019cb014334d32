//! The set-up sheet of a game at a real table (docs/companion.md): an A4 page that parses as
//! XML, with every wall piece of the map where the map has it, every model's base label
//! once (the labels the companion's instructions use), the counters' squares of a seeded
//! game marked and nothing said of which counter is which (R24), a scenario's name escaped,
//! and `mars-attacks setup-sheet` writing only the file it is told to.

use crate::common::{TempDir, run_cli};

use std::collections::BTreeSet;
use std::path::{Path, PathBuf};
use std::sync::Arc;

use mars_attacks::rules::scenario_file::parse_scenario;
use mars_attacks::rules::state::Event;
use mars_attacks::rules::{Edge, ModelId, Scenario, Side, Square, WallKind};
use mars_attacks::shelf::read_shelf;
use mars_attacks::table::describe::base_label;
use mars_attacks::table::instructions::setup_steps;
use mars_attacks::table::session::Session;
use mars_attacks::table::setup::{GameSetup, ai_at_level};
use mars_attacks::table::setup_sheet::SetupSheet;

fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

/// Every shipped scenario, with its file.
fn shipped() -> Vec<(PathBuf, Arc<Scenario>)> {
    read_shelf(&root().join("scenarios"))
        .unwrap_or_else(|p| panic!("{}", p.join("\n")))
        .into_iter()
        .map(|s| (s.path, s.scenario))
        .collect()
}

/// The game `play --seed SEED` starts on `path`, as the table starts it.
fn game(path: &Path, seed: u64) -> Session {
    Session::new(GameSetup::versus_ai(
        path,
        Side::Humans,
        ai_at_level(mars_attacks::bot::spec::Level::Normal),
        seed,
    ))
    .unwrap()
}

/// An element of the page, read back: its name, its attributes, and its content in order
/// (text and elements).
#[derive(Debug, Default)]
struct Node {
    name: String,
    attrs: Vec<(String, String)>,
    content: Vec<Content>,
}

#[derive(Debug)]
enum Content {
    Text(String),
    Element(Node),
}

impl Node {
    fn attr(&self, key: &str) -> Option<&str> {
        self.attrs
            .iter()
            .find(|(k, _)| k == key)
            .map(|(_, v)| v.as_str())
    }

    /// The elements directly inside it.
    fn children(&self) -> Vec<&Node> {
        self.content
            .iter()
            .filter_map(|c| match c {
                Content::Element(n) => Some(n),
                Content::Text(_) => None,
            })
            .collect()
    }

    /// This element and every element inside it, in document order.
    fn all(&self) -> Vec<&Node> {
        let mut out = vec![self];
        for c in self.children() {
            out.extend(c.all());
        }
        out
    }

    /// The elements of class `class` (an element may have several classes).
    fn of_class(&self, class: &str) -> Vec<&Node> {
        self.all()
            .into_iter()
            .filter(|n| {
                n.attr("class")
                    .is_some_and(|c| c.split_whitespace().any(|x| x == class))
            })
            .collect()
    }

    /// The text inside it, its children's included, in order.
    fn text(&self) -> String {
        self.content
            .iter()
            .map(|c| match c {
                Content::Text(t) => t.clone(),
                Content::Element(n) => n.text(),
            })
            .collect()
    }

    /// The texts of its `text` elements, in order.
    fn texts(&self) -> Vec<String> {
        self.all()
            .into_iter()
            .filter(|n| n.name == "text")
            .map(|n| n.text())
            .collect()
    }

    fn num(&self, key: &str) -> f32 {
        self.attr(key)
            .and_then(|v| v.parse().ok())
            .unwrap_or_else(|| panic!("{} has no number {key}: {:?}", self.name, self.attrs))
    }
}

/// `svg` read as XML by a strict reader (a tag not closed, a bad entity, an attribute twice
/// is an error): its root element.
fn parse(svg: &str) -> Node {
    use xml::reader::{EventReader, XmlEvent};
    let mut stack = vec![Node::default()];
    for event in EventReader::from_str(svg) {
        match event.unwrap_or_else(|e| panic!("not well-formed XML: {e}")) {
            XmlEvent::StartElement {
                name, attributes, ..
            } => stack.push(Node {
                name: name.local_name,
                attrs: attributes
                    .into_iter()
                    .map(|a| (a.name.local_name, a.value))
                    .collect(),
                content: Vec::new(),
            }),
            XmlEvent::EndElement { .. } => {
                let done = stack.pop().expect("an element was open");
                let parent = stack.last_mut().expect("inside the document");
                parent.content.push(Content::Element(done));
            }
            XmlEvent::Characters(t) | XmlEvent::CData(t) => stack
                .last_mut()
                .expect("inside an element")
                .content
                .push(Content::Text(t)),
            _ => {}
        }
    }
    let mut document = stack.pop().expect("the document");
    assert!(stack.is_empty(), "elements left open");
    assert_eq!(document.content.len(), 1, "one root element");
    match document.content.remove(0) {
        Content::Element(root) => root,
        Content::Text(t) => panic!("text outside the root: {t}"),
    }
}

/// The counters' pool as the scenario file counts it: `4 Critters, 4 Alien Secrets and 2
/// neutral objectives`.
fn pool_words(c: &mars_attacks::rules::scenario::CounterSetup) -> String {
    let parts: Vec<String> = [
        (c.critters, "Critters"),
        (c.secrets, "Alien Secrets"),
        (c.objectives, "neutral objectives"),
    ]
    .iter()
    .filter(|(n, _)| *n > 0)
    .map(|(n, what)| format!("{n} {what}"))
    .collect();
    match parts.as_slice() {
        [one] => one.clone(),
        [rest @ .., last] => format!("{} and {last}", rest.join(", ")),
        [] => String::new(),
    }
}

#[test]
fn every_sheet_is_a_well_formed_a4_page_titled_with_its_scenario() {
    for (path, sc) in shipped() {
        let session = game(&path, 3);
        for svg in [
            SetupSheet::of_scenario(&sc).to_svg(),
            SetupSheet::of_game(session.state(), session.setup_events(), 3).to_svg(),
        ] {
            let page = parse(&svg);
            assert_eq!(page.name, "svg");
            assert_eq!(page.attr("width"), Some("210mm"));
            assert_eq!(page.attr("height"), Some("297mm"));
            assert_eq!(page.attr("viewBox"), Some("0 0 210 297"));
            let title = page.all().into_iter().find(|n| n.name == "title").unwrap();
            assert!(title.text().starts_with(&sc.name), "{}", path.display());
            // The board lies inside the page's margins, its squares at least 14 mm.
            let map = page
                .all()
                .into_iter()
                .find(|n| n.attr("id") == Some("map"))
                .unwrap();
            let transform = map.attr("transform").unwrap();
            let numbers: Vec<f32> = transform
                .split(|c: char| !(c.is_ascii_digit() || c == '.'))
                .filter_map(|t| t.parse().ok())
                .collect();
            let [x, y, scale] = numbers[..] else {
                panic!("{transform}")
            };
            let side = 8.0 * 48.0 * scale;
            assert!(side >= 8.0 * 14.0 - 0.01, "{side}");
            assert!(x >= 12.0 && x + side <= 198.0, "{transform}");
            // Room above for the title, below for the key and the models.
            assert!(y >= 30.0 && y + side <= 240.0, "{transform}");
        }
    }
}

#[test]
fn every_wall_piece_is_drawn_where_the_map_has_it_high_solid_low_dashed() {
    for (path, sc) in shipped() {
        let page = parse(&SetupSheet::of_scenario(&sc).to_svg());
        let walls = page.of_class("walls");
        assert_eq!(walls.len(), 1);
        let lines: Vec<&Node> = walls[0].children();
        let pieces = sc.map.walls().pieces();
        assert!(!pieces.is_empty());
        assert_eq!(lines.len(), pieces.len(), "{}", path.display());
        // In the map's pixels, 48 a square, from the board's north-west corner (R1: a8
        // there, h1 in the south-east): a north side runs along the top of its square, an
        // east side down its right.
        for (sq, edge, kind) in pieces {
            let (x, y) = (
                48.0 * f32::from(sq.col() as u8),
                48.0 * f32::from(7 - sq.row() as u8),
            );
            let (a, b) = match edge {
                Edge::North => ((x, y), (x + 48.0, y)),
                Edge::East => ((x + 48.0, y), (x + 48.0, y + 48.0)),
                other => panic!("pieces are north or east sides, not {other}"),
            };
            let drawn: Vec<&&Node> = lines
                .iter()
                .filter(|l| {
                    (l.num("x1"), l.num("y1"), l.num("x2"), l.num("y2")) == (a.0, a.1, b.0, b.1)
                })
                .collect();
            assert_eq!(drawn.len(), 1, "{} {sq} {edge}", path.display());
            let dashed = drawn[0].attr("stroke-dasharray").is_some();
            assert_eq!(dashed, kind == WallKind::Low, "{sq} {edge}");
            // Black, for a page printed in black and white.
            assert_eq!(drawn[0].attr("stroke"), Some("#000000"));
        }
    }
}

/// The labels a person writes on the bases, as docs/companion.md gives them: a profile
/// fielded once goes by its whole name, a troop of `n` by one name numbered 1 to `n` in the
/// scenario's order.
fn check_labels(sc: &Scenario, side: Side, labels: &[String]) {
    let mine: Vec<usize> = sc
        .models
        .iter()
        .filter(|m| m.side == side)
        .map(|m| m.profile)
        .collect();
    assert_eq!(labels.len(), mine.len(), "{side}: {labels:?}");
    for profile in mine.iter().copied().collect::<BTreeSet<usize>>() {
        let name = &sc.profiles[profile].name;
        let of: Vec<&String> = mine
            .iter()
            .zip(labels)
            .filter(|(p, _)| **p == profile)
            .map(|(_, l)| l)
            .collect();
        if of.len() == 1 {
            assert_eq!(of[0], name);
            continue;
        }
        for (k, label) in of.iter().enumerate() {
            let (word, number) = label.rsplit_once(' ').unwrap();
            assert_eq!(number, (k + 1).to_string(), "{label}");
            assert!(name.ends_with(word), "{label} is not a {name}");
        }
    }
}

#[test]
fn every_model_is_listed_once_with_the_label_for_its_base() {
    for (path, sc) in shipped() {
        let session = game(&path, 5);
        let g = session.state();
        let page = parse(&SetupSheet::of_game(g, session.setup_events(), 5).to_svg());
        let mut all = Vec::new();
        for side in Side::BOTH {
            let column = page
                .of_class("models")
                .into_iter()
                .find(|n| n.attr("data-side") == Some(side.name()))
                .unwrap();
            let labels: Vec<String> = column
                .of_class("base-label")
                .iter()
                .map(|n| n.text())
                .collect();
            check_labels(&sc, side, &labels);
            // The very labels the companion's instructions name the models by.
            let expected: Vec<String> = (0..g.models().len())
                .map(|i| ModelId(i as u8))
                .filter(|id| g.model(*id).side == side)
                .map(|id| base_label(g, id))
                .collect();
            assert_eq!(labels, expected, "{}", path.display());
            all.extend(labels);
        }
        assert_eq!(all.len(), sc.models.len());
        let distinct: BTreeSet<&String> = all.iter().collect();
        assert_eq!(
            distinct.len(),
            all.len(),
            "two bases with one label: {all:?}"
        );
    }
}

#[test]
fn the_evacuation_sheet_labels_its_zone_its_edges_and_its_key_model() {
    let (_, sc) = shipped()
        .into_iter()
        .find(|(p, _)| p.ends_with("evacuation.toml"))
        .unwrap();
    let page = parse(&SetupSheet::of_scenario(&sc).to_svg());
    // 4 Soldiers held on the board, 2 of the escort, the Professor; 5 Martians come on.
    let humans: Vec<String> = page
        .of_class("models")
        .into_iter()
        .find(|n| n.attr("data-side") == Some("humans"))
        .unwrap()
        .of_class("base-label")
        .iter()
        .map(|n| n.text())
        .collect();
    assert_eq!(
        humans,
        [
            "Soldier 1",
            "Soldier 2",
            "Soldier 3",
            "Soldier 4",
            "Soldier 5",
            "Soldier 6",
            "Professor Kessler"
        ]
    );
    let zone = page.of_class("zone-label");
    assert_eq!(zone.len(), 1);
    assert_eq!(zone[0].attr("data-side"), Some("humans"));
    assert_eq!(
        zone[0].text(),
        "Humans deploy: Soldier 1-6, Professor Kessler"
    );
    let edges: Vec<String> = page.of_class("edge").iter().map(|n| n.text()).collect();
    assert!(
        edges.contains(&"Martians come on, Round 1: Martian 1-5".to_string()),
        "{edges:?}"
    );
    // Only the escort and the Professor may leave (P30).
    assert!(
        edges.contains(&"Humans leave here: only Soldier 5-6, Professor Kessler".to_string()),
        "{edges:?}"
    );
    // The key model, said in its row (its lines wrapped to the column).
    let rows = page
        .of_class("models")
        .into_iter()
        .find(|n| n.attr("data-side") == Some("humans"))
        .unwrap()
        .texts()
        .join(" ");
    assert!(
        rows.contains(
            "Professor Kessler deploys in a1-h2; key model: the Martians win at once if it dies, \
             the Humans if it gets away"
        ),
        "{rows}"
    );
    assert!(rows.contains("Soldier 1 US Army Soldier; deploys in a1-h2; may not leave"));
    assert!(rows.contains("Soldier 5 US Army Soldier; deploys in a1-h2 Soldier 6"));
    assert!(
        page.text()
            .contains("The set-up of any game of this scenario.")
    );
    // Coordinates on all four edges: each column letter and row number twice.
    let coordinates = page.of_class("coordinates");
    let marks: Vec<String> = coordinates[0].children().iter().map(|n| n.text()).collect();
    for c in [
        "a", "b", "c", "d", "e", "f", "g", "h", "1", "2", "3", "4", "5", "6", "7", "8",
    ] {
        assert_eq!(marks.iter().filter(|m| *m == c).count(), 2, "{c}");
    }
}

#[test]
fn a_fixed_square_is_labelled_with_the_models_starting_on_it() {
    let (_, sc) = shipped()
        .into_iter()
        .find(|(p, _)| p.ends_with("ambush.toml"))
        .unwrap();
    let page = parse(&SetupSheet::of_scenario(&sc).to_svg());
    let fixed = page.of_class("fixed");
    // The file: Soldiers 2 on d4, 2 on e5, 1 on d5, 2 on e4; Martians on a7, h7, a2, h2, d8.
    let on = |sq: &str| -> Vec<String> {
        let f: Vec<&&Node> = fixed
            .iter()
            .filter(|n| n.attr("data-square") == Some(sq))
            .collect();
        assert_eq!(f.len(), 1, "{sq}");
        f[0].texts()
    };
    assert_eq!(on("d4"), ["Soldier 1", "Soldier 2"]);
    assert_eq!(on("e5"), ["Soldier 3", "Soldier 4"]);
    assert_eq!(on("d5"), ["Soldier 5"]);
    assert_eq!(on("e4"), ["Soldier 6", "Soldier 7"]);
    assert_eq!(on("a7"), ["Martian 1"]);
    assert_eq!(on("d8"), ["Martian 5"]);
    assert_eq!(fixed.len(), 4 + 5);
}

/// The squares of the counter marks on a page.
fn marked(page: &Node) -> Vec<Square> {
    page.of_class("counter")
        .iter()
        .map(|n| n.attr("data-square").unwrap().parse().unwrap())
        .collect()
}

#[test]
fn a_seeded_sheet_marks_the_counters_where_the_game_placed_them_and_never_which_is_which() {
    let t = TempDir::new("setup-sheet-seed");
    for (file, seed) in [
        ("battle-for-greenville.toml", 11u64),
        ("battle-for-greenville.toml", 12),
        ("saucer-down.toml", 4),
        ("grab-and-go.toml", 9),
    ] {
        let path = root().join("scenarios").join(file);
        let out = t.0.join(format!("{file}-{seed}.svg"));
        let (code, _, err) = run_cli(&[
            "setup-sheet",
            "--scenario",
            path.to_str().unwrap(),
            "--seed",
            &seed.to_string(),
            "--out",
            out.to_str().unwrap(),
        ]);
        assert_eq!(code, 0, "{err}");
        let svg = std::fs::read_to_string(&out).unwrap();
        let page = parse(&svg);
        // The table's own game of that seed: its set-up's counters, and the steps the
        // companion gives for them.
        let session = game(&path, seed);
        let placed: Vec<Square> = session
            .setup_events()
            .iter()
            .filter_map(|e| match *e {
                Event::CounterPlaced(sq) => Some(sq),
                _ => None,
            })
            .collect();
        let sc = session.scenario();
        assert_eq!(placed.len(), usize::from(sc.counters.placed), "{file}");
        let marks = marked(&page);
        assert_eq!(marks, placed, "{file} seed {seed}");
        let steps: Vec<String> = setup_steps(session.state(), session.setup_events())
            .into_iter()
            .map(|s| s.text)
            .filter(|t| t.starts_with("put a counter"))
            .collect();
        let said: Vec<String> = marks
            .iter()
            .map(|sq| format!("put a counter face down on {sq}"))
            .collect();
        assert_eq!(steps, said);
        if let Some(zone) = sc.counters.zone {
            assert!(marks.iter().all(|sq| zone.contains(*sq)), "{file}");
        }
        // R24: a mark is a mark, with no word; the counters' kinds are named once, as the
        // pool they are drawn from, which the scenario file says.
        for m in page.of_class("counter") {
            assert_eq!(m.text().trim(), "", "{file}");
        }
        let text = page.text();
        let pool = pool_words(&sc.counters);
        assert!(
            text.contains(&format!("drawn from {pool}")),
            "{file}: {pool}"
        );
        for kind in ["Critter", "Alien Secret", "objective"] {
            let named = text.matches(kind).count();
            assert!(named <= 1, "{file}: {kind} named {named} times");
        }
        assert!(text.contains(&format!("The game of seed {seed}")));
    }
    // Another seed, other squares: the marks are the game's, not the scenario's.
    let a = parse(&std::fs::read_to_string(t.0.join("battle-for-greenville.toml-11.svg")).unwrap());
    let b = parse(&std::fs::read_to_string(t.0.join("battle-for-greenville.toml-12.svg")).unwrap());
    assert_ne!(marked(&a), marked(&b));
}

#[test]
fn without_a_seed_the_counters_are_said_to_be_placed_when_the_game_starts() {
    for (file, zone) in [
        ("battle-for-greenville.toml", None),
        ("saucer-down.toml", Some("c3-f6")),
    ] {
        let (_, sc) = shipped()
            .into_iter()
            .find(|(p, _)| p.ends_with(file))
            .unwrap();
        let page = parse(&SetupSheet::of_scenario(&sc).to_svg());
        assert!(marked(&page).is_empty());
        let key = page.of_class("key")[0].text();
        assert!(
            key.contains(&format!(
                "counters: {} face down at random squares",
                sc.counters.placed
            )),
            "{key}"
        );
        assert!(key.contains("placed when the game starts"), "{key}");
        if let Some(zone) = zone {
            assert!(
                key.contains(&format!("of the dashed zone ({zone})")),
                "{key}"
            );
        }
    }
}

const ODD_NAMES: &str = r#"
name = "Tom & Jerry's <\"Raid\"> ]]> &amp;"
first_turn = "humans"
[map]
walls = [{ edge = "c3 north", kind = "high" }]
[profiles.boss]
name = "Bob <the> & Co"
shoot = 5
fight = 5
survive = 5
range = 4
[humans]
models = [{ profile = "soldier", count = 2, start = "deploy" }, { profile = "boss", start = "d4" }]
deployment = ["a1-h2"]
[martians]
models = [{ profile = "martian", count = 2, start = "deploy" }]
deployment = ["a7-h8"]
"#;

#[test]
fn xml_special_characters_in_a_scenario_are_escaped() {
    let sc = parse_scenario("odd.toml", ODD_NAMES)
        .unwrap_or_else(|e| panic!("{e:?}"))
        .scenario;
    assert!(sc.name.contains('&') && sc.name.contains('<'));
    let svg = SetupSheet::of_scenario(&sc).to_svg();
    // No character XML 1.0 forbids, even escaped.
    assert!(
        !svg.chars()
            .any(|c| c < ' ' && !matches!(c, '\t' | '\n' | '\r')),
        "a control character in the page"
    );
    let page = parse(&svg);
    let title = page.of_class("title");
    assert_eq!(
        title[0].text(),
        "Tom & Jerry's <\"Raid\"> ]]> &amp;",
        "the name read back as written"
    );
    let labels: Vec<String> = page
        .of_class("base-label")
        .iter()
        .map(|n| n.text())
        .collect();
    assert!(labels.contains(&"Bob <the> & Co".to_string()), "{labels:?}");
    let fixed = page.of_class("fixed");
    assert_eq!(fixed[0].text(), "Bob <the> & Co");
}

fn setup_sheet(args: &[&str]) -> (i32, String) {
    let mut all = vec!["setup-sheet"];
    all.extend_from_slice(args);
    let (code, out, err) = run_cli(&all);
    assert_eq!(out, "", "nothing on standard output");
    (code, err)
}

/// The names of the files in `dir`.
fn files_in(dir: &Path) -> Vec<String> {
    let mut names: Vec<String> = std::fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    names.sort();
    names
}

#[test]
fn the_command_writes_only_the_file_it_is_told_to_and_says_what_is_wrong() {
    let t = TempDir::new("setup-sheet-cli");
    let scenario = root().join("scenarios/whos-there.toml");
    let scenario = scenario.to_str().unwrap();
    let out = t.0.join("sheet.svg");
    let (code, err) = setup_sheet(&["--scenario", scenario, "--out", out.to_str().unwrap()]);
    assert_eq!(code, 0, "{err}");
    assert_eq!(err, format!("wrote {}\n", out.display()));
    assert_eq!(files_in(&t.0), ["sheet.svg"]);
    let (_, sc) = shipped()
        .into_iter()
        .find(|(p, _)| p.ends_with("whos-there.toml"))
        .unwrap();
    assert_eq!(
        std::fs::read_to_string(&out).unwrap(),
        SetupSheet::of_scenario(&sc).to_svg()
    );
    // Written again over its own picture.
    let (code, err) = setup_sheet(&[
        "--scenario",
        scenario,
        "--seed",
        "2",
        "--out",
        out.to_str().unwrap(),
    ]);
    assert_eq!(code, 0, "{err}");
    assert_eq!(files_in(&t.0), ["sheet.svg"]);

    // A scenario that is not there: named, and nothing written.
    let missing = t.0.join("no-such-scenario.toml");
    let other = t.0.join("other.svg");
    let (code, err) = setup_sheet(&[
        "--scenario",
        missing.to_str().unwrap(),
        "--out",
        other.to_str().unwrap(),
    ]);
    // Not there: a mistake of the command line (README's exit codes).
    assert_eq!(code, 2);
    assert!(err.contains(&missing.display().to_string()), "{err}");
    assert!(err.contains("no such scenario file"), "{err}");
    assert_eq!(files_in(&t.0), ["sheet.svg"]);

    // A scenario with a mistake: where it is.
    let bad = t.0.join("bad.toml");
    std::fs::write(
        &bad,
        std::fs::read_to_string(root().join("scenarios/whos-there.toml"))
            .unwrap()
            .replacen("first_turn = \"humans\"", "first_turn = \"aliens\"", 1),
    )
    .unwrap();
    let bad_text = std::fs::read_to_string(&bad).unwrap();
    let line = bad_text
        .lines()
        .position(|l| l.contains("\"aliens\""))
        .expect("the scenario names its first Turn")
        + 1;
    let (code, err) = setup_sheet(&[
        "--scenario",
        bad.to_str().unwrap(),
        "--out",
        other.to_str().unwrap(),
    ]);
    assert_eq!(code, 1);
    assert!(err.contains(&format!("{}:{line}:", bad.display())), "{err}");
    assert!(!other.exists());

    // An output whose folder does not exist, or that is a folder, or a file that is not a
    // picture: refused, and nothing written or changed.
    let nowhere = t.0.join("no-folder/sheet.svg");
    let (code, err) = setup_sheet(&["--scenario", scenario, "--out", nowhere.to_str().unwrap()]);
    assert_eq!(code, 2);
    assert!(
        err.contains("no-folder") && err.contains("does not exist"),
        "{err}"
    );
    assert!(!t.0.join("no-folder").exists());
    let (code, err) = setup_sheet(&["--scenario", scenario, "--out", t.0.to_str().unwrap()]);
    assert_eq!(code, 2, "{err}");
    let notes = t.0.join("notes.txt");
    std::fs::write(&notes, "my notes").unwrap();
    let (code, err) = setup_sheet(&["--scenario", scenario, "--out", notes.to_str().unwrap()]);
    assert_eq!(code, 2);
    assert!(err.contains("not an SVG picture"), "{err}");
    assert_eq!(std::fs::read_to_string(&notes).unwrap(), "my notes");
    assert_eq!(files_in(&t.0), ["bad.toml", "notes.txt", "sheet.svg"]);
}

/// 22 Humans and 24 Martians, many of them saying the same: a force too large for a row a
/// model.
const CROWDED: &str = r#"
name = "Crowded"
first_turn = "martians"
round_limit = 6
[map]
walls = [{ edge = "c3 north", kind = "high" }, { edge = "d4-d6 east", kind = "low" }]
[profiles.sarge]
name = "Sergeant Rock"
shoot = 4
fight = 4
survive = 5
range = 6
[humans]
models = [
  { profile = "soldier", count = 14, start = "deploy" },
  { profile = "sarge", start = "deploy", ends_game = { dies = "martians" } },
  { profile = "soldier", count = 4, start = "enter", may_exit = false },
  { profile = "soldier", count = 3, start = "e4" },
]
deployment = ["a1-h2"]
entry = { edges = ["east", "west"], rounds = [2, 3] }
exit = "north"
[martians]
models = [{ profile = "martian", count = 20, start = "deploy" }, { profile = "martian", count = 4, start = "enter" }]
deployment = ["a7-h8", "a6-b6"]
entry = { edge = "north", squares = "c8-f8", round = 3 }
"#;

#[test]
fn a_crowded_sheet_still_names_every_base_and_stays_on_its_page() {
    let sc = parse_scenario("crowded.toml", CROWDED)
        .unwrap_or_else(|e| panic!("{e:?}"))
        .scenario;
    assert_eq!(sc.models.len(), 46);
    let page = parse(&SetupSheet::of_scenario(&sc).to_svg());
    for side in Side::BOTH {
        let labels: Vec<String> = page
            .of_class("models")
            .into_iter()
            .find(|n| n.attr("data-side") == Some(side.name()))
            .unwrap()
            .of_class("base-label")
            .iter()
            .map(|n| n.text())
            .collect();
        check_labels(&sc, side, &labels);
    }
    // Every line of text inside the page's bottom margin, none smaller than 1.8 mm.
    for n in page.all().into_iter().filter(|n| n.name == "text") {
        if let Some(y) = n.attr("y").and_then(|y| y.parse::<f32>().ok()) {
            assert!(y <= 297.0 - 8.0, "{y}: {}", n.text());
        }
        if let Some(size) = n.attr("font-size").and_then(|s| s.parse::<f32>().ok()) {
            assert!(size >= 1.8, "{size}: {}", n.text());
        }
    }
}
