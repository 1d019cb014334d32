//! A report's table of games (`games.csv`) in id order, from games read in any order,
//! in bounded memory: rows are sorted in chunks of at most [`CHUNK_BYTES`], each chunk
//! kept in a temporary file beside the table, and the chunks merged into the table at
//! the end. The temporary files are removed whatever happens.

use std::cmp::Reverse;
use std::collections::BinaryHeap;
use std::fs::File;
use std::io::{BufReader, BufWriter, Read, Write};
use std::path::{Path, PathBuf};

use super::record::Record;
use super::report::{games_csv_header, games_csv_row};
use file_check::staged::{StagedWriter, WriteError};

/// The most row bytes held in memory before a chunk is sorted and set aside.
pub const CHUNK_BYTES: usize = 16 << 20;

/// The rows of games, being sorted.
pub struct GamesTable {
    dir: PathBuf,
    chunk: Vec<(String, String)>,
    chunk_bytes: usize,
    chunk_limit: usize,
    /// Sorted chunks set aside, in the order they were made.
    runs: Vec<PathBuf>,
}

impl GamesTable {
    /// A table whose sorted chunks go to temporary files in `dir` (an existing folder).
    pub fn new(dir: &Path) -> GamesTable {
        GamesTable::with_chunk(dir, CHUNK_BYTES)
    }

    fn with_chunk(dir: &Path, chunk_limit: usize) -> GamesTable {
        GamesTable {
            dir: dir.to_path_buf(),
            chunk: Vec::new(),
            chunk_bytes: 0,
            chunk_limit,
            runs: Vec::new(),
        }
    }

    /// Adds a game's row.
    pub fn add(&mut self, r: &Record) -> Result<(), WriteError> {
        let row = games_csv_row(r);
        self.chunk_bytes += r.id.len() + row.len();
        self.chunk.push((r.id.clone(), row));
        if self.chunk_bytes >= self.chunk_limit {
            self.spill()?;
        }
        Ok(())
    }

    /// Sorts the rows held and sets them aside in a file of their own.
    fn spill(&mut self) -> Result<(), WriteError> {
        // Stable: rows of one id keep the order they were read in.
        self.chunk.sort_by(|a, b| a.0.cmp(&b.0));
        let path = self.dir.join(format!(
            ".games.csv.{}.{}.sorting",
            std::process::id(),
            self.runs.len()
        ));
        self.runs.push(path.clone());
        let cannot = |e: std::io::Error| WriteError::failed(&path, e);
        let mut out = BufWriter::new(File::create(&path).map_err(cannot)?);
        for (id, row) in self.chunk.drain(..) {
            for part in [id.as_bytes(), row.as_bytes()] {
                out.write_all(&(part.len() as u64).to_le_bytes())
                    .and_then(|()| out.write_all(part))
                    .map_err(cannot)?;
            }
        }
        out.flush().map_err(cannot)?;
        self.chunk_bytes = 0;
        Ok(())
    }

    /// Writes the table, a header and every row in id order, to `out`.
    pub fn write_to(mut self, out: &mut StagedWriter) -> Result<(), WriteError> {
        out.write(games_csv_header().as_bytes())?;
        if self.runs.is_empty() {
            self.chunk.sort_by(|a, b| a.0.cmp(&b.0));
            for (_, row) in &self.chunk {
                out.write(row.as_bytes())?;
            }
            return Ok(());
        }
        if !self.chunk.is_empty() {
            self.spill()?;
        }
        let mut readers = Vec::new();
        for path in &self.runs {
            let f = File::open(path)
                .map_err(|e| WriteError::failed(path, format!("cannot read it back: {e}")))?;
            readers.push((path.clone(), BufReader::new(f)));
        }
        // The smallest id first; of equal ids, the one from the earlier chunk.
        let mut heap = BinaryHeap::new();
        for (i, (path, r)) in readers.iter_mut().enumerate() {
            if let Some((id, row)) = next_row(path, r)? {
                heap.push(Reverse((id, i, row)));
            }
        }
        while let Some(Reverse((_, i, row))) = heap.pop() {
            out.write(row.as_bytes())?;
            let (path, r) = &mut readers[i];
            if let Some((id, row)) = next_row(path, r)? {
                heap.push(Reverse((id, i, row)));
            }
        }
        Ok(())
    }
}

/// The next (id, row) of a chunk file, or none at its end.
fn next_row(path: &Path, r: &mut impl Read) -> Result<Option<(String, String)>, WriteError> {
    let cannot = |e: std::io::Error| WriteError::failed(path, format!("cannot read it back: {e}"));
    let mut parts = Vec::with_capacity(2);
    for k in 0..2 {
        let mut len = [0u8; 8];
        if k == 0 {
            match r.read_exact(&mut len) {
                Err(e) if e.kind() == std::io::ErrorKind::UnexpectedEof => return Ok(None),
                other => other.map_err(cannot)?,
            }
        } else {
            r.read_exact(&mut len).map_err(cannot)?;
        }
        let mut bytes = vec![0u8; u64::from_le_bytes(len) as usize];
        r.read_exact(&mut bytes).map_err(cannot)?;
        parts.push(String::from_utf8(bytes).map_err(|e| WriteError::failed(path, e))?);
    }
    let row = parts.pop().unwrap_or_default();
    let id = parts.pop().unwrap_or_default();
    Ok(Some((id, row)))
}

impl Drop for GamesTable {
    fn drop(&mut self) {
        for path in &self.runs {
            let _ = std::fs::remove_file(path);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use file_check::staged::StagedFiles;

    fn record(id: &str) -> Record {
        Record::sample(id)
    }

    #[test]
    fn rows_come_out_in_id_order_however_many_chunks_they_took() {
        let dir =
            std::env::temp_dir().join(format!("mars-attacks-games-table-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).unwrap();
        let ids: Vec<String> = (0..500)
            .map(|i| format!("S/a-vs-b/{}", (i * 7919) % 500))
            .collect();
        let mut expected: Vec<String> = ids.clone();
        expected.sort();
        // A chunk of about ten rows: fifty chunks merged.
        let mut t = GamesTable::with_chunk(&dir, 10 * games_csv_row(&record(&ids[0])).len());
        for id in &ids {
            t.add(&record(id)).unwrap();
        }
        assert!(t.runs.len() >= 40, "{} chunks", t.runs.len());
        let out_path = dir.join("out/games.csv");
        let mut staged = StagedFiles::new();
        staged.make_folder(&dir.join("out")).unwrap();
        let mut w = staged
            .create(&out_path, crate::arena::report::GAMES_KIND)
            .unwrap();
        t.write_to(&mut w).unwrap();
        w.finish().unwrap();
        staged.commit().unwrap();
        let text = std::fs::read_to_string(&out_path).unwrap();
        let got: Vec<&str> = text
            .lines()
            .skip(1)
            .map(|l| l.split(',').next().unwrap())
            .collect();
        assert_eq!(got, expected);
        // The chunk files are gone.
        let left: Vec<_> = std::fs::read_dir(&dir)
            .unwrap()
            .map(|e| e.unwrap().file_name())
            .collect();
        assert_eq!(left, ["out"]);
    }
}
