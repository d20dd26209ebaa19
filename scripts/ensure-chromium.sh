#!/usr/bin/env bash
# Browser tests use Debian's Chromium (browsers cannot be downloaded by Playwright here); the
# report PDF tests read PDFs back with pdftotext (Debian's poppler-utils).
set -euo pipefail
missing=()
if [ ! -x /usr/bin/chromium ]; then missing+=(chromium fonts-liberation); fi
if ! command -v pdftotext >/dev/null 2>&1; then missing+=(poppler-utils); fi
if [ ${#missing[@]} -eq 0 ]; then exit 0; fi
echo "Installing Debian's ${missing[*]} for the tests…"
SUDO=""
if [ "$(id -u)" != "0" ]; then SUDO="sudo"; fi
$SUDO apt-get update -qq
DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq "${missing[@]}" >/dev/null
if [ -x /usr/bin/chromium ]; then /usr/bin/chromium --version; fi
