"""Every example in examples/python runs and checks itself."""

import pathlib
import subprocess
import sys

import pytest

pytest.importorskip("jax")

EXAMPLES = pathlib.Path(__file__).resolve().parents[2] / "examples" / "python"


def run(name, *args):
    done = subprocess.run([sys.executable, str(EXAMPLES / name), *args],
                          capture_output=True, text=True, timeout=900)
    assert done.returncode == 0, done.stdout + done.stderr
    return done.stdout


def test_reduce_sum():
    out = run("reduce_sum.py", "--size", "512")
    assert "xla-mlir:" in out and "fusion saves" in out


def test_mlp_training():
    out = run("mlp_training.py", "--steps", "6", "--batch", "32")
    assert "loss" in out and "median step" in out
    assert "weights updated in place" in out


def test_bert_step_tiny():
    out = run("bert_step.py", "--tiny", "--runs", "2")
    assert "outputs match JAX" in out and "xla-mlir / XLA:CPU" in out


def test_tf_bert_step_tiny():
    pytest.importorskip("tensorflow")
    out = run("tf_bert_step.py", "--tiny", "--runs", "2")
    assert "variables updated like TensorFlow's" in out
    assert "TensorFlow, jit_compile=True" in out
