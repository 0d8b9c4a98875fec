"""xm.compile and Executable: results, zero copy, errors."""

import pathlib
import subprocess
import threading
import time
import tracemalloc

import numpy as np
import pytest

import xla_mlir as xm

ADD_MUL = """
func.func @main(%x: tensor<4x8xf32>, %y: tensor<4x8xf32>, %z: tensor<4x8xf32>)
    -> tensor<4xf32> {
  %m = hlo.multiply %y, %z : tensor<4x8xf32>
  %s = hlo.add %x, %m : tensor<4x8xf32>
  %zero = hlo.constant dense<0.0> : tensor<f32>
  %r = hlo.reduce(%s init: %zero) applies hlo.add across dimensions = [1]
      : (tensor<4x8xf32>, tensor<f32>) -> tensor<4xf32>
  return %r : tensor<4xf32>
}
"""

STABLEHLO_TWO_RESULTS = """
func.func public @main(%a: tensor<3xi32>, %b: tensor<3xi32>)
    -> (tensor<3xi32>, tensor<3xi1>) {
  %0 = stablehlo.add %a, %b : tensor<3xi32>
  %1 = stablehlo.compare GT, %a, %b : (tensor<3xi32>, tensor<3xi32>) -> tensor<3xi1>
  return %0, %1 : tensor<3xi32>, tensor<3xi1>
}
"""

IDENTITY_BIG = """
func.func @main(%x: tensor<4194304xf32>) -> tensor<f32> {
  %zero = hlo.constant dense<0.0> : tensor<f32>
  %r = hlo.reduce(%x init: %zero) applies hlo.add across dimensions = [0]
      : (tensor<4194304xf32>, tensor<f32>) -> tensor<f32>
  return %r : tensor<f32>
}
"""


def rand(*shape, seed=0):
    return np.random.default_rng(seed).standard_normal(shape).astype(np.float32)


def test_results_match_numpy():
    exe = xm.compile(ADD_MUL)
    x, y, z = rand(4, 8, seed=1), rand(4, 8, seed=2), rand(4, 8, seed=3)
    out = exe(x, y, z)
    assert isinstance(out, np.ndarray)
    assert out.dtype == np.float32 and out.shape == (4,)
    np.testing.assert_allclose(out, (x + y * z).sum(axis=1), rtol=1e-5,
                               atol=1e-6)
    assert repr(exe).startswith("<xla_mlir.Executable @main(float32[4,8]")


def test_stablehlo_several_results_and_dtypes():
    exe = xm.compile(STABLEHLO_TWO_RESULTS)
    a = np.array([1, 5, -3], np.int32)
    b = np.array([2, 4, -3], np.int32)
    total, greater = exe(a, b)
    np.testing.assert_array_equal(total, a + b)
    assert greater.dtype == np.bool_
    np.testing.assert_array_equal(greater, a > b)


def test_source_from_path_and_bytes(tmp_path):
    path = tmp_path / "prog.mlir"
    path.write_text(ADD_MUL)
    args = [rand(4, 8, seed=s) for s in range(3)]
    expected = xm.compile(ADD_MUL)(*args)
    for source in (path, str(path), ADD_MUL.encode()):
        np.testing.assert_array_equal(xm.compile(source)(*args), expected)


def test_options_and_cache(tmp_path):
    args = [rand(4, 8, seed=s) for s in range(3)]
    first = xm.compile(ADD_MUL, cache_dir=tmp_path, fusion=False, opt_level=2)
    assert first.cache_outcome == "miss"
    again = xm.compile(ADD_MUL, cache_dir=tmp_path, fusion=False, opt_level=2)
    assert again.cache_outcome == "hit"
    other = xm.compile(ADD_MUL, cache_dir=tmp_path, fusion=True)
    assert other.cache_outcome == "miss"
    off = xm.compile(ADD_MUL, cache=False)
    assert off.cache_outcome == "bypassed"
    for exe in (again, other, off):
        np.testing.assert_allclose(exe(*args), first(*args), rtol=1e-6)


def test_option_names_are_the_tools_flags():
    root = pathlib.Path(__file__).resolve().parents[2]
    xla_run = root / "build" / "bin" / "xla-run"
    if not xla_run.exists():
        pytest.skip("build/bin/xla-run not built")
    help_text = subprocess.run([xla_run, "--help"], capture_output=True,
                               text=True, check=True).stdout
    for keyword in xm.option_keywords():
        assert f"--{keyword.replace('_', '-')}" in help_text, keyword


def test_inputs_are_not_copied():
    exe = xm.compile(IDENTITY_BIG)
    x = np.ones(4194304, np.float32)  # 16 MiB
    exe(x)  # compile-time and first-run allocations out of the way
    tracemalloc.start()
    try:
        assert float(exe(x)) == 4194304.0
        _, peak = tracemalloc.get_traced_memory()
        assert peak < x.nbytes // 4, peak  # NumPy allocated no copy
        # A strided view is not dense: it is copied once, and says so in
        # NumPy's traced memory.
        tracemalloc.reset_peak()
        strided = np.ones(2 * 4194304, np.float32)[::2]
        tracemalloc.reset_peak()
        assert float(exe(strided)) == 4194304.0
        _, peak = tracemalloc.get_traced_memory()
        assert peak >= strided.nbytes
    finally:
        tracemalloc.stop()


def test_results_own_runtime_buffers():
    exe = xm.compile(ADD_MUL)
    out = exe(*[rand(4, 8, seed=s) for s in range(3)])
    # A view of the runtime's 64-byte aligned buffer, not a NumPy copy.
    assert out.__array_interface__["data"][0] % 64 == 0
    base = out
    while isinstance(base.base, np.ndarray):
        base = base.base
    assert base.dtype == np.uint8 and not base.flags.owndata
    assert base.__array_interface__["data"][0] == \
        out.__array_interface__["data"][0]
    out[0] = 42.0  # writable, and alive after the executable is gone
    del exe
    assert out[0] == 42.0


def test_dlpack_inputs():
    jnp = pytest.importorskip("jax.numpy")
    exe = xm.compile(ADD_MUL)
    args = [jnp.asarray(rand(4, 8, seed=s)) for s in range(3)]
    np.testing.assert_allclose(exe(*args), np.asarray(
        (args[0] + args[1] * args[2]).sum(axis=1)), rtol=1e-5, atol=1e-6)


def test_wrong_arguments_raise():
    exe = xm.compile(ADD_MUL)
    good = [rand(4, 8, seed=s) for s in range(3)]
    with pytest.raises(TypeError, match=r"@main takes 3 argument\(s\), got 2"):
        exe(*good[:2])
    with pytest.raises(TypeError,
                       match=r"argument 1 of @main: expected float32\[4,8\], "
                             r"got float64\[4,8\]"):
        exe(good[0], good[1].astype(np.float64), good[2])
    with pytest.raises(ValueError,
                       match=r"argument 2 of @main: expected float32\[4,8\], "
                             r"got float32\[8,4\]"):
        exe(good[0], good[1], good[2].reshape(8, 4))
    with pytest.raises(TypeError, match="argument 0"):
        exe("not an array", good[1], good[2])


def test_gpu_tensor_cores_option_is_checked():
    # Both errors come before anything needs a GPU or a CUDA driver.
    with pytest.raises(xm.CompileError, match="expected tf32, tf32x3"):
        xm.compile(ADD_MUL, target="cuda", gpu_tensor_cores="fp16",
                   cache=False)
    with pytest.raises(xm.CompileError, match="needs sm_80 or later"):
        xm.compile(ADD_MUL, target="gpu=sm_75", gpu_tensor_cores="tf32",
                   cache=False)


SOFTMAX_DOT = """
func.func @main(%x: tensor<64x96xf32>, %w: tensor<96x40xf32>)
    -> (tensor<64x96xf32>, tensor<64x40xf32>) {
  %ninf = hlo.constant dense<0xFF800000> : tensor<f32>
  %zero = hlo.constant dense<0.0> : tensor<f32>
  %max = hlo.reduce(%x init: %ninf) applies hlo.maximum across dimensions = [1]
      : (tensor<64x96xf32>, tensor<f32>) -> tensor<64xf32>
  %maxb = hlo.broadcast_in_dim %max, dims = [0]
      : (tensor<64xf32>) -> tensor<64x96xf32>
  %d = hlo.subtract %x, %maxb : tensor<64x96xf32>
  %e = hlo.exponential %d : tensor<64x96xf32>
  %sum = hlo.reduce(%e init: %zero) applies hlo.add across dimensions = [1]
      : (tensor<64x96xf32>, tensor<f32>) -> tensor<64xf32>
  %sumb = hlo.broadcast_in_dim %sum, dims = [0]
      : (tensor<64xf32>) -> tensor<64x96xf32>
  %p = hlo.divide %e, %sumb : tensor<64x96xf32>
  %y = hlo.dot %p, %w : (tensor<64x96xf32>, tensor<96x40xf32>)
      -> tensor<64x40xf32>
  return %p, %y : tensor<64x96xf32>, tensor<64x40xf32>
}
"""


def test_gpu_emulator_runs_the_gpu_code_here():
    # The kernels a GPU would run (a row fusion with warp shuffles, a
    # tiled product with barriers), compiled for the host and run by the
    # runtime's emulator: no GPU or CUDA driver needed.
    rng = np.random.default_rng(3)
    x = rng.standard_normal((64, 96)).astype(np.float32)
    w = rng.standard_normal((96, 40)).astype(np.float32)
    e = np.exp(x.astype(np.float64) - x.max(axis=1, keepdims=True))
    p = e / e.sum(axis=1, keepdims=True)
    exe = xm.compile(SOFTMAX_DOT, target="cuda", gpu_emulate=True,
                     cache=False)
    got_p, got_y = exe(x, w)
    np.testing.assert_allclose(got_p, p, rtol=1e-5, atol=1e-7)
    np.testing.assert_allclose(got_y, p @ w, rtol=1e-4, atol=1e-5)
    with pytest.raises(xm.CompileError, match="needs --target=cuda"):
        xm.compile(SOFTMAX_DOT, gpu_emulate=True, cache=False)


def test_compile_errors_raise():
    with pytest.raises(xm.CompileError) as info:
        xm.compile("func.func @main(%x: tensor<4xf32>) -> tensor<4xf32> {\n"
                   "  %0 = hlo.add %x, %x : tensor<5xf32>\n"
                   "  return %0 : tensor<4xf32>\n}\n")
    assert "<string>:2:" in str(info.value)
    with pytest.raises(xm.CompileError, match="error:"):
        xm.compile("func.func @main( {")
    with pytest.raises(TypeError, match="unknown.*fusoin"):
        xm.compile(ADD_MUL, fusoin=False)
    with pytest.raises(ValueError, match="opt-level"):
        xm.compile(ADD_MUL, opt_level=7)
    with pytest.raises(ValueError, match="target"):
        xm.compile(ADD_MUL, target="no-such-key=1")
    with pytest.raises(TypeError):
        xm.compile(12345)
    with pytest.raises(FileNotFoundError):
        xm.compile("/no/such/program.mlir")


MATMUL = """
func.func @main(%a: tensor<1536x1536xf32>, %b: tensor<1536x1536xf32>)
    -> tensor<1536x1536xf32> {
  %c = hlo.dot %a, %b : (tensor<1536x1536xf32>, tensor<1536x1536xf32>)
      -> tensor<1536x1536xf32>
  return %c : tensor<1536x1536xf32>
}
"""


def test_gil_is_released_while_running():
    exe = xm.compile(MATMUL, parallel_loops=False)
    a = rand(1536, 1536, seed=1)
    exe(a, a)
    start = time.perf_counter()
    for _ in range(5):
        exe(a, a)
    run_s = (time.perf_counter() - start) / 5
    # While another thread runs the program, this one keeps running: the
    # longest pause between its steps is far shorter than a run.
    done = threading.Event()
    worker = threading.Thread(
        target=lambda: ([exe(a, a) for _ in range(5)], done.set()))
    last, longest = time.perf_counter(), 0.0
    worker.start()
    while not done.is_set():
        now = time.perf_counter()
        longest, last = max(longest, now - last), now
    worker.join()
    assert longest < 0.5 * run_s, (longest, run_s)
    # Several threads may run one executable at once.
    results = []
    threads = [threading.Thread(target=lambda: results.append(exe(a, a)))
               for _ in range(3)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    expected = exe(a, a)
    for r in results:
        np.testing.assert_array_equal(r, expected)


def test_compare_unfused(capsys):
    exe = xm.compile(ADD_MUL)
    args = [rand(4, 8, seed=s) for s in range(3)]
    comparison = exe.compare_unfused(*args, runs=3)
    assert comparison.results_agree
    assert comparison.fused_ms > 0 and comparison.unfused_ms > 0
    assert comparison.fused_peak_bytes > 0
    printed = capsys.readouterr().out
    assert "fusion saves" in printed and "results agree" in printed


def test_kernels_and_peak_memory():
    exe = xm.compile(ADD_MUL)
    kernels = exe.kernels
    # Fused: the multiply, the add and the reduce are one reduction kernel
    # that reads the three inputs once and writes the 4 sums.
    assert len(kernels) == 1, [str(k) for k in kernels]
    (kernel,) = kernels
    assert [op for op, _ in kernel.ops] == ["hlo.multiply", "hlo.add",
                                            "hlo.reduce"]
    assert all(loc.startswith("<string>:") for _, loc in kernel.ops)
    assert kernel.cost.bytes_read == 3 * 4 * 8 * 4
    assert kernel.cost.bytes_written == 4 * 4
    assert kernel.unfused_cost.bytes_written > kernel.cost.bytes_written
    assert "hlo" not in kernel.kind and kernel.name in str(kernel)
    unfused = xm.compile(ADD_MUL, fusion=False).kernels
    assert len(unfused) == 3
    args = [rand(4, 8, seed=s) for s in range(3)]
    assert exe.peak_buffer_bytes(*args) >= 3 * 4 * 8 * 4


def test_threads_compile_at_once():
    args = [rand(4, 8, seed=s) for s in range(3)]
    expected = (args[0] + args[1] * args[2]).sum(axis=1)
    results, errors = [], []

    def work(opt_level):
        try:
            exe = xm.compile(ADD_MUL, cache=False, opt_level=opt_level)
            results.append(exe(*args))
        except Exception as error:  # noqa: BLE001 - reported below
            errors.append(error)

    threads = [threading.Thread(target=work, args=(level,))
               for level in (0, 1, 2, 3)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert not errors, errors
    for r in results:
        np.testing.assert_allclose(r, expected, rtol=1e-5, atol=1e-6)


def test_dump_to(tmp_path):
    exe = xm.compile(ADD_MUL, dump_to=tmp_path / "dump")
    exe(*[rand(4, 8, seed=s) for s in range(3)])
    dump = tmp_path / "dump"
    # The same directory the tools write (docs/dumps.md).
    for name in ("input.mlir", "program.ll", "program.s"):
        assert (dump / name).is_file(), sorted(p.name for p in dump.iterdir())
    assert any((dump / "passes").iterdir())
    assert list(dump.glob("fusion_report.*"))
