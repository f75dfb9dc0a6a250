# tstack — `make run` builds and opens the demo; `make test` runs every test.
# Both first make sure the system packages are there (ncursesw headers, tmux).

SWIFT   ?= swift
PREFIX  ?= /usr/local
DOC     ?= Examples/origami.json
RELEASE_BIN = $(shell $(SWIFT) build -c release --show-bin-path)

.PHONY: all deps build run test bench demo install clean

all: build

# Checks for the ncursesw headers and tmux; installs them with apt-get when running as root,
# else prints the exact command and stops.
deps:
	@missing=""; \
	[ -f /usr/include/ncursesw/ncurses.h ] || missing="$$missing libncursesw5-dev"; \
	command -v tmux >/dev/null 2>&1 || missing="$$missing tmux"; \
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

build: deps
	$(SWIFT) build -c release --product tstack

run: build
	"$(RELEASE_BIN)/tstack" browse $(DOC)

test: deps
	$(SWIFT) build --build-tests
	$(SWIFT) test --skip-build

# The engine's benchmarks (ordo-one/benchmark, in their own package under Benchmarks/).
bench: deps
	cd Benchmarks && $(SWIFT) package --disable-sandbox benchmark --no-progress --format markdown

# The library on its own: SwiftUI's colour-shades list with pinned headers (Examples/PinnedHeaders).
demo: deps
	$(SWIFT) build -c release --product PinnedHeaders
	"$(RELEASE_BIN)/PinnedHeaders"

install: build
	install -d "$(DESTDIR)$(PREFIX)/bin"
	install -m 755 "$(RELEASE_BIN)/tstack" "$(DESTDIR)$(PREFIX)/bin/tstack"

clean:
	rm -rf .build
