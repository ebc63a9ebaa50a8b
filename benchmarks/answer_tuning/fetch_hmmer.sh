#!/usr/bin/env bash
# The follow-up tuning set over the HMMER user's guide (issue 25): `bash fetch_hmmer.sh DIR` puts
# hmmer-userguide.pdf (Debian hmmer-doc 3.3.2+dfsg-1, 227 pages, used by no other set) in DIR;
# questions: followups-hmmer.jsonl (tuning only, never a test figure).
set -euo pipefail
dir="${1:?usage: fetch_hmmer.sh DIR}"
source "$(dirname "${BASH_SOURCE[0]}")/../debian_manuals.sh"
fetch_manuals "$dir" "the questions were written on" \
  "hmmer-doc=3.3.2+dfsg-1 usr/share/doc/hmmer/Userguide.pdf.gz hmmer-userguide.pdf 35a0e8094d3630d55512e9486b5e56bfa2570a839b56b3852da8527f9fe83a7a"
