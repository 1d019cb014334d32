use super::*;
use crate::layout::Setup;

/// The 1-based line and column at which `needle` starts in `text`.
fn at(text: &str, needle: &str) -> (usize, usize) {
    let offset = text
        .find(needle)
        .unwrap_or_else(|| panic!("{needle:?} is not in the text"));
    let before = &text[..offset];
    let line = before.matches('\n').count() + 1;
    let column = offset - before.rfind('\n').map_or(0, |i| i + 1) + 1;
    (line, column)
}

/// The shipped text with `from` replaced by `to` (once), and the messages refusing it.
fn refused(from: &str, to: &str) -> (String, Vec<Diagnostic>) {
    assert!(SHIPPED_TEXT.contains(from), "{from:?}");
    let text = SHIPPED_TEXT.replacen(from, to, 1);
    let e = parse_layout("t.toml", &text).expect_err("the text should be refused");
    (text, e)
}

fn place(d: &Diagnostic) -> (usize, usize) {
    (d.line, d.column)
}

#[test]
fn the_shipped_layout_holds_the_rulings_numbers() {
    let l = shipped_layout();
    // T1: a six-sided die, two faces of each icon; five targets, two saucers, two insects
    // and one robot.
    for icon in Icon::ALL {
        assert_eq!(l.die.faces.iter().filter(|&&f| f == icon).count(), 2);
    }
    let count = |icon| l.targets.iter().filter(|t| t.icon == icon).count();
    assert_eq!(
        (count(Icon::Saucer), count(Icon::Insect), count(Icon::Robot)),
        (2, 2, 1)
    );
    // T2: 1, 2, 3 picture side up and one more flipped.
    let values: Vec<(u32, u32)> = PieceKind::ALL
        .iter()
        .map(|&k| (l.pieces.value(k, false).0, l.pieces.value(k, true).0))
        .collect();
    assert_eq!(values, [(1, 2), (2, 3), (3, 4)]);
    // T3: the sizes.
    assert_eq!(l.die.edge, Millimetres(16.0));
    let across: Vec<f64> = l.pieces.kinds.iter().map(|p| p.across.0).collect();
    assert_eq!(across, [90.0, 60.0, 30.0]);
    assert_eq!((l.saucer.across.0, l.saucer.space.0), (80.0, 30.0));
    assert_eq!((l.table.length.0, l.table.width.0), (1200.0, 800.0));
    assert_eq!((l.table.spacing.0, l.table.base_distance.0), (90.0, 600.0));
    assert_eq!(l.pitch(), 180.0);
    assert_eq!(l.layouts.len(), 3);
}

#[test]
fn the_shipped_layouts_place_targets_a_ring_apart_and_bases_at_the_edges() {
    let l = shipped_layout();
    for players in 2..=4 {
        let s = Setup::new(&l, players).unwrap();
        // T1: one more target than players.
        assert_eq!(s.targets.len(), players + 1);
        // T3: each target's nearest neighbour stands 90 edge to edge (180 centre to centre).
        for t in &s.targets {
            let nearest = s
                .targets
                .iter()
                .filter(|o| o.id != t.id)
                .map(|o| o.centre.distance(t.centre))
                .fold(f64::INFINITY, f64::min);
            assert!((nearest - 90.0 - 90.0).abs() < 1e-3, "{players}: {nearest}");
        }
        // T3, T10: a Base 600 from the centre, or against the edge where that is nearer:
        // 400 - 40 across the width, 560 (600 - 40) along the length.
        for seat in &s.seats {
            let d = seat.base.length();
            let want = match seat.side {
                Side::South | Side::North => 360.0,
                Side::East | Side::West => 560.0,
            };
            assert!((d - want).abs() < 1e-9, "{:?}: {d}", seat.side);
        }
    }
    // T4: 2 players across the long sides, three targets in a line; 4 players a plus sign
    // whose centre target stands at the table's centre.
    let two = Setup::new(&l, 2).unwrap();
    assert_eq!(
        two.seats.iter().map(|s| s.side).collect::<Vec<_>>(),
        [Side::South, Side::North]
    );
    assert!(two.targets.iter().all(|t| t.centre.y == 0.0));
    let four = Setup::new(&l, 4).unwrap();
    let c = four.centre_target().unwrap();
    assert_eq!(four.targets[c.index()].centre, Point::ORIGIN);
    assert_eq!(four.targets[c.index()].icon, Icon::Robot);
    // 3 players: four targets in a diamond, five of its six pairs one pitch apart.
    let three = Setup::new(&l, 3).unwrap();
    let mut pairs = 0;
    for (i, a) in three.targets.iter().enumerate() {
        for b in &three.targets[i + 1..] {
            if (a.centre.distance(b.centre) - 180.0).abs() < 1e-3 {
                pairs += 1;
            }
        }
    }
    assert_eq!(pairs, 5);
    assert!(matches!(
        Setup::new(&l, 5),
        Err(crate::layout::SetupError::Players(5))
    ));
}

#[test]
fn an_unknown_key_is_refused_at_its_place() {
    let (text, e) = refused("mass = 4.5", "mass = 4.5\nmas = 4.5");
    assert_eq!(e.len(), 1, "{e:?}");
    assert_eq!(place(&e[0]), (at(&text, "\nmas = 4.5").0 + 1, 1));
    assert!(
        e[0].message
            .starts_with("die.mas: unknown key (did you mean \"mass\"?)"),
        "{}",
        e[0]
    );
    assert!(e[0].to_string().starts_with("t.toml:"), "{}", e[0]);
}

#[test]
fn a_wrong_type_is_refused_at_the_value() {
    let (text, e) = refused("edge = 16.0", "edge = \"16\"");
    assert_eq!(e.len(), 1, "{e:?}");
    assert_eq!(place(&e[0]), at(&text, "\"16\""));
    assert_eq!(e[0].message, "die.edge: expected a number, found a string");
    let (text, e) = refused("max_retakes = 3", "max_retakes = 3.5");
    assert_eq!(place(&e[0]), at(&text, "3.5"));
    assert!(e[0].message.contains("expected an integer"), "{}", e[0]);
}

#[test]
fn a_value_out_of_range_is_refused_at_the_value() {
    let (text, e) = refused("friction = 0.35", "friction = 7.5");
    assert_eq!(e.len(), 1, "{e:?}");
    assert_eq!(place(&e[0]), at(&text, "7.5"));
    assert_eq!(
        e[0].message,
        "physics.table.friction: 7.5 is out of range (expected 0 to 5)"
    );
    let (text, e) = refused("at = [1.0, 0.0]", "at = [1.0, nan]");
    assert_eq!(place(&e[0]), at(&text, "nan"));
    assert!(e[0].message.contains("finite"), "{}", e[0]);
}

#[test]
fn a_missing_layout_for_a_player_count_is_refused() {
    // Drop the 3-player layout.
    let start = SHIPPED_TEXT.find("# 3 players on three sides").unwrap();
    let end = SHIPPED_TEXT.find("# 4 players on the four sides").unwrap();
    let text = format!("{}{}", &SHIPPED_TEXT[..start], &SHIPPED_TEXT[end..]);
    let e = parse_layout("t.toml", &text).unwrap_err();
    assert_eq!(e.len(), 1, "{e:?}");
    // Reported at the layouts' array: its first table header.
    assert_eq!(place(&e[0]), at(&text, "[[layouts]]"));
    assert!(
        e[0].message.starts_with("layouts: no layout for 3 players"),
        "{}",
        e[0]
    );
}

#[test]
fn a_layout_that_breaks_the_rulings_is_refused() {
    // T1: one more target than players.
    let (_, e) = refused("    { target = \"insect A\", at = [1.0, 0.0] },\n]", "]");
    assert!(
        e[0].message
            .contains("2 targets for 2 players: a game uses one more target than players (T1)"),
        "{}",
        e[0]
    );
    // T8: seats go clockwise.
    let (text, e) = refused(
        "seats = [\"south\", \"west\", \"north\"]",
        "seats = [\"south\", \"north\", \"west\"]",
    );
    assert_eq!(place(&e[0]), at(&text, "[\"south\", \"north\", \"west\"]"));
    assert!(e[0].message.contains("clockwise"), "{}", e[0]);
    // A target that names none of the box.
    let (text, e) = refused(
        "{ target = \"robot\", at = [0.0, 0.0] }",
        "{ target = \"robto\", at = [0.0, 0.0] }",
    );
    assert_eq!(place(&e[0]), at(&text, "\"robto\""));
    assert!(e[0].message.contains("did you mean \"robot\""), "{}", e[0]);
    // Targets that overlap.
    let (_, e) = refused("at = [1.0, 0.0] },\n]", "at = [0.3, 0.0] },\n]");
    assert!(e[0].message.contains("overlaps \"robot\""), "{}", e[0]);
    // Pieces that do not nest, a die too big for the saucer's space, an unknown icon.
    let (_, e) = refused("middle = { across = 60.0", "middle = { across = 95.0");
    assert!(e[0].message.contains("the pieces nest (T1)"), "{}", e[0]);
    let (_, e) = refused("edge = 16.0", "edge = 25.0");
    assert!(
        e[0].message.contains("must fit the saucer's central space"),
        "{}",
        e[0]
    );
    let (text, e) = refused("icon = \"insect\"", "icon = \"bug\"");
    assert_eq!(place(&e[0]), at(&text, "\"bug\""));
    assert_eq!(
        e[0].message,
        "targets[2].icon: \"bug\" is not one of saucer, insect, robot"
    );
    // Five faces.
    let (_, e) = refused("\"insect\", \"robot\"]", "\"insect\"]");
    assert!(
        e[0].message.contains("faces: 5 given, expected 6"),
        "{}",
        e[0]
    );
}

#[test]
fn text_that_is_not_toml_is_refused_where_the_parser_stopped() {
    let e = parse_layout("t.toml", "name = \"x\"\n[die\nedge = 1\n").unwrap_err();
    assert_eq!(e.len(), 1, "{e:?}");
    assert_eq!((e[0].line, e[0].column), (2, 5));
    assert!(e[0].message.contains("TOML syntax error"), "{}", e[0]);
    // An empty file: every top-level key is missing, at 1:1.
    let e = parse_layout("t.toml", "").unwrap_err();
    assert!(e.iter().all(|d| (d.line, d.column) == (1, 1)));
    assert!(
        e[0].message.contains("missing required key \"name\""),
        "{}",
        e[0]
    );
}

#[test]
fn a_missing_file_is_refused_with_its_name() {
    let e = load_layout(Path::new("/nonexistent/takedown.toml")).unwrap_err();
    assert!(
        e[0].to_string()
            .starts_with("/nonexistent/takedown.toml:1:1: cannot read"),
        "{}",
        e[0]
    );
}
