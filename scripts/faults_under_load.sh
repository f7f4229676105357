#!/usr/bin/env bash
# tests/faults beside a CPU hog: one busy process per core for as long as the tests run, so every kubectl and helm
# process, the loopback API server and the handlers run slower than on an idle machine. What a fault test asserts
# about calls, polls or invocations is a bound the design guarantees, so it must pass here as on an idle machine
# (CONTRIBUTING.md "Tests"). Extra arguments go to pytest: scripts/faults_under_load.sh -k helm
set -euo pipefail
cd "$(dirname "$0")/.."

hogs=()
stop_hogs() {
  if ((${#hogs[@]})); then
    kill "${hogs[@]}" 2>/dev/null || true
  fi
}
trap stop_hogs EXIT
for _ in $(seq "$(nproc)"); do
  (while :; do :; done) &
  hogs+=("$!")
done

echo "tests/faults beside ${#hogs[@]} busy processes (one per core)" >&2
.venv/bin/python -m pytest tests/faults -q -p no:cacheprovider -n 2 --dist worksteal "$@"
