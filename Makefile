# kvplan - plain Makefile (no autotools). See config.mk for settings.
#
#   make            build/kvplan and build/libkvplan.a
#   make check      every test: unit (Check), CLI golden, TUI (headless +
#                   tmux), man lint, core purity, then unit tests again
#                   under ASan+UBSan
#   make bench      benchmarks (medians; not timed tests)
#   make run        the TUI on the default scenario
#   make install    PREFIX, DESTDIR: binary, man pages, presets
#   make fuzz       libFuzzer harnesses (clang)
#
# BUILD selects the output folder, so several builds can share a tree
# (make BUILD=build/asan SAN=1).

include config.mk

BUILD ?= build
SAN   ?=

ifeq ($(SAN),1)
SANFLAGS := -fsanitize=address,undefined -fno-omit-frame-pointer -fno-sanitize-recover=all
OPT := -O1 -g
endif

CURSES_CFLAGS := $(shell $(PKG_CONFIG) --cflags $(CURSES_PKGS))
CURSES_LIBS   := $(shell $(PKG_CONFIG) --libs $(CURSES_PKGS))
JSON_CFLAGS   := $(shell $(PKG_CONFIG) --cflags $(JSON_PKGS))
JSON_LIBS     := $(shell $(PKG_CONFIG) --libs $(JSON_PKGS))
CHECK_CFLAGS  := $(shell $(PKG_CONFIG) --cflags $(CHECK_PKGS))
CHECK_LIBS    := $(shell $(PKG_CONFIG) --libs $(CHECK_PKGS))

CPPFLAGS += -Iinclude -Isrc -DKVP_VERSION='"$(VERSION)"' -DKVP_DATADIR='"$(DATADIR)"'
CFLAGS   += $(STD) $(OPT) $(WARN) $(SANFLAGS)
LDFLAGS  += $(SANFLAGS)

CORE_SRC := $(sort $(wildcard src/core/*.c))
IO_SRC   := $(sort $(wildcard src/io/*.c))
TUI_SRC  := $(sort $(wildcard src/tui/*.c))
CLI_SRC  := $(filter-out src/cli/main.c,$(sort $(wildcard src/cli/*.c)))
MAIN_SRC := src/cli/main.c

obj = $(patsubst src/%.c,$(BUILD)/obj/%.o,$(1))
CORE_OBJ := $(call obj,$(CORE_SRC))
IO_OBJ   := $(call obj,$(IO_SRC))
TUI_OBJ  := $(call obj,$(TUI_SRC))
CLI_OBJ  := $(call obj,$(CLI_SRC))
MAIN_OBJ := $(call obj,$(MAIN_SRC))

LIB    := $(BUILD)/libkvplan.a
BIN    := $(BUILD)/kvplan
LIBS   := $(JSON_LIBS) $(CURSES_LIBS) -lm

UNIT_SRC  := $(sort $(wildcard tests/unit/test_*.c))
UNIT_BIN  := $(patsubst tests/unit/%.c,$(BUILD)/tests/%,$(UNIT_SRC))
BENCH_SRC := $(sort $(wildcard bench/bench_*.c))
BENCH_BIN := $(patsubst bench/%.c,$(BUILD)/bench/%,$(BENCH_SRC))

.PHONY: all check unit purity bench run install uninstall clean fuzz lint-man asan-unit FORCE
all: $(BIN) $(LIB)

# Settings baked into objects (DATADIR, VERSION, flags): a stamp that
# changes only when they do, so `make install PREFIX=/opt/x` after a plain
# `make` rebuilds what holds the old path instead of installing a binary
# that looks for its presets in the wrong place.
CONFIG_STAMP := $(BUILD)/config.stamp
$(CONFIG_STAMP): FORCE
	@mkdir -p $(@D)
	@echo '$(CC) $(CPPFLAGS) $(CFLAGS)' > $@.tmp; \
	 if cmp -s $@.tmp $@; then rm -f $@.tmp; else mv $@.tmp $@; fi
$(CORE_OBJ) $(IO_OBJ) $(TUI_OBJ) $(CLI_OBJ) $(MAIN_OBJ): $(CONFIG_STAMP)

$(BUILD)/obj/core/%.o: src/core/%.c
	@mkdir -p $(@D)
	$(CC) $(CPPFLAGS) $(CFLAGS) -MMD -MP -c $< -o $@

$(BUILD)/obj/io/%.o: src/io/%.c
	@mkdir -p $(@D)
	$(CC) $(CPPFLAGS) $(JSON_CFLAGS) $(CFLAGS) -MMD -MP -c $< -o $@

$(BUILD)/obj/tui/%.o: src/tui/%.c
	@mkdir -p $(@D)
	$(CC) $(CPPFLAGS) $(CURSES_CFLAGS) $(JSON_CFLAGS) $(CFLAGS) -MMD -MP -c $< -o $@

$(BUILD)/obj/cli/%.o: src/cli/%.c
	@mkdir -p $(@D)
	$(CC) $(CPPFLAGS) $(CURSES_CFLAGS) $(JSON_CFLAGS) $(CFLAGS) -MMD -MP -c $< -o $@

# libkvplan.a: the core and the file formats (no curses).
$(LIB): $(CORE_OBJ) $(IO_OBJ)
	@mkdir -p $(@D)
	rm -f $@
	$(AR) rcs $@ $^

$(BIN): $(MAIN_OBJ) $(CLI_OBJ) $(TUI_OBJ) $(LIB)
	$(CC) $(LDFLAGS) -o $@ $(MAIN_OBJ) $(CLI_OBJ) $(TUI_OBJ) $(LIB) $(LIBS)

# Each tests/unit/test_X.c is one Check program (its own main).
$(BUILD)/tests/%: tests/unit/%.c $(CLI_OBJ) $(TUI_OBJ) $(LIB)
	@mkdir -p $(@D)
	$(CC) $(CPPFLAGS) $(CURSES_CFLAGS) $(JSON_CFLAGS) $(CHECK_CFLAGS) $(CFLAGS) \
	  -DKVP_SRCDIR='"$(CURDIR)"' -MMD -MP -o $@ $< $(CLI_OBJ) $(TUI_OBJ) $(LIB) $(CHECK_LIBS) $(LIBS)

$(BUILD)/bench/%: bench/%.c $(CLI_OBJ) $(TUI_OBJ) $(LIB)
	@mkdir -p $(@D)
	$(CC) $(CPPFLAGS) $(CURSES_CFLAGS) $(JSON_CFLAGS) $(CFLAGS) -DKVP_SRCDIR='"$(CURDIR)"' \
	  -MMD -MP -o $@ $< $(CLI_OBJ) $(TUI_OBJ) $(LIB) $(LIBS)

# The core never sees a terminal, a JSON parser or a file.
purity:
	@bad=$$(grep -nE '#include *[<"](n?curses|ncursesw/|form|panel|cjson/|cJSON|fcntl|unistd)' src/core/*.c include/kvplan/*.h; \
	       grep -nE '\b(printf|fprintf|puts|fputs|fopen|fwrite|fread|getenv|exit|malloc|calloc|realloc)\s*\(' src/core/*.c); \
	 if [ -n "$$bad" ]; then echo "purity: src/core must not do I/O, allocate or include curses/cJSON:"; echo "$$bad"; exit 1; fi; \
	 echo "purity: src/core is pure"

unit: $(UNIT_BIN)

lint-man:
	@if [ -n "$(wildcard man/*.[0-9])" ]; then mandoc -Tlint -Wwarning $(wildcard man/*.[0-9]) && echo "man: mandoc -Tlint clean"; fi

check: all unit purity lint-man
	@sh tests/run.sh $(BUILD)
	$(MAKE) --no-print-directory BUILD=$(BUILD)/asan SAN=1 asan-unit

asan-unit: $(UNIT_BIN)
	@ASAN_OPTIONS=detect_leaks=1 UBSAN_OPTIONS=print_stacktrace=1 sh tests/run.sh $(BUILD) unit

bench: $(BIN) $(BENCH_BIN)
	@for b in $(BENCH_BIN); do $$b $(BIN) || exit 1; done

run: $(BIN)
	$(BIN)

install: $(BIN)
	install -d $(DESTDIR)$(PREFIX)/bin $(DESTDIR)$(MANPREFIX)/man1 $(DESTDIR)$(MANPREFIX)/man5 $(DESTDIR)$(DATADIR)
	install -m 755 $(BIN) $(DESTDIR)$(PREFIX)/bin/kvplan
	for m in man/*.1; do [ -f "$$m" ] && install -m 644 $$m $(DESTDIR)$(MANPREFIX)/man1/ || true; done
	for m in man/*.5; do [ -f "$$m" ] && install -m 644 $$m $(DESTDIR)$(MANPREFIX)/man5/ || true; done
	cp -R presets $(DESTDIR)$(DATADIR)/

uninstall:
	rm -f $(DESTDIR)$(PREFIX)/bin/kvplan $(DESTDIR)$(MANPREFIX)/man1/kvplan.1 $(DESTDIR)$(MANPREFIX)/man5/kvplan-plan.5
	rm -rf $(DESTDIR)$(DATADIR)

fuzz:
	@sh tests/fuzz/build.sh

clean:
	rm -rf build

-include $(wildcard $(BUILD)/obj/*/*.d $(BUILD)/tests/*.d $(BUILD)/bench/*.d)
