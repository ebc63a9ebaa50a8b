#!/usr/bin/env bash
# Fetch the new-manuals PDFs (benchmarks/answer_sets) from pinned Debian packages.
#
#   bash benchmarks/answer_sets/fetch_manuals.sh DIR               # the first library (manifest.json)
#   bash benchmarks/answer_sets/fetch_manuals.sh DIR manifest-2.json  # the second library
#
# For each package in the manifest (default manifest.json; a file name in this folder, or a path):
# `apt-get download PKG=VERSION` (if that version is no longer served, the current one; the
# sha256 check then decides), `dpkg -x`, copy each listed file flat into DIR under its manifest name (`.gz` files are decompressed), and check
# every sha256 against the manifest. PDFs already in DIR with the right sha256 are kept.
# Runs `apt-get update` once (as root) when a download fails. Exit 0 only when every PDF
# is present with its pinned sha256. The PDFs are never to be committed.
# benchmarks/tables_set/fetch.sh passes its own manifest's path.
# Needs: apt-get, dpkg, gzip, sha256sum, python3 (stdlib only, to read the manifest).
set -euo pipefail

HERE="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
TARGET="${1:?usage: fetch_manuals.sh DIR [MANIFEST]}"
MANIFEST="${2:-manifest.json}"
[[ "$MANIFEST" = /* ]] || MANIFEST="$HERE/$MANIFEST"
[[ -f "$MANIFEST" ]] || { echo "fetch_manuals.sh: no manifest $MANIFEST" >&2; exit 2; }
mkdir -p "$TARGET" && TARGET="$(cd "$TARGET" && pwd)"
WORK="$(mktemp -d -t evalsets-fetch.XXXXXX)"
chmod 755 "$WORK"  # apt's _apt user writes the downloads here
trap 'rm -rf "$WORK"' EXIT

python3 - "$MANIFEST" > "$WORK/rows.tsv" <<'PY'
import json, sys
for r in json.load(open(sys.argv[1])):
    print("\t".join([r["file"], r["deb_package"], r["deb_version"], r["path_in_package"], r["sha256"]]))
PY

sha_of() { sha256sum "$1" | cut -d' ' -f1; }

need=""
while IFS=$'\t' read -r file pkg ver path sha; do
  [[ -f "$TARGET/$file" && "$(sha_of "$TARGET/$file")" == "$sha" ]] && continue
  case " $need " in *" $pkg=$ver "*) ;; *) need="$need $pkg=$ver" ;; esac
done < "$WORK/rows.tsv"

download() {  # $1 = pkg=version, into the current folder; the current version as a fallback
  apt-get download -q "$1" >/dev/null 2>&1 || apt-get download -q "${1%%=*}" >/dev/null 2>&1
}

updated=0
for pv in $need; do
  pkg="${pv%%=*}"; dl="$WORK/deb/$pkg"; mkdir -p "$dl"; chmod 755 "$dl"
  echo "== $pv"
  if ! (cd "$dl" && download "$pv"); then
    if [[ $updated -eq 0 && $(id -u) -eq 0 ]]; then apt-get update -q >/dev/null 2>&1 || true; updated=1; fi
    (cd "$dl" && download "$pv") || { echo "   ERROR: could not download $pkg"; continue; }
  fi
  deb="$(ls "$dl"/*.deb | head -n1)"
  mkdir -p "$WORK/x/$pkg" && dpkg -x "$deb" "$WORK/x/$pkg"
  while IFS=$'\t' read -r file p v path sha; do
    [[ "$p" == "$pkg" ]] || continue
    src="$WORK/x/$pkg/$path"
    if [[ ! -f "$src" ]]; then echo "   ERROR: $path not in $(basename "$deb")"; continue; fi
    case "$path" in
      *.gz) gzip -dc "$src" > "$TARGET/$file" ;;
      *) cp -f "$src" "$TARGET/$file" ;;
    esac
    chmod 644 "$TARGET/$file"
  done < "$WORK/rows.tsv"
done

fail=0
while IFS=$'\t' read -r file pkg ver path sha; do
  if [[ ! -f "$TARGET/$file" ]]; then echo "MISSING  $file"; fail=1
  elif [[ "$(sha_of "$TARGET/$file")" != "$sha" ]]; then echo "BADSHA   $file"; fail=1
  else echo "ok       $file"; fi
done < "$WORK/rows.tsv"
[[ $fail -eq 0 ]] || { echo "fetch_manuals.sh: some PDFs are missing or differ from $(basename "$MANIFEST")" >&2; exit 1; }
echo "fetch_manuals.sh: all PDFs in $TARGET match $(basename "$MANIFEST")"
