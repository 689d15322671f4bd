//! What the table experiments share: the tables a command line names, read
//! from a folder or built and saved there. (The examples cannot use
//! `boardkit-cache`, which depends on this crate.)

use boardkit_2048::tables::{Region, Subproblem, Table};

/// The tables of `spec`, a comma-separated list of region names as
/// [`Region::named`] takes them, each with the goals from 2^`lowest` up to
/// the tile after a colon (`3p2s:128`; 256 when absent); unknown names
/// (`none`) and goals a region cannot have are left out. Each is read from
/// `dir`, or built and saved there when missing or damaged.
pub fn tables(dir: &str, spec: &str, lowest: u8) -> Vec<Table> {
    let subs: Vec<Subproblem> = spec
        .split(',')
        .filter_map(|part| {
            let (name, largest) = part.split_once(':').unwrap_or((part, "256"));
            let region = Region::named(name)?;
            let largest = largest
                .parse::<u32>()
                .ok()
                .filter(|t| t.is_power_of_two())?;
            let top = u8::try_from(largest.trailing_zeros()).ok()?;
            Some((lowest..=top).map(move |goal| Subproblem { region, goal }))
        })
        .flatten()
        .filter(|sub| sub.check().is_ok())
        .collect();
    let tables: Vec<Table> = subs
        .into_iter()
        .filter_map(|sub| {
            let path = std::path::Path::new(dir).join(sub.file_name());
            std::fs::File::open(&path)
                .ok()
                .and_then(|file| Table::read_from(sub, &mut std::io::BufReader::new(file)).ok())
                .or_else(|| {
                    eprintln!("{} missing or damaged: building it", path.display());
                    let table = Table::build(sub, |_, _| {}).ok()?;
                    let saved = std::fs::File::create(&path)
                        .and_then(|file| table.write_to(&mut std::io::BufWriter::new(file)));
                    if let Err(e) = saved {
                        eprintln!("{}: not saved: {e}", path.display());
                    }
                    Some(table)
                })
        })
        .collect();
    eprintln!("{} tables", tables.len());
    tables
}
