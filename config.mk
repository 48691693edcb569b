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
WARN    ?= -Wall -Wextra -Werror -Wshadow -Wstrict-prototypes -Wmissing-prototypes -Wno-unused-parameter
STD     ?= -std=c11 -D_POSIX_C_SOURCE=200809L -D_XOPEN_SOURCE_EXTENDED -D_DEFAULT_SOURCE

CURSES_PKGS ?= ncursesw formw panelw
JSON_PKGS   ?= libcjson
CHECK_PKGS  ?= check
