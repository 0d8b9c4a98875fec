"""Runs a command and prints its exit code last: `exit code: N`.

lit's internal shell cannot test `$?`; the e2e tests use this to check
xla-run's exit codes (0 ok, 1 check failure, 2 compile error, 3 input or
run-time error).
"""
import subprocess
import sys

sys.stdout.flush()
code = subprocess.run(sys.argv[1:]).returncode
sys.stdout.write(f"exit code: {code}\n")
