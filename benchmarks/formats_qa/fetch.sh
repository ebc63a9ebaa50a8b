#!/usr/bin/env bash
# Put the 8 real documents of questions.jsonl into DIR (Debian packages: apt-get download + dpkg -x;
# the Markdown files come from packages installed on Debian 12: procps, python3-pip, systemd, git).
#   bash benchmarks/formats_qa/fetch.sh DIR
set -euo pipefail
DIR=${1:?usage: fetch.sh DIR}
mkdir -p "$DIR/deb" "$DIR/x"
(cd "$DIR/deb" && apt-get download git-doc live-manual-epub procps python3-pip systemd git >/dev/null)
for deb in "$DIR"/deb/*.deb; do dpkg -x "$deb" "$DIR/x"; done
D="$DIR/x/usr/share/doc"
cp "$D/procps/bugs.md" "$D/python3-pip/html/installation.md" "$D/systemd/DISTRO_PORTING.md" "$D/git/README.md" \
   "$D/git-doc/git-stash.html" "$D/git-doc/git-tag.html" "$D/git-doc/git-bisect.html" \
   "$D/live-manual/epub/live-manual.en.epub" "$DIR/"
ls "$DIR"/*.md "$DIR"/*.html "$DIR"/*.epub
