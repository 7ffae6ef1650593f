#!/usr/bin/env bash
# placeholder
source "$(dirname "$0")/lib.sh"
finish
