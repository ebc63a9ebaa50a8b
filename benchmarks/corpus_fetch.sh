#!/usr/bin/env bash
# Rebuild the real-PDF corpus of benchmarks/corpus_check.py (issue 19) from public repositories.
#
#   bash benchmarks/corpus_fetch.sh OUT_DIR [MIRROR_ROOT]
#
# Every file of benchmarks/corpus_manifest.tsv is taken from its repository at the listed
# commit (py-pdf/sample-files, pdfminer/pdfminer.six, py-pdf/pypdf: their test and sample
# PDFs, from pdfTeX, LibreOffice, Google Docs, ReportLab, Qt/pdfkit, ImageMagick, WeasyPrint,
# Ghostscript, FPDF, Inkscape, matplotlib, Acrobat Distiller and others) and checked against its
# sha256. The files stay out of this repository (some are marked non-free by their source).
# With MIRROR_ROOT, a folder holding git clones named OWNER+NAME/repo (or OWNER+NAME) is read;
# without it, each repository is cloned (blobless) into OUT_DIR/.repos first.
set -euo pipefail
out="${1:?usage: corpus_fetch.sh OUT_DIR [MIRROR_ROOT]}"
mirrors="${2:-}"
manifest="$(dirname "$0")/corpus_manifest.tsv"
mkdir -p "$out"

git_dir() {  # the git directory of a repository, cloned on first use when no mirror is given
  local repo="$1" key="${1/\//+}"
  if [[ -n "$mirrors" ]]; then
    for d in "$mirrors/$key/repo" "$mirrors/$key"; do
      [[ -d "$d" ]] && { echo "$d"; return; }
    done
    echo "no mirror of $repo under $mirrors" >&2; return 1
  fi
  local dir="$out/.repos/$key"
  [[ -d "$dir" ]] || git clone --quiet --bare --filter=blob:none "https://github.com/$repo" "$dir" >&2
  echo "$dir"
}

bad=0
while IFS=$'\t' read -r repo commit path name sha; do
  [[ -z "$repo" || "$repo" == \#* ]] && continue
  git -C "$(git_dir "$repo")" show "$commit:$path" > "$out/$name"
  if [[ "$(sha256sum "$out/$name" | cut -d' ' -f1)" != "$sha" ]]; then
    echo "sha256 mismatch: $name ($repo $path)" >&2; bad=1
  fi
done < "$manifest"
echo "$(grep -vc '^#' "$manifest") files in $out"
exit "$bad"
