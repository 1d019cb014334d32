//! [`Server`]: every request of `mars-attacks serve` answered in-process.

use pyo3::prelude::*;

/// The requests of `mars-attacks serve`, answered in-process.
#[pyclass(module = "mars_attacks._native", unsendable)]
pub struct Server {
    server: skirmish_table::serve::Server,
    line: u64,
}

#[pymethods]
impl Server {
    #[new]
    fn new() -> Server {
        Server {
            server: skirmish_table::serve::Server::new(),
            line: 0,
        }
    }

    /// The answer to one request, as JSON text: what `serve` answers to the same line.
    fn request(&mut self, request: &str) -> String {
        self.line += 1;
        self.server.answer_line_at(self.line, request)
    }
}
