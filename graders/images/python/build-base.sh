#!/usr/bin/env bash
# Build a sandbox base image from Debian's packages, for machines that reach no registry:
# Python 3, NumPy and PyTorch (CPU) from Debian, imported into Docker as
# arena-python-base:bookworm. The Dockerfile's default base (python:3.12-slim) is used wherever
# a registry answers. An existing image of that tag is kept only when it offers every package
# (a base built before PyTorch was added is built again).
set -euo pipefail
tag="${1:-arena-python-base:bookworm}"
suite="${ARENA_BASE_SUITE:-bookworm}"
mirror="${ARENA_BASE_MIRROR:-http://deb.debian.org/debian}"
if docker run --rm --pull never --network none "$tag" python3 -c "import numpy, torch" \
        >/dev/null 2>&1; then
    echo "$tag exists"
    exit 0
fi
mmdebstrap --quiet --variant=minbase --include=python3,python3-numpy,python3-torch \
    --dpkgopt='path-exclude=/usr/share/doc/*' --dpkgopt='path-exclude=/usr/share/man/*' \
    --dpkgopt='path-exclude=/usr/share/locale/*' \
    "$suite" - "$mirror" | docker import --change 'CMD ["python3"]' - "$tag"
echo "built $tag"
