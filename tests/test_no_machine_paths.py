"""No committed file names a path of the machine it was written on.

The rule, precisely: a committed text file (`git ls-files`) fails when it holds an absolute
POSIX path under one of MACHINE_ROOTS (the folder itself or anything below it) written
where a path starts: at the start of a line or after a space, quote, backquote, bracket,
`=`, `,` or `:` that does not end a URL scheme. Those roots are where people and CI
machines keep checkouts, homes and scratch data, so such a path works on one machine only.

Not flagged, on purpose:
- system locations that are the same on every machine of the supported platforms
  (Debian's Chromium under usr/bin, the null device, /proc files, /etc files);
- URLs (`http://host/tmp/x`: the path follows a host name, not a separator);
- home-relative and relative paths (`~/papers`, `../shared/bench`, `assets/x.png`).
Write a folder as an argument, an environment variable, `tempfile.gettempdir()` or a
path relative to the repository instead. Binary files (screenshots) are not read.
"""
from __future__ import annotations

import re
import subprocess
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
MACHINE_ROOTS = ("work", "tmp", "var/tmp", "root", "home", "Users", "mnt", "scratch")
# A path starts at the line start or after one of these; "://" (a URL) never starts one.
_START = r"(?:^|(?<=[\s\"'`(\[{=,])|(?<=[^:/]:))"
MACHINE_PATH = re.compile(_START + "/(?:" + "|".join(map(re.escape, MACHINE_ROOTS)) + r")(?=[/\s\"'`)\]},:;.]|$)",
                          re.MULTILINE)


def machine_paths(text: str) -> list[tuple[int, str]]:
    """(line number, line) for each line of `text` holding a machine path."""
    return [(n, line.strip()) for n, line in enumerate(text.splitlines(), start=1) if MACHINE_PATH.search(line)]


def committed_text_files() -> list[Path]:
    """Every file git tracks in this checkout that exists and reads as UTF-8 text."""
    names = subprocess.run(["git", "ls-files", "-z"], cwd=ROOT, capture_output=True, check=True).stdout
    files = []
    for name in filter(None, names.decode().split("\0")):
        path = ROOT / name
        if not path.is_file():
            continue
        data = path.read_bytes()
        if b"\0" in data:
            continue
        try:
            data.decode("utf-8")
        except UnicodeDecodeError:
            continue
        files.append(path)
    return files


def test_the_rule_on_examples():
    s = "/"  # the examples are spelled in parts, so this file holds no machine path itself
    flagged = [f"cd {s}work{s}shared{s}bench", f'default="{s}tmp"', f"--dir={s}tmp{s}x", f"[{s}home{s}me{s}a.pdf]",
               f"`{s}root{s}.cache`", f"{s}var{s}tmp{s}x", f"x:{s}mnt{s}data", f"{s}Users{s}me{s}papers"]
    kept = [f"{s}usr{s}bin{s}chromium", f"{s}dev{s}null", f"{s}proc{s}cpuinfo", f"http://h{s}tmp{s}x",
            f"file://{s}tmp{s}x", f"~{s}papers", f"..{s}shared{s}bench", f"a{s}tmp{s}b", f"{s}workspace",
            f"{s}temporary", "and/or root", f"{s}etc{s}os-release"]
    assert [x for x in flagged if not machine_paths(x)] == []
    assert [x for x in kept if machine_paths(x)] == []


def test_no_committed_file_holds_a_machine_path():
    files = committed_text_files()
    assert len(files) > 50  # git answered: the repository's files were read
    found = [f"{path.relative_to(ROOT)}:{n}: {line[:120]}"
             for path in files for n, line in machine_paths(path.read_text("utf-8"))]
    assert found == [], "absolute paths of one machine (see this test's docstring):\n" + "\n".join(found)
