#!/usr/bin/env bash
# Builds every fuzz target and runs each for SECONDS (default 60), one after the other, on a
# temporary copy of its seed corpus (fuzz/corpus/<target>/), so what a run discovers never
# lands in git. Prints the executions per target; exits non-zero on a crash, a panic, a hang
# or a leak and says where libFuzzer wrote the input (fuzz/artifacts/<target>/).
#
# Needs the nightly toolchain and cargo-fuzz (`cargo install cargo-fuzz --locked`).
# FUZZ_BUILD_ARGS adds cargo-fuzz build options, e.g. "--sanitizer none" (CI: the targets
# build in about 60% of the time; the code is safe Rust, so a panic is what a run looks for).
# Reproduce a crash: cargo +nightly fuzz run [FUZZ_BUILD_ARGS] <target> <crash file>
set -euo pipefail
cd "$(dirname "$0")"
seconds="${1:-60}"
# The same options for build and run, or `cargo fuzz run` builds again.
read -r -a build_args <<<"${FUZZ_BUILD_ARGS:-}"

# Longest input per target, in bytes: enough for a 26x26 board, a long record or a protocol
# session, small enough that every input is quick to search.
declare -A max_len=(
    [board_text]=1024
    [move_notation]=64
    [tree_parser]=2048
    [record_loader]=4096
    [gomocup_protocol]=1024
    [web_api]=1024
    [certificate]=4096
)
targets=(board_text move_notation tree_parser record_loader gomocup_protocol web_api certificate)

if ! cargo +nightly --version >/dev/null 2>&1; then
    echo "fuzz/run.sh: the nightly toolchain is missing (rustup toolchain install nightly)" >&2
    exit 1
fi
if ! cargo +nightly fuzz --version >/dev/null 2>&1; then
    echo "fuzz/run.sh: cargo-fuzz is missing (cargo install cargo-fuzz --locked)" >&2
    exit 1
fi

echo "fuzz: building ${#targets[@]} targets"
cargo +nightly fuzz build "${build_args[@]}"

work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
failed=0
summary=()
for target in "${targets[@]}"; do
    corpus="$work/corpus-$target"
    cp -r "corpus/$target" "$corpus"
    log="$work/$target.log"
    echo "fuzz: $target for ${seconds}s"
    status=0
    # -timeout: an input running longer than 10 s is a hang (each should take milliseconds).
    cargo +nightly fuzz run "${build_args[@]}" "$target" "$corpus" -- \
        -max_total_time="$seconds" -max_len="${max_len[$target]}" -timeout=10 \
        -rss_limit_mb=2048 -print_final_stats=1 >"$log" 2>&1 || status=$?
    runs="$(grep -o 'stat::number_of_executed_units: *[0-9]*' "$log" | grep -o '[0-9]*$' | tail -1)"
    if [ "$status" -ne 0 ]; then
        failed=1
        artifact="$(grep -o 'Test unit written to [^ ]*' "$log" | tail -1 | sed 's/Test unit written to //')"
        grep -E -A4 'panicked at|ERROR: libFuzzer|^SUMMARY' "$log" | head -n 40 >&2
        echo "fuzz: $target FAILED (exit $status); input: ${artifact:-see the log above}" >&2
        summary+=("$(printf '%-18s FAILED  %s' "$target" "${artifact:-}")")
    else
        summary+=("$(printf '%-18s %12s runs in %ss' "$target" "${runs:-?}" "$seconds")")
    fi
done

echo "fuzz: summary"
printf '  %s\n' "${summary[@]}"
if [ "$failed" -ne 0 ]; then
    echo "fuzz: reproduce with: cargo +nightly fuzz run <target> <input> (from fuzz/)" >&2
    exit 1
fi
