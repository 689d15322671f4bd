#!/usr/bin/env python3
"""Checks that no package in the dependency graph needs a newer Rust than
the workspace's declared `rust-version`, so README's minimum holds.

Run by .ci/run: `python3 scripts/check-msrv.py`.
"""
import json
import subprocess
import sys


def version(text):
    return tuple(int(part) for part in text.split("."))


def main():
    meta = json.loads(
        subprocess.run(
            ["cargo", "metadata", "--format-version", "1", "--locked"],
            check=True,
            capture_output=True,
            text=True,
        ).stdout
    )
    members = set(meta["workspace_members"])
    ours = {p["rust_version"] for p in meta["packages"] if p["id"] in members}
    if len(ours) != 1 or None in ours:
        print(f"msrv: the workspace members declare {sorted(map(str, ours))}; expected one rust-version")
        return 1
    msrv = ours.pop()
    newer = [
        f"{p['name']} {p['version']} needs {p['rust_version']}"
        for p in meta["packages"]
        if p["id"] not in members
        and p.get("rust_version")
        and version(p["rust_version"]) > version(msrv)
    ]
    if newer:
        print(f"msrv: the workspace declares rust-version {msrv}, but:")
        for line in newer:
            print(f"  {line}")
        return 1
    print(f"msrv: every dependency builds with Rust {msrv}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
