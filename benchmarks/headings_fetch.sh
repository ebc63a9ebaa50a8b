#!/usr/bin/env bash
# The heading benchmark's Debian tuning manuals (benchmarks/headings.py: tuning part). Tuning only:
# heading rules may be chosen on these; the test part's manuals are listed in headings.py.
# `bash benchmarks/headings_fetch.sh DIR [1|2|3]`: set 1 (R-data, R-intro, policy, sdccman, why3-manual),
# set 2 (gnuplot, gprolog, maximabook, sbcl, verilator, yosys-manual; added when the outline-depth
# rule came in), set 3 (Texinfo manuals whose outlines are partial or shallower than their text: gnutls,
# gcrypt, libtasn1, dejagnu, liboctave, and gmsh with a full outline; added with the outline-coverage
# rule), or all when no set is named.
set -euo pipefail
dir="${1:?usage: headings_fetch.sh DIR [1|2|3]}"
set_no="${2:-all}"
source "$(dirname "${BASH_SOURCE[0]}")/debian_manuals.sh"
# package=version  path in the package  file name in DIR  sha256
set1=(
  "r-doc-pdf=4.2.2.20221110-2 usr/share/R/doc/manual/R-data.pdf R-data.pdf 9381a39ffeb8545a745c2618ba955b4ae4e10b9c8373cd5bc1984fff8318f8ca"
  "r-doc-pdf=4.2.2.20221110-2 usr/share/R/doc/manual/R-intro.pdf R-intro.pdf 337ccd0b490b1e66f7e783b45f4588d0599730b4206c0c051edfe1419c568c51"
  "debian-policy=4.6.2.0 usr/share/doc/debian-policy/policy.pdf.gz policy.pdf 220f9366d6deb3984e84236f02f04bdd6275d6fe7b5587acd6c689dfeb99020f"
  "sdcc-doc=4.2.0+dfsg-1 usr/share/doc/sdcc-doc/sdccman.pdf.gz sdccman.pdf 8887f9fd940ee8aabe9429c28b53f264669f5c2c406688baf4b3d6c49438b2fb"
  "why3-doc-pdf=1.5.1-1 usr/share/doc/why3-doc-pdf/manual.pdf why3-manual.pdf 97e30e4ec94e0fe52221faf9ab58d5d959c320acafc4bd2362ed5cd0067dbda2"
)
set2=(
  "gnuplot-doc=5.4.4+dfsg1-2 usr/share/doc/gnuplot/gnuplot.pdf gnuplot.pdf df68dd0613f043141512fc4436d17aaf96727d5a758d85233915ac5056a97206"
  "gprolog-doc=1.4.5.0-3 usr/share/doc/gprolog-doc/gprolog.pdf gprolog.pdf 46d06561058534c299a332fe6eff7b9dac3aef03b11bd863f99a8a2d2d4ec673"
  "maxima-doc=5.46.0-11 usr/share/doc/maxima-doc/maximabook-19-Sept-2004.pdf.gz maximabook.pdf 022b4e349977d8ac6493259215092644384b76209aa79f7c7ca70902eda9b6c2"
  "sbcl-doc=2:2.2.9-1 usr/share/doc/sbcl/sbcl.pdf.gz sbcl.pdf e423ff5cdb7576ad408f7b3d7abf61b568c56665e0b39f800deabe486495d856"
  "verilator=5.006-3 usr/share/doc/verilator/verilator.pdf verilator.pdf 12b6baf803a50b056baf6c6bc96bee2df8f6653ee855997c2b54e167395ba9d4"
  "yosys-doc=0.23-6 usr/share/doc/yosys/manual.pdf yosys-manual.pdf bdc348b5b8e36505ca448f407841551615b66f995e4f718bd80fc386a487661c"
)
set3=(
  "gnutls-doc=3.7.9-2+deb12u7 usr/share/doc/gnutls-doc/gnutls.pdf gnutls.pdf d195eaf9663c9e76b580c32624209491455afaf670817e42298ac29c26716f82"
  "libgcrypt20-doc=1.10.1-3+deb12u1 usr/share/doc/libgcrypt20-doc/gcrypt.pdf.gz gcrypt.pdf d8d1ddcab7a757a50861750d5e4cf74ce41df92747736052929f95b68e64cecb"
  "libtasn1-doc=4.19.0-2+deb12u1 usr/share/doc/libtasn1-doc/libtasn1.pdf libtasn1.pdf 3917eb460d87e275f9792b3597029873fd77890ed3ccebe40bbc5a3a7ee516d3"
  "dejagnu=1.6.3-1 usr/share/doc/dejagnu/dejagnu.pdf.gz dejagnu.pdf 7ed528f61f9b05727a21208225340540ec2693209dbe88fad16bb47a1230969a"
  "octave-doc=7.3.0-2 usr/share/doc/octave/liboctave.pdf liboctave.pdf af9cc69f2056163420e94f6569eb79c8f6849c1dfc054b632675c78116b49c81"
  "gmsh-doc=4.8.4+ds2-3 usr/share/doc/gmsh-doc/gmsh.pdf.gz gmsh.pdf 2f1b8c6fb50aadaf099b731762f64e3b3fafd039dce92b8d906549b771d90eb8"
)
case "$set_no" in
  1) manuals=("${set1[@]}") ;;
  2) manuals=("${set2[@]}") ;;
  3) manuals=("${set3[@]}") ;;
  *) manuals=("${set1[@]}" "${set2[@]}" "${set3[@]}") ;;
esac
fetch_manuals "$dir" "the heading rules were tuned on" "${manuals[@]}"
