//! Reading a network saved by `2048 train`, for `train --from`, `ai
//! --ntuple` and `hint --ntuple`.

use std::fs::File;
use std::io::BufReader;
use std::path::Path;

use boardkit_2048::ntuple::NTuple;

use crate::error::CliError;

/// Reads the network saved at `path`.
pub fn load_network(path: &Path) -> Result<NTuple, CliError> {
    let file = File::open(path)
        .map_err(|e| CliError::input(format!("cannot open {}: {e}", path.display())))?;
    NTuple::read_from(BufReader::new(file))
        .map_err(|e| CliError::input(format!("{}: {e}", path.display())))
}
