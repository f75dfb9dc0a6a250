# tstack — `make run` builds and opens the demo; `make test` runs every test.
# Both first make sure the system packages are there (ncursesw headers, tmux).

SWIFT   ?= swift
PREFIX  ?= /usr/local
DOC     ?= Examples/origami.json
RELEASE_BIN = $(shell $(SWIFT) build -c release --show-bin-path)
# Release programs link the Swift runtime in: no dynamic symbol binding at start (a third of
# `tstack --version`'s time) and direct calls into the runtime on every key. Cross-module
# optimization lets the viewer specialize the engine's and the widgets' generic code for its own
# rows (a Down paid for ~60 generic metadata lookups: 0.216 → 0.164 M instructions). Each function in a
# section of its own, and the functions a browse runs side by side (Sources/CLI/tstack.order,
# made by Benchmarks/Scripts/make-link-order.sh; lld's option): the kernel maps the binary
# 64 KiB around each page touched, and code spread over 6 MB was all resident.
LINK_ORDER = -Xswiftc -Xfrontend -Xswiftc -function-sections -Xcc -ffunction-sections \
    -Xswiftc -use-ld=lld -Xlinker --symbol-ordering-file=$(CURDIR)/Sources/CLI/tstack.order \
    -Xlinker --no-warn-symbol-ordering
# The start of a process is the loader's: the C++ library the Swift runtime needs, linked in
# (STATIC_CXX: a folder holding only its archive, searched first), spares the loader its 4,300
# symbol lookups (13.7 → 11.8 M instructions to a browse's first frame); packed relative
# relocations (DT_RELR, glibc 2.36) make the 650 KB table of 27,000 pointers to fix 5 KB.
# The archive is the one of the GCC installation the toolchain's clang links with (no gcc needed).
# DT_RELR only where the C library reads it: a binary with it does not start on glibc < 2.36.
# The unwinder (libgcc) linked in too, and no `$ORIGIN` run path: no libgcc_s.so to look for,
# map and relocate, nor its constructor asking the processor's features (CPUID, a trip to the
# hypervisor in a VM), nor a search of the binary's folder before every library's (7.32 → 6.93
# ms to a browse's first screen on a pty, medians of 40).
STATIC_CXX = $(CURDIR)/.build/static-cxx
# The C libraries of search and of the input formats, linked in the same way where Debian's -dev
# packages ship their archives: each shared one cost the loader a lookup and a mapping at start.
STATIC_C = pcre2-8 z zstd lzma bz2 yaml
SWIFT_CLANG = $(dir $(shell command -v $(SWIFT)))clang
PACKED_RELOCS = $(shell ldd --version 2>/dev/null | head -1 | \
    awk '{ split($$NF, v, "."); if (v[1] > 2 || (v[1] == 2 && v[2] >= 36)) print "-Xlinker -z -Xlinker pack-relative-relocs" }')
LINK_START = $(PACKED_RELOCS) -Xlinker -L$(STATIC_CXX) -Xswiftc -Xclang-linker -Xswiftc -static-libgcc --disable-local-rpath
RELEASE = $(SWIFT) build -c release --static-swift-stdlib -Xswiftc -cross-module-optimization $(LINK_ORDER) $(LINK_START)

.PHONY: all deps static-cxx build run test test-asan test-tsan check-embedding docs logs fuzz bench bench-e2e demo procs chat install clean

all: build

# Checks for the ncursesw, PCRE2, zlib, zstd, xz, bzip2 and libyaml headers, tmux and groff (the tests check the man page);
# installs them with apt-get when running as root,
# else prints the exact command and stops.
deps:
	@missing=""; \
	[ -f /usr/include/ncursesw/ncurses.h ] || missing="$$missing libncursesw5-dev"; \
	[ -f /usr/include/pcre2.h ] || missing="$$missing libpcre2-dev"; \
	[ -f /usr/include/zlib.h ] || missing="$$missing zlib1g-dev"; \
	[ -f /usr/include/zstd.h ] || missing="$$missing libzstd-dev"; \
	[ -f /usr/include/lzma.h ] || missing="$$missing liblzma-dev"; \
	[ -f /usr/include/bzlib.h ] || missing="$$missing libbz2-dev"; \
	[ -f /usr/include/yaml.h ] || missing="$$missing libyaml-dev"; \
	command -v tmux >/dev/null 2>&1 || missing="$$missing tmux"; \
	command -v groff >/dev/null 2>&1 || missing="$$missing groff-base"; \
	if [ -n "$$missing" ]; then \
	  if [ "$$(id -u)" = 0 ] && command -v apt-get >/dev/null 2>&1; then \
	    echo "installing:$$missing"; \
	    apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq $$missing; \
	  else \
	    echo "tstack needs:$$missing"; \
	    echo "install with: sudo apt-get install -y$$missing"; \
	    exit 1; \
	  fi; \
	fi

build: deps static-cxx
	$(RELEASE) --product tstack

# The C++ library's archive where LINK_START looks first (when the toolchain's GCC installation
# has one: without it, the shared library is linked as before, and this says so).
static-cxx:
	@mkdir -p $(STATIC_CXX); archive=$$($(SWIFT_CLANG) -print-file-name=libstdc++.a 2>/dev/null); \
	if [ -f "$$archive" ]; then ln -sf "$$archive" $(STATIC_CXX)/libstdc++.a; \
	else echo "note: no libstdc++.a beside $(SWIFT_CLANG): the C++ library is linked as a shared one"; fi
	@for library in $(STATIC_C); do \
	  archive=$$(ls /usr/lib/*/lib$$library.a /usr/lib/lib$$library.a 2>/dev/null | head -1); \
	  if [ -n "$$archive" ]; then ln -sf "$$archive" $(STATIC_CXX)/lib$$library.a; fi; \
	done

run: build
	"$(RELEASE_BIN)/tstack" browse $(DOC)

test: deps
	$(SWIFT) build --build-tests
	$(SWIFT) test --skip-build

# The engine's benchmarks (ordo-one/benchmark, in their own package under Benchmarks/).
# Every test again, built with AddressSanitizer (its own build folder). The tests are Swift
# Testing only: XCTest's runner (run first by default, with no tests) leaks a few objects of its
# own, which LeakSanitizer would report as a failure.
test-asan: deps
	$(SWIFT) build --build-tests --scratch-path .build-asan -Xswiftc -sanitize=address
	$(SWIFT) test --skip-build --scratch-path .build-asan --disable-xctest

# The tests whose code runs on several threads (the background scans, the input spool, counts,
# sorts, searches, filters and exports on two cores, the browser taking in what they found), built with
# ThreadSanitizer (its own build folder).
TSAN_TESTS = LazyDocumentTests|InputSpoolTests|GrowingDocumentTests|BigDocumentTests|GrowingFileTests|FollowModeTests|TreeOutlineTests|WholeInputAnswerTests|TreeAnswersTests|SummaryTests|SummaryViewerTests|RecordSortTests|RecordQueryTests|RowSearchTests|ColumnsPassTests|CSVRowsTests
test-tsan: deps
	$(SWIFT) build --build-tests --scratch-path .build-tsan -Xswiftc -sanitize=thread
	TSAN_OPTIONS=halt_on_error=1 $(SWIFT) test --skip-build --scratch-path .build-tsan --disable-xctest \
	    --filter '$(TSAN_TESTS)'

# A package outside this one (Examples/Embedding) that depends on the TStack product alone,
# built and run as a new user would: it must link, and scroll a million rows to an id. Its
# LightList depends on TStackUI alone and is built on its own: nothing of the data module or
# the viewer may be built for it.
check-embedding: deps
	cd Examples/Embedding && $(SWIFT) build --scratch-path .build
	cd Examples/Embedding && ./.build/debug/Embedding | grep -q '^999000: GET /item/999000 200$$'
	cd Examples/Embedding && ./.build/debug/Embedding | grep -q '^selected line-999001$$'
	cd Examples/Embedding && test "$$(./.build/debug/EngineOnly)" = 500000
	@echo "check-embedding: a package with 'import TStack' scrolled 1,000,000 rows to line-999000"
	cd Examples/Embedding && $(SWIFT) build --scratch-path .build-light --product LightList
	cd Examples/Embedding && $(SWIFT) build --scratch-path .build-light --product FoldableTree
	cd Examples/Embedding && ./.build-light/debug/FoldableTree | grep -q '^ *▌ *    /src/lib$$'
	cd Examples/Embedding && test -z "$$(find .build-light/debug/DocumentData.build .build-light/debug/DocumentViewer.build -name '*.o')"
	cd Examples/Embedding && out="$$(./.build-light/debug/LightList)" && echo "$$out" && \
	  echo "$$out" | grep -q 'pid-500000 line 3; after removing rows above: pid-500002 line 5; after it went: pid-500003 line 5; 3 refreshes in 6 frames; snapshot ok$$'
	@echo "check-embedding: 'import TStackUI' built without the data, PCRE2 or the viewer; reloads kept the line; the snapshot matched"

# DocC for the library: the four modules and the TStack landing page with its article, in one
# archive (.build/docs/TStack.doccarchive). Warnings are errors: `make docs` is clean or fails.
DOC_TARGETS = --target TStack --target StackEngine --target TerminalUI --target Widgets --target DocumentData --target DocumentViewer
docs: deps
	rm -rf .build/docs && mkdir -p .build/docs
	$(SWIFT) package --allow-writing-to-directory .build/docs generate-documentation $(DOC_TARGETS) \
	    --enable-experimental-combined-documentation --output-path .build/docs/TStack.doccarchive \
	    --warnings-as-errors
	test -f .build/docs/TStack.doccarchive/data/documentation/tstack.json
	@echo "docs: .build/docs/TStack.doccarchive"

# libFuzzer targets (Fuzz/): the JSON loader, the lazy loader, the engine and the text path, FUZZ_SECONDS
# each (default 60); the text path with a 2 s limit per input, so a quadratic case is a finding.
# Seeds: the JSONTestSuite corpus, the examples, Fuzz/Seeds; findings go to Fuzz/.build/corpus.
FUZZ_SECONDS ?= 60
FUZZ_FLAGS = -Xswiftc -sanitize=fuzzer,address -Xswiftc -parse-as-library -Xswiftc -use-ld=lld
fuzz: deps
	cd Fuzz && $(SWIFT) build $(FUZZ_FLAGS)
	mkdir -p Fuzz/.build/corpus/json Fuzz/.build/corpus/engine
	cd Fuzz && .build/debug/JSONLoaderFuzzer -max_total_time=$(FUZZ_SECONDS) -timeout=5 -rss_limit_mb=2048 \
	    .build/corpus/json ../../shared/testdata/JSONTestSuite/test_parsing ../Examples
	mkdir -p Fuzz/.build/corpus/lazy
	cd Fuzz && .build/debug/LazyLoaderFuzzer -max_total_time=$(FUZZ_SECONDS) -timeout=5 -rss_limit_mb=2048 \
	    .build/corpus/lazy ../Examples Seeds/lazy
	cd Fuzz && .build/debug/EngineFuzzer -max_total_time=$(FUZZ_SECONDS) -timeout=5 .build/corpus/engine Seeds/engine
	mkdir -p Fuzz/.build/corpus/text
	cd Fuzz && .build/debug/TextFuzzer -max_total_time=$(FUZZ_SECONDS) -timeout=2 -max_len=200000 \
	    .build/corpus/text Seeds/text

bench: deps
	cd Benchmarks && $(SWIFT) package --disable-sandbox benchmark --no-progress --format markdown

# tstack and its peers (less, urwid, Textual, VisiData) measured in one run by the pty harness in
# ../shared/bench (set it up once as its README says; ~30 min on 2 cores). Results in .build/bench-e2e.
BENCH_PYTHON ?= ../shared/bench/.venv/bin/python
BENCH_SIZES ?= 1000,100000,1000000
BENCH_RUNS ?= 3
bench-e2e: build
	TSTACK="$(RELEASE_BIN)/tstack" TSTACK_ANIMATIONS=none $(BENCH_PYTHON) ../shared/bench/bench_all.py \
	    --peers tstack,less-n,urwid,textual,vd --sizes $(BENCH_SIZES) --runs $(BENCH_RUNS) --out "$(CURDIR)/.build/bench-e2e"

# The library on its own: SwiftUI's colour-shades list with pinned headers (Examples/PinnedHeaders).
demo: deps static-cxx
	$(RELEASE) --product PinnedHeaders
	"$(RELEASE_BIN)/PinnedHeaders"

# The list widget on its own: a million log lines and their hours, two lists on one screen.
logs: deps static-cxx
	$(RELEASE) --product LogBrowser
	"$(RELEASE_BIN)/LogBrowser"

# A live process list on the light library (TStackUI): /proc every second, the selection kept.
procs: deps static-cxx
	$(RELEASE) --product ProcessList
	"$(RELEASE_BIN)/ProcessList"

# A chat following a file of messages (CHAT=FILE; by default a file it writes a message to
# every second, so the chat grows while it shows).
chat: deps static-cxx
	$(RELEASE) --product ChatTail
	@if [ -n "$(CHAT)" ]; then "$(RELEASE_BIN)/ChatTail" "$(CHAT)"; else \
		file=$$(mktemp /tmp/chat-XXXXXX.log); \
		( i=0; while kill -0 $$$$ 2>/dev/null; do i=$$((i+1)); \
			echo "$$(date -u +%Y-%m-%dT%H:%M:%SZ) user$$((i % 3)): message number $$i" >> "$$file"; sleep 1; done ) & \
		"$(RELEASE_BIN)/ChatTail" "$$file"; kill $$! 2>/dev/null; rm -f "$$file"; fi

# The binary, its man page and its completion scripts, each made by the binary itself.
install: build
	install -d "$(DESTDIR)$(PREFIX)/bin" "$(DESTDIR)$(PREFIX)/share/man/man1" \
	  "$(DESTDIR)$(PREFIX)/share/bash-completion/completions" "$(DESTDIR)$(PREFIX)/share/zsh/site-functions" \
	  "$(DESTDIR)$(PREFIX)/share/fish/vendor_completions.d"
	install -m 755 "$(RELEASE_BIN)/tstack" "$(DESTDIR)$(PREFIX)/bin/tstack"
	"$(RELEASE_BIN)/tstack" manual > "$(DESTDIR)$(PREFIX)/share/man/man1/tstack.1"
	"$(RELEASE_BIN)/tstack" completions bash > "$(DESTDIR)$(PREFIX)/share/bash-completion/completions/tstack"
	"$(RELEASE_BIN)/tstack" completions zsh > "$(DESTDIR)$(PREFIX)/share/zsh/site-functions/_tstack"
	"$(RELEASE_BIN)/tstack" completions fish > "$(DESTDIR)$(PREFIX)/share/fish/vendor_completions.d/tstack.fish"

clean:
	rm -rf .build .build-asan Benchmarks/.build Fuzz/.build
