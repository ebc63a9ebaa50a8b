#!/usr/bin/env bash
# The follow-up tuning set over the bzip2 manual (issue 25): `bash fetch_bzip2.sh DIR` puts
# bzip2-manual.pdf (Debian bzip2-doc 1.0.8-5, 38 pages, used by no other set) in DIR;
# questions: followups-bzip2.jsonl (tuning only, never a test figure).
set -euo pipefail
dir="${1:?usage: fetch_bzip2.sh DIR}"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
mkdir -p "$dir"
(cd "$work" && { apt-get download bzip2-doc=1.0.8-5 >/dev/null 2>&1 || apt-get download bzip2-doc >/dev/null 2>&1 \
  || { apt-get update >/dev/null && apt-get download bzip2-doc >/dev/null; }; })
dpkg -x "$work"/bzip2-doc_*.deb "$work/x"
gunzip -c "$work/x/usr/share/doc/bzip2/manual.pdf.gz" > "$dir/bzip2-manual.pdf"
echo "1dd1f12b3dcb0894481708881ed8d052c769f3820c06839c702c8cfad973d7d3  $dir/bzip2-manual.pdf" | sha256sum -c --quiet \
  || echo "note: bzip2-manual.pdf differs from the one the questions were written on" >&2
ls "$dir"
