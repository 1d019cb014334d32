//! Mars Attacks: Ten-Minute Takedown (Steve Jackson Games, 2015;
//! `../shared/seeds/sjg-ten-minute-takedown-2015.txt`, rulings T1-T9 in
//! `docs/shared-rulings.md` and T10 on in `docs/takedown.md`): flick the die out of your
//! flying saucer onto the human targets, claim their pieces, flipped for more points when the
//! die's icon matches. The fourth game of the program: the table as data, the flick on a
//! rapier3d physics table, the rules as a pure state machine, and players that aim by
//! simulation. No window code: the CLI and the window drive it through this API.
//!
//! * [`pieces`]: icons, a target's three pieces, points, targets, seats and the table's
//!   sides.
//! * [`geometry`]: millimetres, points, the die's pose and footprint, the exact area it
//!   overlaps a disc by, and the first clear place on a saucer's way home.
//! * [`layout`]: the table as data (die, pieces, saucers, table, layouts for 2-4 players,
//!   physics, caps, levels) and a layout placed for a number of players ([`layout::Setup`]).
//! * [`layout_file`]: the layout file read and checked (`tables/takedown.toml`), every problem
//!   at its line and column; [`layout_keys`]: its keys; [`layout_schema`]: its JSON Schema.
//! * [`shot`]: a flick and where the die comes to rest.
//! * [`physics`]: the shot on rapier3d, a pure function of the scene, the flick and the seed.
//! * [`rules`]: what a shot does (T5-T8): retake, off the table, miss, claim, saucers sent
//!   home.
//! * [`game`]: the game as a state machine played on rests, its end and tie-breaks (T9).
//! * [`noise`]: execution noise, the levels' and a person's (T14).
//! * [`calibration`]: the fitted strength for a distance.
//! * [`hit_model`]: the chance of a hit from a distance.
//! * [`aim`]: the AI's search by simulation, refined by the cross-entropy method.
//! * [`players`]: the [`players::Player`] trait and the players a spec names: `random`,
//!   `centre[:LEVEL]`, `aim[:LEVEL][:sims=N,...]`.
//! * [`matches`]: whole games from a seed, replays, matches of many games on threads.
//! * [`table`]: a game at the table for the window: seats of people and AIs, the AI on its
//!   own thread, shots with their paths, the log in words.
//!
//! ```
//! use std::sync::Arc;
//! use takedown::game::Game;
//! use takedown::geometry::Point;
//! use takedown::layout::Setup;
//! use takedown::layout_file::shipped_layout;
//! use takedown::matches::play_game;
//! use takedown::players::player;
//! use takedown::rules::Outcome;
//! use takedown::shot::Rest;
//!
//! // The rules on a rest written by hand: the die flat on the robot target of the 2-player
//! // table, showing a robot: its outer ring, flipped, 2 points (T2, T6).
//! let layout = shipped_layout();
//! let mut game = Game::new(Arc::new(Setup::new(&layout, 2).unwrap()));
//! let robot = layout.die.faces.iter().position(|i| i.word() == "robot").unwrap();
//! let report = game.play(&Rest::flat(Point::ORIGIN, 0.0, robot)).unwrap();
//! assert!(matches!(report.outcome, Outcome::Claimed { .. }));
//! assert_eq!(report.outcome.points().0, 2);
//!
//! // A whole game with physics, from a seed.
//! let seats = [player("centre:expert").unwrap(), player("random").unwrap()];
//! let record = play_game(&layout, &seats, 7).unwrap();
//! assert!(record.result.finished);
//! assert!(player("aim:fast").is_err());
//! ```

pub mod aim;
pub mod calibration;
pub mod game;
pub mod geometry;
pub mod hit_model;
pub mod layout;
pub mod layout_file;
pub mod layout_keys;
pub mod layout_schema;
pub mod matches;
pub mod noise;
pub mod physics;
pub mod pieces;
pub mod players;
pub mod rules;
pub mod shot;
pub mod table;
