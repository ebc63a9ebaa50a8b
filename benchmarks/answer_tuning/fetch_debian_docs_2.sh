#!/usr/bin/env bash
# The decline rule's tuning set (issue 25): two Debian manuals no other set uses (SDCC, nauty).
# `bash fetch_debian_docs_2.sh DIR` puts the two PDFs in DIR; questions: debian-docs-2-tune.jsonl (46)
# and unanswerable-debian-docs-2.jsonl (22), written from the pages before any answer was seen; tuning only.
set -euo pipefail
dir="${1:?usage: fetch_debian_docs_2.sh DIR}"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
mkdir -p "$dir"
# package=version  path in the package  file name in DIR  sha256
manuals=(
  "sdcc-doc=4.2.0+dfsg-1 usr/share/doc/sdcc-doc/sdccman.pdf.gz sdccman.pdf 8887f9fd940ee8aabe9429c28b53f264669f5c2c406688baf4b3d6c49438b2fb"
  "nauty-doc=2.8.6+ds-2 usr/share/doc/nauty/nug28.pdf nug28.pdf 3ba8c8723a163283db7cd4ca583d33573b4194b07c9b6fa71c92ed95cd4a70e5"
)
download() {  # the pinned version, else the current one (the sha256 decides whether it is the same PDF)
  (cd "$work" && { apt-get download "$1" >/dev/null 2>&1 || apt-get download "${1%%=*}" >/dev/null 2>&1 \
    || { apt-get update >/dev/null && apt-get download "${1%%=*}" >/dev/null; }; })
}
for row in "${manuals[@]}"; do
  read -r pkg path name sum <<<"$row"
  download "$pkg"
  dpkg -x "$work/${pkg%%=*}"_*.deb "$work/x"
  case "$path" in
    *.gz) gunzip -c "$work/x/$path" > "$dir/$name" ;;
    *) cp "$work/x/$path" "$dir/$name" ;;
  esac
  echo "$sum  $dir/$name" | sha256sum -c --quiet \
    || echo "note: $name differs from the one the questions were written on ($pkg)" >&2
done
ls "$dir"
