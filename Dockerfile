# The app's image, one for the web tier (gunicorn) and the grading workers (`arena worker`):
# docker-compose.yml builds it. The bases are build arguments: where no registry answers,
# docker/compose.debian.yml passes images built from Debian's packages instead.
# Only the classic builder's syntax is used, so that Debian's docker-compose 1.29 builds it.
ARG BASE=python:3.12-slim
ARG NODE_BASE=node:22-slim

# The browser bundle (esbuild), built from the lock file; nothing of node stays in the image.
FROM ${NODE_BASE} AS frontend
WORKDIR /src
COPY package.json package-lock.json ./
RUN npm ci --no-audit --no-fund --loglevel=error
COPY frontend/ frontend/
RUN npm run build

# The dependency list alone, out of pyproject.toml: the layer that installs it below is rebuilt
# only when the list changes, not when another part of pyproject.toml does.
FROM ${BASE} AS requirements
COPY pyproject.toml /tmp/
RUN python3 -c "import tomllib; print('\n'.join(tomllib.load(open('/tmp/pyproject.toml', 'rb'))\
['project']['dependencies']))" >/tmp/requirements.txt

FROM ${BASE}
ENV PYTHONDONTWRITEBYTECODE=1 PYTHONUNBUFFERED=1 LANG=C.UTF-8 \
    PIP_NO_CACHE_DIR=1 PIP_DISABLE_PIP_VERSION_CHECK=1 \
    PATH=/opt/arena/venv/bin:$PATH
RUN groupadd --gid 10001 arena \
    && useradd --no-log-init --uid 10001 --gid arena --home-dir /var/lib/arena --create-home \
        --shell /usr/sbin/nologin arena

# The dependencies first, in a layer of their own: a change to the code keeps it.
COPY --from=requirements /tmp/requirements.txt /opt/arena/requirements.txt
RUN python3 -m venv /opt/arena/venv \
    && pip install -r /opt/arena/requirements.txt hatchling

WORKDIR /opt/arena/src
COPY pyproject.toml README.md ./

# The package, with the bundle inside it (the wheel keeps whatever sits in the package).
COPY platform/ platform/
COPY graders/ graders/
COPY --from=frontend /src/platform/arena/web/static/dist/ platform/arena/web/static/dist/
RUN pip install --no-deps --no-build-isolation . \
    && cd / && rm -rf /opt/arena/src \
    && python -c "import arena, pathlib; \
assert (pathlib.Path(arena.__file__).parent / 'web/static/dist/manifest.json').is_file(), \
'the front-end bundle is missing from the package'"

COPY challenges/ /opt/arena/challenges/
COPY lessons/ /opt/arena/lessons/
COPY docker/entrypoint.sh /usr/local/bin/arena-entrypoint
COPY docker/worker.sh /usr/local/bin/arena-worker
ENV ARENA_CHALLENGES_DIR=/opt/arena/challenges ARENA_LESSONS_DIR=/opt/arena/lessons \
    ARENA_DATA_DIR=/var/lib/arena \
    HOME=/var/lib/arena
WORKDIR /var/lib/arena
USER arena
EXPOSE 8000
ENTRYPOINT ["arena-entrypoint"]
# The web tier; GUNICORN_CMD_ARGS adds or overrides options. The worker service runs
# `arena worker` instead (docker-compose.yml).
CMD ["gunicorn", "-c", "python:arena.gunicorn_conf", "--bind", "0.0.0.0:8000", "--workers", "2", \
     "--access-logfile", "-", "--logger-class", "arena.logs.GunicornLogger", \
     "arena:create_app()"]
