#!/bin/sh
# Regenerate tests/examples/pyasc_reference/*.cpp with pyasc 1.1.1 (run from the repository root).
set -eu
ref=${PYASC_REF:-../shared/tools/pyasc-ref}
out=tests/examples/pyasc_reference
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
emit() {  # example kernel arguments
    sed 's/^import ascx as asc$/import asc/' "examples/$1.py" > "$tmp/$1.py"
    "$ref" emit "$tmp/$1.py" "$2" "$3" > "$out/$1.cpp"
}
emit vector_add vector_add "MockTensor(asc.float32), MockTensor(asc.float32), MockTensor(asc.float32), 2048"
emit vector_add_queues vector_add_queues "MockTensor(asc.float32), MockTensor(asc.float32), MockTensor(asc.float32), 2048, 128"
emit matmul_leaky_relu matmul_leaky_relu "MockTensor(asc.float16), MockTensor(asc.float16), MockTensor(asc.float32), MockTensor(asc.float32), 0.001, asc.adv.TCubeTiling(), MockTensor(asc.uint8)"
