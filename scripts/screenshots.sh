#!/usr/bin/env bash
# Regenerates the dashboard screenshots in docs/screenshots/ (shown in the README): the browser
# test drives `vitals demo --dashboard` (8 weeks, Europe/Berlin) in headless Chromium and
# writes Today, a day, Trends and Calendar at 1280 and 390 px. Needs chromium and
# chromium-driver (apt-get install chromium chromium-driver).
set -euo pipefail
cd "$(dirname "$0")/.."
VITALS_RECORD_SCREENSHOTS=1 swift test --filter DashboardBrowserTests/screenshots
ls -l docs/screenshots
