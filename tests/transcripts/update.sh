#!/usr/bin/env bash
# Rewrites every golden transcript from a build tree, after a deliberate
# change to a drawing, an event text or the terminal:
#   tests/transcripts/update.sh build/rel
# then read `git diff tests/transcripts` before committing it.
set -euo pipefail
here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
build=${1:?usage: update.sh BUILD_DIR}
"$build/tests/transcripts/drawings" write "$here/data"
for input in "$here"/cli/*.in; do
    cmake -DCLI="$build/examples/tablegames/tablegames" -DINPUT="$input" -DUPDATE=1 \
        -P "$here/run_transcript.cmake"
done
