#!/usr/bin/env bash
# Builds the libFuzzer targets and runs each for a while (default 600 s).
# Usage: Fuzz/run.sh [SECONDS] [TARGET…]    (targets: FuzzCSV FuzzJSON)
# Crashing inputs land in Fuzz/artifacts/; turn each into a regression
# test in Tests/RosterCoreTests/FuzzRegressionTests.swift.
set -euo pipefail
cd "$(dirname "$0")"
seconds=${1:-600}
shift || true
targets=("${@:-FuzzCSV FuzzJSON}")
flags=(--sanitize=fuzzer -Xswiftc -sanitize=fuzzer,address -Xswiftc -parse-as-library)
swift build "${flags[@]}" 2>&1 | grep -v "Cannot export local symbol" | tail -1
bin=$(swift build "${flags[@]}" --show-bin-path)
mkdir -p artifacts corpus/FuzzCSV corpus/FuzzJSON
export SWIFT_BACKTRACE=enable=no
for target in ${targets[@]}; do
    seeds=Seeds/csv
    [ "$target" = FuzzJSON ] && seeds=Seeds/json
    echo "== $target for ${seconds}s"
    "$bin/$target" "corpus/$target" "$seeds" -max_total_time="$seconds" -timeout=10 -rss_limit_mb=2048 \
        -max_len=8192 -artifact_prefix="artifacts/$target-" -print_final_stats=1 2>&1 | tail -25
done
