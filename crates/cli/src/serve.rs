//! `boardkit serve`: the web pages and JSON API of `boardkit-web` on a local
//! address.
//!
//! This module only fronts the crate: it checks the address, builds a tokio
//! runtime, prints the URL once the socket is bound (and with `--open`
//! opens it in the default browser) and serves until the process ends.

use std::net::{IpAddr, Ipv4Addr, Ipv6Addr, SocketAddr};

use clap::Args;

use crate::error::CliError;
use crate::g2048::tables::{Lines, TablesArgs};

/// Arguments of `serve`.
#[derive(Args, Debug)]
pub struct ServeArgs {
    /// The address to listen on. Anything but a loopback address makes the
    /// API reachable from other machines, and prints a warning.
    #[arg(long, value_name = "ADDR", default_value_t = boardkit_web::DEFAULT_ADDR)]
    pub bind: SocketAddr,
    /// Open the pages in the default browser ($BROWSER when it is set) once
    /// the server listens. A browser that cannot be opened is a warning:
    /// the server goes on.
    #[arg(long)]
    pub open: bool,
    /// The 2048 AI's lookup tables, as `2048 ai` has them: read, or built
    /// in the background while the server already answers (the AI searches
    /// every board until they are ready).
    #[command(flatten)]
    pub tables: TablesArgs,
}

/// The warning printed before serving on `addr`, when it is not loopback.
fn exposure_warning(addr: SocketAddr) -> Option<String> {
    (!addr.ip().is_loopback()).then(|| {
        format!(
            "warning: serving on {addr}, which is not a loopback address: other machines on the network can reach the API"
        )
    })
}

/// The line printed once the socket is bound.
fn serving_line(addr: SocketAddr) -> String {
    format!("boardkit: serving on http://{addr}/")
}

/// The address a browser on this machine reaches `addr` at: loopback for
/// an unspecified address (`0.0.0.0`, `::`).
fn browse_url(addr: SocketAddr) -> String {
    let ip = match addr.ip() {
        IpAddr::V4(ip) if ip.is_unspecified() => IpAddr::V4(Ipv4Addr::LOCALHOST),
        IpAddr::V6(ip) if ip.is_unspecified() => IpAddr::V6(Ipv6Addr::LOCALHOST),
        ip => ip,
    };
    format!("http://{}/", SocketAddr::new(ip, addr.port()))
}

/// The warning printed when the browser cannot be opened on `url`.
fn open_warning(url: &str, error: &dyn std::fmt::Display) -> String {
    format!("warning: cannot open {url} in a browser: {error}")
}

/// Opens `url` in the default browser on a thread of its own (so serving
/// does not wait for it); a failure is printed as a warning.
fn open_in_browser(url: String) {
    std::thread::spawn(move || {
        if let Err(e) = opener::open_browser(&url) {
            eprintln!("{}", open_warning(&url, &e));
        }
    });
}

/// Runs `serve`: returns only when binding or serving fails.
pub fn run(args: &ServeArgs) -> Result<String, CliError> {
    if let Some(warning) = exposure_warning(args.bind) {
        eprintln!("{warning}");
    }
    let tables = boardkit_web::TablesSlot::default();
    if !args.tables.no_tables {
        let (wanted, slot) = (args.tables.clone(), tables.clone());
        std::thread::spawn(move || match wanted.load_reporting(&mut Lines::default()) {
            Ok(loaded) => slot.set(loaded),
            Err(e) => eprintln!("warning: the AI plays without lookup tables: {}", e.message),
        });
    }
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .build()
        .map_err(|e| CliError::input(format!("cannot start the server: {e}")))?;
    runtime
        .block_on(boardkit_web::serve_with_tables(
            args.bind,
            boardkit_web::Config::default(),
            tables,
            |addr| {
                println!("{}", serving_line(addr));
                if args.open {
                    open_in_browser(browse_url(addr));
                }
            },
        ))
        .map_err(|e| CliError::input(format!("cannot serve on {}: {e}", args.bind)))?;
    Ok(String::new())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_default_address_is_loopback_and_quiet() {
        let args = <ServeArgs as clap::FromArgMatches>::from_arg_matches(
            &<ServeArgs as clap::Args>::augment_args(clap::Command::new("serve"))
                .get_matches_from(["serve"]),
        )
        .unwrap();
        assert_eq!(args.bind.to_string(), "127.0.0.1:8048");
        assert_eq!(exposure_warning(args.bind), None);
        assert_eq!(
            serving_line(args.bind),
            "boardkit: serving on http://127.0.0.1:8048/"
        );
    }

    #[test]
    fn other_addresses_are_warned_about() {
        let any: SocketAddr = "0.0.0.0:8048".parse().unwrap();
        assert!(exposure_warning(any)
            .unwrap()
            .starts_with("warning: serving on 0.0.0.0:8048, which is not a loopback address"));
        let v6: SocketAddr = "[::1]:9000".parse().unwrap();
        assert_eq!(exposure_warning(v6), None);
        assert_eq!(serving_line(v6), "boardkit: serving on http://[::1]:9000/");
    }

    #[test]
    fn the_browser_opens_unspecified_addresses_on_loopback() {
        let url = |a: &str| browse_url(a.parse().unwrap());
        assert_eq!(url("0.0.0.0:8048"), "http://127.0.0.1:8048/");
        assert_eq!(url("[::]:80"), "http://[::1]:80/");
        assert_eq!(url("192.0.2.7:8048"), "http://192.0.2.7:8048/");
        assert_eq!(url("127.0.0.1:9"), "http://127.0.0.1:9/");
        assert_eq!(
            open_warning("http://127.0.0.1:9/", &"no browser"),
            "warning: cannot open http://127.0.0.1:9/ in a browser: no browser"
        );
    }
}
