//! `boardkit serve`: the JSON API of `boardkit-web` on a local address.
//!
//! This module only fronts the crate: it checks the address, builds a tokio
//! runtime, prints the URL once the socket is bound and serves until the
//! process ends.

use std::net::SocketAddr;

use clap::Args;

use crate::error::CliError;

/// Arguments of `serve`.
#[derive(Args, Debug)]
pub struct ServeArgs {
    /// The address to listen on. Anything but a loopback address makes the
    /// API reachable from other machines, and prints a warning.
    #[arg(long, value_name = "ADDR", default_value_t = boardkit_web::DEFAULT_ADDR)]
    pub bind: SocketAddr,
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

/// Runs `serve`: returns only when binding or serving fails.
pub fn run(args: &ServeArgs) -> Result<String, CliError> {
    if let Some(warning) = exposure_warning(args.bind) {
        eprintln!("{warning}");
    }
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .build()
        .map_err(|e| CliError::input(format!("cannot start the server: {e}")))?;
    runtime
        .block_on(boardkit_web::serve(
            args.bind,
            boardkit_web::Config::default(),
            |addr| println!("{}", serving_line(addr)),
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
}
