//! How long the table takes to build a frame, headless, in a game well under way: the
//! whole window's UI (panels, board, log, tooltips) built by egui at 60 frames per second
//! while the AI thinks on its own thread, against the 16.7 ms a frame may take. Building the
//! UI and tessellating it (turning shapes into triangles) are the program's own work and are
//! timed apart; rasterising the triangles is the graphics driver's, and is not measured here
//! (software OpenGL is far slower at it than any GPU).
//!
//! `cargo run --release --example gui_frame -- [seconds] [seed]`
//!
//! Two situations are measured:
//! 1. the AI (`mcts:expert`, the ladder's top) thinks while the pointer sweeps the
//!    board;
//! 2. the person decides with a model selected and the pointer on an enemy, so each frame
//!    also works out the exact Shoot or Fight odds and those of each card in the hand.

use std::path::PathBuf;
use std::time::{Duration, Instant};

use eframe::egui::{self, Event, Pos2, RawInput, Rect, pos2, vec2};
use mars_attacks::gui::MarsApp;
use mars_attacks::rules::action::Action;
use mars_attacks::rules::{BySide, Side};
use mars_attacks::table::setup::{Controller, GameSetup};

const BUDGET_MS: f64 = 1000.0 / 60.0;
const SIZE: [f32; 2] = [1280.0, 860.0];

struct Table {
    ctx: egui::Context,
    app: MarsApp,
    start: Instant,
}

impl Table {
    /// One frame with `events`; the time to build it and to tessellate it, in ms.
    fn frame(&mut self, events: Vec<Event>) -> (f64, f64) {
        let input = RawInput {
            screen_rect: Some(Rect::from_min_size(Pos2::ZERO, vec2(SIZE[0], SIZE[1]))),
            time: Some(self.start.elapsed().as_secs_f64()),
            predicted_dt: 1.0 / 60.0,
            events,
            ..RawInput::default()
        };
        let t0 = Instant::now();
        let out = self.ctx.run_ui(input, |ui| self.app.show(ui));
        let t1 = Instant::now();
        let prims = self.ctx.tessellate(out.shapes, out.pixels_per_point);
        let t2 = Instant::now();
        std::hint::black_box(prims);
        (
            (t1 - t0).as_secs_f64() * 1000.0,
            (t2 - t1).as_secs_f64() * 1000.0,
        )
    }
}

/// Summary of frame times in ms.
fn report(what: &str, build: &mut [f64], tess: &mut [f64]) {
    let stats = |v: &mut [f64]| {
        v.sort_by(f64::total_cmp);
        let n = v.len().max(1);
        let mean = v.iter().sum::<f64>() / n as f64;
        let q = |p: f64| {
            v.get(((n - 1) as f64 * p).round() as usize)
                .copied()
                .unwrap_or(0.0)
        };
        (mean, q(0.5), q(0.95), v.last().copied().unwrap_or(0.0))
    };
    let (bm, b50, b95, bmax) = stats(build);
    let (tm, _, t95, tmax) = stats(tess);
    let over = build
        .iter()
        .zip(tess.iter())
        .filter(|(b, t)| *b + *t > BUDGET_MS)
        .count();
    println!("{what}: {} frames", build.len());
    println!(
        "  UI build     mean {bm:.2} ms, median {b50:.2}, 95th percentile {b95:.2}, worst {bmax:.2}"
    );
    println!("  tessellation mean {tm:.2} ms, 95th percentile {t95:.2}, worst {tmax:.2}");
    println!(
        "  build + tessellation over the {BUDGET_MS:.1} ms budget in {over} of {} frames ({:.0}% of the budget on average)",
        build.len(),
        100.0 * (bm + tm) / BUDGET_MS
    );
}

/// The pointer's place on a circle over the board, frame `i`.
fn sweep(i: usize) -> Pos2 {
    let a = i as f32 * 0.07;
    pos2(640.0 + 200.0 * a.cos(), 450.0 + 200.0 * a.sin())
}

fn main() {
    let mut args = std::env::args().skip(1);
    let seconds: f64 = args.next().and_then(|s| s.parse().ok()).unwrap_or(4.0);
    let seed: u64 = args.next().and_then(|s| s.parse().ok()).unwrap_or(7);
    let root = PathBuf::from(env!("CARGO_MANIFEST_DIR"));
    let setup = GameSetup {
        scenario_path: root.join("scenarios/whos-there.toml"),
        seed,
        dice_seed: None,
        controllers: BySide::new(
            Controller::Ai("random".parse().unwrap()),
            Controller::Ai("random".parse().unwrap()),
        ),
    };
    let app = MarsApp::new(setup, root.join("scenarios"), std::env::temp_dir());
    let mut t = Table {
        ctx: egui::Context::default(),
        app,
        start: Instant::now(),
    };

    // A game well under way: two random players make 60 decisions, stopping on one of
    // the Martians' (handing the Martians to the search cancels whatever was under way).
    t.app.session.as_mut().expect("Scenario 1 loads").ai_delay = Duration::ZERO;
    let deadline = Instant::now() + Duration::from_secs(60);
    loop {
        let s = t.app.session.as_ref().expect("a game");
        let g = s.state();
        if g.is_over() || Instant::now() > deadline {
            eprintln!(
                "no position after {} decisions (over: {}); try another seed",
                s.history().len(),
                g.is_over()
            );
            std::process::exit(1);
        }
        if s.history().len() >= 60 && g.to_move() == Some(Side::Martians) {
            break;
        }
        t.frame(Vec::new());
        std::thread::sleep(Duration::from_millis(1));
    }
    {
        let s = t.app.session.as_mut().expect("a game");
        s.set_controller(Side::Humans, Controller::Human);
        s.set_controller(
            Side::Martians,
            Controller::Ai("mcts:expert".parse().unwrap()),
        );
        println!(
            "Scenario 1, seed {seed}, after {} decisions, round {}",
            s.history().len(),
            s.state().round()
        );
    }
    // Other work on the machine shows up as the odd slow frame: say how busy it is.
    if let Ok(load) = std::fs::read_to_string("/proc/loadavg") {
        let cores = std::thread::available_parallelism().map_or(1, |n| n.get());
        println!(
            "load average {} on {cores} cores (the search thread is one of them)",
            load.split_whitespace().next().unwrap_or("?")
        );
    }
    // Warm-up: fonts, first layouts.
    for _ in 0..10 {
        t.frame(Vec::new());
    }

    // 1. The AI thinks; frames paced at 60 per second, the pointer sweeping the board.
    let (mut build, mut tess) = (Vec::new(), Vec::new());
    let end = Instant::now() + Duration::from_secs_f64(seconds);
    let mut next = Instant::now();
    let mut i = 0;
    while Instant::now() < end {
        let thinking = t.app.session.as_ref().is_some_and(|s| s.is_thinking());
        let (b, ts) = t.frame(vec![Event::PointerMoved(sweep(i))]);
        if thinking {
            build.push(b);
            tess.push(ts);
        }
        // Keep the AI busy: when it is the person's turn, play their first legal decision.
        if let Some(s) = t.app.session.as_mut()
            && s.human_to_move().is_some()
            && let Some(a) = s.legal().first().copied()
        {
            let _ = s.play(a);
        }
        i += 1;
        next += Duration::from_secs_f64(1.0 / 60.0);
        if let Some(wait) = next.checked_duration_since(Instant::now()) {
            std::thread::sleep(wait);
        }
    }
    report(
        "While the AI thinks (the search running on its thread)",
        &mut build,
        &mut tess,
    );

    // 2. The person decides: a model selected, the pointer on an enemy it can shoot or
    //    charge, the tooltip with the odds and those of each card in the hand.
    let hovering = loop {
        let Some(s) = t.app.session.as_mut() else {
            return;
        };
        if s.state().is_over() {
            println!("the game ended before a shot could be hovered");
            return;
        }
        if let Some(side) = s.human_to_move() {
            let g = s.state();
            let legal = s.legal();
            let shot = legal.iter().find_map(|a| match a {
                Action::Activate(m) => {
                    let after = mars_attacks::table::forecast::after(g, &[*a])?;
                    let mut next = Vec::new();
                    after.legal_actions(&mut next);
                    next.iter().find_map(|b| match b {
                        Action::Shoot(e) | Action::Fight(e) => Some((*m, *e)),
                        _ => None,
                    })
                }
                _ => None,
            });
            if let Some((m, e)) = shot {
                let _ = side;
                break Some((m, e));
            }
            if let Some(a) = legal.first().copied() {
                let _ = s.play(a);
            }
        }
        t.frame(Vec::new());
        std::thread::sleep(Duration::from_millis(1));
    };
    let Some((m, enemy)) = hovering else { return };
    t.app.selected = Some(m);
    t.frame(Vec::new());
    let Some(at) = t.app.board.geom.and_then(|geom| {
        let s = t.app.session.as_ref()?;
        Some(geom.rect(s.state().model(enemy).square()?).center())
    }) else {
        return;
    };
    let (mut build, mut tess) = (Vec::new(), Vec::new());
    let end = Instant::now() + Duration::from_secs_f64(seconds.min(2.0) + 1.0);
    let mut next = Instant::now();
    let mut i = 0;
    let mut tooltip = 0;
    while Instant::now() < end {
        // The pointer comes to rest on the enemy; the tooltip opens once it has been still
        // for a moment (egui's tooltip delay), and only frames with it up are counted.
        let events = if i == 0 {
            vec![Event::PointerMoved(at)]
        } else {
            Vec::new()
        };
        let (b, ts) = t.frame(events);
        if egui::Tooltip::seconds_since_last_tooltip(&t.ctx) < 0.001 {
            tooltip += 1;
            build.push(b);
            tess.push(ts);
        }
        i += 1;
        next += Duration::from_secs_f64(1.0 / 60.0);
        if let Some(wait) = next.checked_duration_since(Instant::now()) {
            std::thread::sleep(wait);
        }
    }
    if tooltip == 0 {
        println!("the odds tooltip never opened");
        return;
    }
    report(
        &format!("A person deciding, {m} selected and the pointer on {enemy}, the odds tooltip up"),
        &mut build,
        &mut tess,
    );
}
