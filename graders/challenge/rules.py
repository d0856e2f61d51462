"""The rules every statement is read with, said once from the spec: whether the arguments may
be changed, whether float32 is accepted, what may be imported, the limits. Each rule is a
Text, which the app renders in the reader's language under the statement."""

from __future__ import annotations

from graders.challenge.spec import ChallengeSpec
from graders.messages import Text

#: The libraries the sandbox offers a solution, as a learner knows them (the image's
#: Dockerfile and build-base.sh install them; the process backend has its venv's: `make torch`).
LIBRARIES = ("NumPy", "PyTorch (CPU)")
#: The relative tolerance float32 code meets: its rounding (2**-24 of a value) times the few
#: hundred operations an answer takes. A challenge at least this tolerant accepts float32.
FLOAT32_RTOL = 5e-6


def rules(spec: ChallengeSpec) -> list[Text]:
    """Return the rules of a challenge, in the order they are shown."""
    if spec.mutable_args:
        arguments = Text("rule_arguments_mutable", names=", ".join(spec.mutable_args))
    else:
        arguments = Text("rule_arguments_read_only")
    precision = (Text("rule_float32", rtol=f"{spec.rtol:g}", atol=f"{spec.atol:g}")
                 if spec.rtol >= FLOAT32_RTOL else
                 Text("rule_float64", rtol=f"{spec.rtol:g}", atol=f"{spec.atol:g}"))
    return [arguments, precision,
            Text("rule_libraries", libraries=", ".join(LIBRARIES)),
            Text("rule_limits", seconds=f"{spec.time_limit:g}", memory=spec.memory_mb)]
