#!/usr/bin/env bash
# Regenerates the dashboard screenshots in docs/screenshots/ (shown in the README): the browser
# tests drive `vitals demo --dashboard` (8 weeks, Europe/Berlin) in headless Chromium and write
# Today, a day, Trends, Calendar, Records, Insights and correlations at 1280 and 390 px, then a signed-in user's
# `vitals serve` dashboard (two weeks sent through the API, a completed quest) for the Sync page
# and the Calendar's quest mark. Needs chromium and chromium-driver (apt-get install chromium
# chromium-driver).
set -euo pipefail
cd "$(dirname "$0")/.."
VITALS_RECORD_SCREENSHOTS=1 swift test --filter 'Dashboard(Server)?BrowserTests/screenshots'
ls -l docs/screenshots
