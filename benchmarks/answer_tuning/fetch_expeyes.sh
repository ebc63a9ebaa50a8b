#!/usr/bin/env bash
# A second tuning library for the decline rule and the follow-up rewrite (issue 25): the expEYES
# manuals from Debian's expeyes-doc-en, which no test set uses. `bash fetch_expeyes.sh DIR` puts
# en-eyesj-progman.pdf and en-eyes.pdf in DIR; questions: followups-expeyes.jsonl and
# unanswerable-expeyes.jsonl (tuning only).
set -euo pipefail
dir="${1:?usage: fetch_expeyes.sh DIR}"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
mkdir -p "$dir"
(cd "$work" && { apt-get download expeyes-doc-en >/dev/null 2>&1 || { apt-get update >/dev/null && apt-get download expeyes-doc-en >/dev/null; }; })
dpkg -x "$work"/expeyes-doc-en_*.deb "$work/x"
cp "$work/x/usr/share/expeyes/doc/en-eyesj-progman.pdf" "$work/x/usr/share/expeyes/doc/en-eyes.pdf" "$dir/"
(cd "$dir" && sha256sum -c --quiet) <<SUMS || echo "note: the PDFs differ from the ones the questions were written on (expeyes-doc-en 4.3-3)" >&2
781ee028c667883dab81814c4658c1112037770db51f955823698c8b66700d91  en-eyesj-progman.pdf
638d1fe79c3c30d9c0738bc00486c47073161406159dd16dc67054f54ebfa01e  en-eyes.pdf
SUMS
echo "$dir"
