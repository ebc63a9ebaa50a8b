#!/usr/bin/env bash
# The reader's own tuning manual (issue 25): the Yorick manual from Debian's yorick-doc, which no
# test set uses. `bash fetch_yorick.sh DIR` puts yorick.pdf in DIR;
# questions: yorick-doc.jsonl (36, written from the pages before tuning; tuning only).
set -euo pipefail
dir="${1:?usage: fetch_yorick.sh DIR}"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
mkdir -p "$dir"
(cd "$work" && { apt-get download yorick-doc >/dev/null 2>&1 || { apt-get update >/dev/null && apt-get download yorick-doc >/dev/null; }; })
dpkg -x "$work"/yorick-doc_*.deb "$work/x"
gunzip -c "$work/x/usr/share/doc/yorick-doc/manual/yorick.pdf.gz" > "$dir/yorick.pdf"
echo "a386c4e3517eee9c27dd411062755df007b75f5fbd99920990ffb202e5aeb73b  $dir/yorick.pdf" | sha256sum -c --quiet \
  || echo "note: yorick.pdf differs from the one the questions were written on (yorick-doc 2.2.04+dfsg1-12)" >&2
echo "$dir/yorick.pdf"
