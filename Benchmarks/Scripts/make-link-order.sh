#!/bin/sh
# Writes the link order of tstack's code (Sources/CLI/tstack.order): the functions a browse
# runs, so the linker puts them side by side. A process's resident memory counts every page of
# the binary the kernel maps around a page it faults in (64 KiB at a time), and the code a
# browse runs was spread over the whole 6 MB of code: it all became resident (VmHWM) for a few
# hundred kilobytes run.
#
# Runs BINARY under callgrind in a 120x40 tmux window on the stack document FILE (a big one, read
# lazily, and what the keys benchmark presses: Down, PgDn, End, Home), then on the demo, and
# lists every function that ran, by its symbol (lld's `--symbol-ordering-file`; each function is
# in a section of its own with `-function-sections`).
#   Benchmarks/Scripts/make-link-order.sh BINARY FILE
# (BINARY: a `strip --strip-debug` copy of a release build: valgrind cannot read its debug
# information.)
set -eu
binary=$1 file=$2
here=$(cd "$(dirname "$0")" && pwd)
out=$(mktemp -d /tmp/tstack-order.XXXXXX)
run() {
  socket=$out/socket
  tmux -S "$socket" -f /dev/null new-session -d -s order -x 120 -y 40 -e TERM=tmux-256color -e LANG=C.UTF-8 \
    -e TSTACK_ANIMATIONS=none "valgrind --tool=callgrind --demangle=no --callgrind-out-file=$out/$2 $binary browse $1; sleep 30"
  sleep 20
  for key in Down Down Down NPage NPage End Home End Home j k /; do
    tmux -S "$socket" send-keys -t order "$key"; sleep 0.5
  done
  tmux -S "$socket" send-keys -t order step Enter; sleep 1
  tmux -S "$socket" send-keys -t order n; sleep 0.5
  tmux -S "$socket" send-keys -t order q
  for _ in 1 2 3 4 5 6 7 8 9 10; do [ -s "$out/$2" ] && break; sleep 1; done
  tmux -S "$socket" kill-server 2>/dev/null || true
}
run "$file" big
run "$here/../../Examples/origami.json" demo
# Every function that ran, in the order callgrind first names it, a name once (its recursion
# marks `'2` dropped; addresses without a name and its own entries left out).
cat "$out/big" "$out/demo" | sed -n "s/^c\{0,1\}fn=([0-9]*) //p" | sed "s/'[0-9]*\$//" |
  awk '!seen[$0]++ && $0 !~ /^0x/ && $0 !~ /[ ()]/ { print }' > "$here/../../Sources/CLI/tstack.order"
wc -l "$here/../../Sources/CLI/tstack.order"
rm -rf "$out"
