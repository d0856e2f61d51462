#!/bin/sh
# The worker service's command: build the sandbox image on the engine if it is missing (on
# ARENA_SANDBOX_BASE; its tag names the runner it holds, so a new runner builds a new one),
# then grade: `arena worker` with the arguments given.
set -eu
if ! python - <<'PY'
import sys

import docker
from docker.errors import ImageNotFound

from graders.sandbox.image import image_tag

try:
    docker.from_env(timeout=30).images.get(image_tag())
except ImageNotFound:
    print(f"sandbox image {image_tag()} missing: building it", flush=True)
    sys.exit(1)
PY
then
    arena sandbox build --base "${ARENA_SANDBOX_BASE:-python:3.12-slim}"
fi
exec arena worker "$@"
