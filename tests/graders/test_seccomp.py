"""The boxes' system-call allow-list: what it leaves out, and that the abuse cases can fail."""

import json
import runpy
import subprocess
import sys
from pathlib import Path

import pytest

from graders.sandbox.seccomp import ABSENT, ALLOWED, RULES, docker_option, profile

CASES = Path(__file__).resolve().parents[1] / "abuse" / "submissions"
KERNEL_SURFACE = ["syscall_io_uring.py", "syscall_userfaultfd.py", "syscall_keyrings.py",
                  "syscall_bpf.py", "syscall_perf_event_open.py", "socket_families.py",
                  "nested_user_namespace.py", "dev_devices.py"]
LEFT_OUT = {"io_uring_setup", "io_uring_enter", "io_uring_register", "userfaultfd", "keyctl",
            "add_key", "request_key", "bpf", "perf_event_open", "unshare", "setns", "mount",
            "umount2", "pivot_root", "chroot", "ptrace", "process_vm_readv",
            "process_vm_writev", "open_by_handle_at", "kexec_load", "init_module"}


def test_the_dangerous_calls_are_left_out_and_clone3_is_absent():
    named = set(ALLOWED) | {name for name, _ in RULES}
    assert not named & LEFT_OUT
    assert "clone3" in ABSENT and "clone3" not in named
    assert len(ALLOWED) == len(set(ALLOWED))


def test_the_docker_option_is_the_profile_as_json():
    option = docker_option()
    assert option.startswith("seccomp=")
    assert json.loads(option.removeprefix("seccomp=")) == profile()


@pytest.mark.parametrize("name", KERNEL_SURFACE)
def test_outside_any_box_the_case_gets_through(name, tmp_path):
    """Each case answers its marker on the host: so in a box, only the box can stop it."""
    runpy.run_path(str(CASES / name))  # it at least loads here
    script = ("import runpy, sys\n"
              "answer = runpy.run_path(sys.argv[1])['softmax']([0.0, 0.0])\n"
              "print(answer == [0.5, 0.5])\n")
    ran = subprocess.run([sys.executable, "-c", script, str(CASES / name)], capture_output=True,
                         text=True, timeout=60, cwd=tmp_path)
    assert ran.returncode == 0, ran.stderr
    if ran.stdout.strip() == "True":
        pytest.skip(f"this host refuses {name}'s calls too, so here the case proves nothing")
    assert ran.stdout.strip() == "False"
