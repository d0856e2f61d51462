# expect: accepted
# max-seconds: 8
# why: traps for a host that would read or write files in the box (the Judge0 CVEs): every
#   plausible result file name in /tmp and the working folder made a symlink to /etc/shadow
#   or /proc/1/environ, or a named pipe that blocks whoever opens it. The host reads the
#   result stream only; it must neither follow these nor hang on them.
import math
import os

NAMES = ("result.json", "results.json", "output.json", "out.json", "stdout", "stderr",
         "job.json", "solution.py", "runner.py", "meta", "exit_code")


def lay():
    for folder in {"/tmp", os.getcwd()}:
        for index, name in enumerate(NAMES):
            path = os.path.join(folder, name)
            try:
                if index % 2:
                    os.mkfifo(path)
                else:
                    os.symlink("/etc/shadow" if index % 4 else "/proc/1/environ", path)
            except OSError:
                pass


def softmax(row):
    lay()
    top = max(row)
    exps = [math.exp(x - top) for x in row]
    total = sum(exps)
    return [e / total for e in exps]
