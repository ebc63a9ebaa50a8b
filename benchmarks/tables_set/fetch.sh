#!/usr/bin/env bash
# Fetch the PDFs of the table questions (benchmarks/tables_set) from pinned Debian packages:
# the steps of benchmarks/answer_sets/fetch_manuals.sh, reading this folder's manifest.json.
#
#   bash benchmarks/tables_set/fetch.sh DIR
set -euo pipefail
HERE="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
exec bash "$HERE/../answer_sets/fetch_manuals.sh" "${1:?usage: fetch.sh DIR}" "$HERE/manifest.json"
