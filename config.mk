# config.mk - build settings; override any of them on the make command line.
VERSION ?= 0.1.0
PREFIX  ?= /usr/local
MANPREFIX ?= $(PREFIX)/share/man
DATADIR ?= $(PREFIX)/share/kvplan
BASHCOMPDIR ?= $(PREFIX)/share/bash-completion/completions
ZSHCOMPDIR ?= $(PREFIX)/share/zsh/site-functions
DESTDIR ?=

CC      ?= cc
PKG_CONFIG ?= pkg-config
OPT     ?= -O2 -g
# gcc on x86-64 expands a memset or memcpy of a few hundred bytes (a
# result section, a layer record) inline as rep stosq/movsq, slow to
# start on AMD Zen; the C library's own are vector loops. Issue 34: -7.5 %
# on core.recompute_128L (perf on an AMD EPYC). Only where $(CC) takes
# the flag (not clang, not other architectures); STRINGOP= drops it.
STRINGOP ?= $(shell $(CC) -mstringop-strategy=libcall -x c -c -o /dev/null /dev/null 2>/dev/null && echo -mstringop-strategy=libcall)
WARN    ?= -Wall -Wextra -Werror -Wshadow -Wstrict-prototypes -Wmissing-prototypes -Wno-unused-parameter
STD     ?= -std=c11 -D_POSIX_C_SOURCE=200809L -D_XOPEN_SOURCE_EXTENDED -D_DEFAULT_SOURCE

CURSES_PKGS ?= ncursesw formw panelw
JSON_PKGS   ?= libcjson
CHECK_PKGS  ?= check
