#!/usr/bin/env bash
# The reader's Debian tuning sets (issue 25): documentation manuals no other set uses.
# `bash fetch_debian_docs.sh DIR` puts set 1's five PDFs in DIR (questions: debian-docs-tune.jsonl);
# `bash fetch_debian_docs.sh DIR 2` set 2's four (questions: debian-docs-tune-2.jsonl), both 49
# questions; `bash fetch_debian_docs.sh DIR 3` the decline rule's two (SDCC, nauty; questions:
# debian-docs-2-tune.jsonl, 46, and unanswerable-debian-docs-2.jsonl, 22). All written from the page
# text before any answer was seen; tuning only, never a test figure.
# `bash fetch_debian_docs.sh DIR 4` the decline rule's paraphrase set: dot and neato guides, the ecasound user's guide,
# the CFITSIO quick start and the feynMF manual (questions: debian-docs-4-tune.jsonl, 63, asked in the user's words
# rather than the manual's, and unanswerable-debian-docs-4.jsonl, 34 near misses).
# The same five, ingested into one library, carry the follow-up tuning set followups-set4.jsonl.
# `bash fetch_debian_docs.sh DIR biber` the Biber manual (questions: followups-biber.jsonl, follow-ups).
# `bash fetch_debian_docs.sh DIR hmmer` the HMMER user's guide alone (questions: followups-hmmer.jsonl, follow-ups).
# `bash fetch_debian_docs.sh DIR velvet` the Velvet manual alone (questions: followups-velvet.jsonl, follow-ups).
# `bash fetch_debian_docs.sh DIR mrbayes` the MrBayes 3.2 manual alone (questions: followups-mrbayes.jsonl, follow-ups).
# `bash fetch_debian_docs.sh DIR doxygen` the Doxygen 1.9.4 manual alone (questions: followups-doxygen.jsonl, follow-ups).
# `bash fetch_debian_docs.sh DIR 5` set 5's six (DejaGnu, HMMER, Normaliz, PhyML, RAxML, VSEARCH;
# questions: debian-docs-tune-5.jsonl), written from the page text before the reader was run on them,
# to train and choose the reader's sentence chooser on manuals (tuning only).
# `bash fetch_debian_docs.sh DIR 6` the decline rule's set 6: the Velvet manual and its Columbus extension
# (velvet 1.2.10) and the BibTool manual (bibtool 2.68) (questions: debian-docs-tune-6.jsonl, 50, many in
# the user's words, and unanswerable-debian-docs-6.jsonl, 20 near misses), written from the page text
# before Folio was asked any of them (tuning only).
# `bash fetch_debian_docs.sh DIR r` three R manuals (r-doc-pdf 4.2.2: R-intro, R-FAQ, R-data; questions:
# r-docs-tune.jsonl, 27 naming the one-letter product R; the library for unanswerable-r.jsonl is another one).
set -euo pipefail
dir="${1:?usage: fetch_debian_docs.sh DIR [1|2|3|4|5|6|r|hmmer|biber|velvet|mrbayes|doxygen]}"
set_no="${2:-1}"
source "$(dirname "${BASH_SOURCE[0]}")/../debian_manuals.sh"
# package=version  path in the package  file name in DIR  sha256
manuals=(
  "xmlstarlet=1.6.1-3 usr/share/doc/xmlstarlet/xmlstarlet-ug.pdf.gz xmlstarlet-ug.pdf 115a5979383fdbdad3d0b35b84be32d003571c71aba7d8090440b572c3205f39"
  "cd-hit=4.8.1-4 usr/share/doc/cd-hit/cdhit-user-guide.pdf cdhit-user-guide.pdf a5d8d8c8e4c892f28fcc425c29334e3c62afc7c46ceded08fbbbe5b043290cf5"
  "dblatex-doc=0.3.12py3-2 usr/share/doc/dblatex/manual.pdf.gz dblatex-manual.pdf df5135701ca7b58397c26f405272b937a8fc9c605e33565f7cb0abac73495bc9"
  "latexdiff=1.3.2-1 usr/share/doc/latexdiff/latexdiff-man.pdf.gz latexdiff-man.pdf f7d68519a4d26a0cc217babbac0df765a79e32928ff7385f018c5260d33684ca"
  "infernal-doc=1.1.4-1 usr/share/doc/infernal/Userguide.pdf infernal-userguide.pdf 752605bf4a8bb9bbd487a791a7f6122c024915bdf9911d076f84878a0fee2843"
)
sdcc="sdcc-doc=4.2.0+dfsg-1 usr/share/doc/sdcc-doc/sdccman.pdf.gz sdccman.pdf 8887f9fd940ee8aabe9429c28b53f264669f5c2c406688baf4b3d6c49438b2fb"
hmmer="hmmer-doc=3.3.2+dfsg-1 usr/share/doc/hmmer/Userguide.pdf.gz hmmer-userguide.pdf 35a0e8094d3630d55512e9486b5e56bfa2570a839b56b3852da8527f9fe83a7a"
velvet="velvet=1.2.10+dfsg1-8 usr/share/doc/velvet/Manual.pdf velvet-manual.pdf 219ad00f8c44797eb0f70b4ffd1dd3c0b3978e8351771772c2fe251e8d7333ea"
nauty="nauty-doc=2.8.6+ds-2 usr/share/doc/nauty/nug28.pdf nug28.pdf 3ba8c8723a163283db7cd4ca583d33573b4194b07c9b6fa71c92ed95cd4a70e5"
if [ "$set_no" = 4 ]; then
  manuals=(
    "graphviz-doc=2.42.2-7+deb12u1 usr/share/doc/graphviz/pdf/dotguide.pdf.gz dotguide.pdf 6aa4a4f220de2a2a3a00f3cd48a6aebd972a2691dddfd228b97f0733b38e8066"
    "graphviz-doc=2.42.2-7+deb12u1 usr/share/doc/graphviz/pdf/neatoguide.pdf.gz neatoguide.pdf 87b9788e8388b144ac313052524b56f26e7053cbd5a24f18ffa7af75403bf4af"
    "ecasound-doc=2.9.3-4 usr/share/doc/ecasound/ecasound_users_guide.pdf.gz ecasound_users_guide.pdf 8587b57d33e82c6048cd8349f436b54c3d5bbb8b449b0b7b5d4e169eec187894"
    "libcfitsio-doc=4.2.0-3 usr/share/doc/libcfitsio-dev/quick.pdf.gz cfitsio-quick.pdf 4d9e46a8addfcd83bcfd7200096bd7feaff86753b3078a1ca50a3f05b7ee80fe"
    "feynmf=1.08-14 usr/share/doc/feynmf/manual.pdf.gz feynmf-manual.pdf ec14169464c6d9272359e35f03e91c9b16451e12ea0725f12b7a0f555e64765c"
  )
elif [ "$set_no" = 3 ]; then
  manuals=("$sdcc" "$nauty")
elif [ "$set_no" = 2 ]; then
  manuals=(
    "xfig-doc=1:3.2.8b-2 usr/share/doc/xfig/xfig-howto.pdf xfig-howto.pdf 807fa165ab27848bcf29b7869729af400d5fa8e669f8ce92c34be8a0532cddb5"
    "$nauty"
    "$sdcc"
    "bash-doc=5.2.15-2 usr/share/doc/bash/bash.pdf bash-man.pdf ebd1361fe662e7e6b7386da02986bda05a434f85667939f72356fa86de19dd6d"
  )
elif [ "$set_no" = 5 ]; then
  manuals=(
    "dejagnu=1.6.3-1 usr/share/doc/dejagnu/dejagnu.pdf.gz dejagnu.pdf 7ed528f61f9b05727a21208225340540ec2693209dbe88fad16bb47a1230969a"
    "$hmmer"
    "normaliz-doc=3.9.4+ds-2 usr/share/doc/normaliz/Normaliz.pdf normaliz.pdf 860ff1ef2f81e5d51db2e265981d680866b64294db873e8bb9e18ca3bd2f10be"
    "phyml=3:3.3.20220408-3 usr/share/doc/phyml/phyml_manual.pdf phyml-manual.pdf 3f75b9f66b5eb7c133db9ad62f711154f8e59c0b7fb27f319efda6795b8e7f1a"
    "raxml=8.2.12+dfsg-8+b2 usr/share/doc/raxml/NewManual.pdf.gz raxml-manual.pdf f276c5d786488d0de0f0e6e882f1d6a6a9286a4703f3a891713bcba6e42fa86c"
    "vsearch=2.22.1-1 usr/share/doc/vsearch/vsearch_manual.pdf.gz vsearch-manual.pdf 93256f1b3c42c1efdc92efb8b16a3f57cf79e4f3c92b61e2f8a73d8fb690a8c7"
  )
elif [ "$set_no" = 6 ]; then
  manuals=(
    "$velvet"
    "velvet=1.2.10+dfsg1-8 usr/share/doc/velvet/Columbus_manual.pdf velvet-columbus.pdf 77aaa5e92323c70952bc200e2810ae3e7954d8e2e9c95d583378e10b54efba9c"
    "bibtool=2.68+ds-1 usr/share/doc/bibtool/bibtool.pdf bibtool.pdf 7dec2a77b7935a82787246cfe30f0ea8f05b5ff9d0549f882926085b741d9ee0"
  )
elif [ "$set_no" = hmmer ]; then
  manuals=("$hmmer")
elif [ "$set_no" = velvet ]; then
  manuals=("$velvet")
elif [ "$set_no" = mrbayes ]; then
  manuals=("mrbayes-doc=3.2.7a-6 usr/share/doc/mrbayes/Manual_MrBayes_v3.2.pdf mrbayes-manual.pdf 2755675698bfe01b80e3c43345d3540a764f17c843ce1ea756329de7703e5e03")
elif [ "$set_no" = doxygen ]; then
  manuals=("doxygen-doc=1.9.4-4 usr/share/doc/doxygen/doxygen_manual.pdf doxygen-manual.pdf 2418ce24a0ceeeea04b48a68a2ae59973e38b924f6100f9ac8e8ca90e710e2da")
elif [ "$set_no" = r ]; then
  manuals=(
    "r-doc-pdf=4.2.2.20221110-2 usr/share/R/doc/manual/R-intro.pdf R-intro.pdf 337ccd0b490b1e66f7e783b45f4588d0599730b4206c0c051edfe1419c568c51"
    "r-doc-pdf=4.2.2.20221110-2 usr/share/R/doc/manual/R-FAQ.pdf R-FAQ.pdf de8768520d4fb90dad64c28483ffb92dca7dd9d8dc8556905b35c2e62a939255"
    "r-doc-pdf=4.2.2.20221110-2 usr/share/R/doc/manual/R-data.pdf R-data.pdf 9381a39ffeb8545a745c2618ba955b4ae4e10b9c8373cd5bc1984fff8318f8ca"
  )
elif [ "$set_no" = biber ]; then
  manuals=("biber=2.18-1 usr/share/texmf/doc/bibtex/biber/biber.pdf biber.pdf fbb19c2845959f4ed76956f2fc1833c8a5fb7dc2f07a17641342bcff900f9d3e")
fi
fetch_manuals "$dir" "the questions were written on" "${manuals[@]}"
