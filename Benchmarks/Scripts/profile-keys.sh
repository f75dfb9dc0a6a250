#!/bin/sh
# Counts the instructions of `tstack browse FILE` on a real terminal (a tmux window of 120x40)
# while it takes KEYS presses of KEY (tmux's name: Down, the default, scrolls a line; j goes to
# the next item), sent 0.2 s apart so none is coalesced: callgrind on the binary given, its
# output in OUT. Run it with 0 keys too and subtract (startup and exit).
#   Benchmarks/Scripts/profile-keys.sh BINARY FILE KEYS OUT [KEY]
# (Give it a `strip --strip-debug` copy of the release binary.)
set -eu
binary=$1 file=$2 keys=$3 out=$4 key=${5:-Down}
socket=$(mktemp -u /tmp/tstack-profile.XXXXXX)
tmux -S "$socket" -f /dev/null new-session -d -s profile -x 120 -y 40 -e TERM=tmux-256color -e LANG=C.UTF-8 \
  -e TSTACK_ANIMATIONS=none "valgrind --tool=callgrind --callgrind-out-file=$out $binary browse $file; sleep 30"
sleep 8
i=0
while [ "$i" -lt "$keys" ]; do tmux -S "$socket" send-keys -t profile "$key"; sleep 0.2; i=$((i + 1)); done
sleep 3
tmux -S "$socket" send-keys -t profile q
for _ in 1 2 3 4 5 6 7 8 9 10; do [ -s "$out" ] && break; sleep 1; done
tmux -S "$socket" kill-server 2>/dev/null || true
grep '^totals' "$out"
