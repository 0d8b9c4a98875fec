"""xla_mlir.compile and the Executable it returns."""

from __future__ import annotations

import dataclasses
import json
import os
import statistics
import sys
import time
import warnings
from typing import Any, Iterable, NamedTuple, Sequence

import numpy as np

from ._dtypes import to_numpy


def _load_native():
    """Imports the extension with RTLD_DEEPBIND: TensorFlow's libraries
    export the symbols of the LLVM they bundle, and a process that imported
    TensorFlow first would otherwise bind our libLLVM's calls to them (two
    LLVM versions mixed: wrong intrinsics, failed compilations)."""
    flags = sys.getdlopenflags()
    if hasattr(os, "RTLD_DEEPBIND"):
        sys.setdlopenflags(flags | os.RTLD_DEEPBIND)
    try:
        from . import _xla_mlir as native
    finally:
        sys.setdlopenflags(flags)
    return native


_xla_mlir = _load_native()


class CompileError(ValueError):
    """The program did not parse, verify or compile.

    The message holds the compiler's diagnostics, each with the location in
    the program (for programs traced by JAX or TensorFlow, the user's file
    and line)."""


class ArraySpec(NamedTuple):
    """The shape and NumPy dtype of a parameter or a result."""
    shape: tuple
    dtype: np.dtype

    def __str__(self):
        return f"{self.dtype.name}[{','.join(map(str, self.shape))}]"


def option_keywords() -> list[str]:
    """The compile options `compile` and `jit` accept as keywords."""
    return list(_xla_mlir.option_keywords())


def _option_value(value: Any) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, os.PathLike):
        return os.fspath(value)
    return str(value)


def _read_source(source) -> tuple[bytes | str, str]:
    """The program's text or bytecode, and the name diagnostics give it."""
    if hasattr(source, "as_text") and callable(source.as_text):
        # A jax.stages.Lowered: keep the locations of the user's code.
        try:
            return source.as_text(debug_info=True), "<jax>"
        except TypeError:
            return source.as_text(), "<jax>"
    if isinstance(source, os.PathLike):
        path = os.fspath(source)
        with open(path, "rb") as file:
            return file.read(), path
    if isinstance(source, (bytes, bytearray, memoryview)):
        return bytes(source), "<bytes>"
    if isinstance(source, str):
        # Every MLIR module has a '{'; a string without one is a path.
        if "{" in source:
            return source, "<string>"
        with open(source, "rb") as file:
            return file.read(), source
    raise TypeError(
        "compile() takes program text, a path, bytes (text or MLIR "
        f"bytecode) or a jax Lowered object, not {type(source).__name__}")


@dataclasses.dataclass(frozen=True)
class _Request:
    """What compile() was asked: kept by the Executable, which compiles it
    again for compare_unfused and runs its HLO stage for `kernels`."""
    text: bytes
    name: str
    target: str
    cache: bool
    cache_dir: str
    cache_max_size: str
    options: dict

    def _pairs(self, options: dict) -> list:
        return [(key, _option_value(value)) for key, value in options.items()]

    @staticmethod
    def _raise(kind: str, message: str):
        if kind == "unknown-option":
            raise TypeError(f"{message}; the options are: "
                            f"{', '.join(option_keywords())}")
        if kind == "bad-option":
            raise ValueError(message)
        raise CompileError(message)

    def compile(self, **overrides) -> "Executable":
        request = dataclasses.replace(self, options={**self.options,
                                                     **overrides})
        native, kind, message = _xla_mlir.compile(
            request.text, request.name, self._pairs(request.options),
            request.target, request.cache, request.cache_dir,
            request.cache_max_size)
        if native is None:
            self._raise(kind, message)
        return Executable(native, request)

    def report_fusions(self) -> dict:
        report, kind, message = _xla_mlir.report_fusions(
            self.text, self.name, self._pairs(self.options), self.target)
        if report is None:
            self._raise(kind, message)
        return json.loads(report)


def compile(source, target: str = "cpu", *, cache: bool = True,
            cache_dir: str | os.PathLike | None = None,
            cache_max_size: str = "1G", **options) -> "Executable":
    """Compiles an hlo/StableHLO program for `target` and loads it.

    `source`: program text, a path, bytes, or a `jax.stages.Lowered`.
    `target`: "cpu" (this machine), "cuda", or target description
    overrides such as "cpu=haswell,vector-bits=256".
    `cache`: use the persistent compilation cache (`cache_dir`, default
    $XLA_CACHE_DIR or ~/.cache/xla-mlir, bounded by `cache_max_size`).
    `options`: compile options by keyword (`option_keywords()`).

    Raises CompileError for a program the compiler rejects, TypeError for
    an unknown keyword and ValueError for a bad option value."""
    text, name = _read_source(source)
    if isinstance(text, str):
        text = text.encode()
    return _Request(text, name, target, bool(cache),
                    os.fspath(cache_dir) if cache_dir is not None else "",
                    str(cache_max_size), dict(options)).compile()


@dataclasses.dataclass(frozen=True)
class KernelCost:
    """The cost model's numbers for a kernel (or its ops run one by one)."""
    bytes_read: int
    bytes_written: int
    flops: int
    transcendentals: int
    estimated_us: float


@dataclasses.dataclass(frozen=True)
class Kernel:
    """One kernel of a compiled program: a fusion and the ops in it.

    `ops` holds (op name, source location) pairs; `cost` is the fused
    kernel's cost, `unfused_cost` that of its ops as one kernel each."""
    name: str
    kind: str
    ops: tuple
    cost: KernelCost
    unfused_cost: KernelCost

    def __str__(self):
        return (f"{self.name} ({self.kind}, {len(self.ops)} ops): reads "
                f"{self.cost.bytes_read} B, writes {self.cost.bytes_written} B, "
                f"{self.cost.flops} flops, ~{self.cost.estimated_us:.3g} us "
                f"(unfused ~{self.unfused_cost.estimated_us:.3g} us)")


def _kernel_cost(data: dict) -> KernelCost:
    return KernelCost(int(data["bytes_read"]), int(data["bytes_written"]),
                      int(data["flops"]), int(data["transcendentals"]),
                      float(data["estimated_us"]))


@dataclasses.dataclass
class FusionComparison:
    """What fusion saved on one program and its inputs (medians)."""
    fused_ms: float
    unfused_ms: float
    fused_peak_bytes: int
    unfused_peak_bytes: int
    runs: int
    results_agree: bool
    max_abs_difference: float

    @property
    def speedup(self) -> float:
        return self.unfused_ms / self.fused_ms if self.fused_ms else float("inf")

    @property
    def time_saved_ms(self) -> float:
        return self.unfused_ms - self.fused_ms

    @property
    def memory_saved_bytes(self) -> int:
        return self.unfused_peak_bytes - self.fused_peak_bytes

    def __str__(self):
        mib = 1 << 20
        time_pct = 100.0 * self.time_saved_ms / self.unfused_ms \
            if self.unfused_ms else 0.0
        mem_pct = 100.0 * self.memory_saved_bytes / self.unfused_peak_bytes \
            if self.unfused_peak_bytes else 0.0
        agree = "results agree" if self.results_agree else \
            f"results DIFFER (max abs difference {self.max_abs_difference:.3g})"
        return (
            f"fused:   {self.fused_ms:.4g} ms, peak {self.fused_peak_bytes / mib:.1f} MiB\n"
            f"unfused: {self.unfused_ms:.4g} ms, peak {self.unfused_peak_bytes / mib:.1f} MiB\n"
            f"fusion saves {self.time_saved_ms:.4g} ms ({time_pct:.1f}%, "
            f"{self.speedup:.2f}x) and {self.memory_saved_bytes / mib:.1f} MiB "
            f"of peak memory ({mem_pct:.1f}%); median of {self.runs} runs, "
            f"{agree}")


class Executable:
    """A compiled program. Call it with one array per parameter."""

    def __init__(self, native, request: _Request):
        self._native = native
        self._request = request
        self._kernels = None
        self.inputs = [ArraySpec(tuple(shape), to_numpy(dtype))
                       for dtype, shape in native.inputs]
        self.outputs = [ArraySpec(tuple(shape), to_numpy(dtype))
                        for dtype, shape in native.outputs]

    @property
    def entry(self) -> str:
        return self._native.entry

    @property
    def kernels(self) -> list[Kernel]:
        """The program's kernels (fusions) with their ops, bytes and flops,
        as the compiler's cost model sees them (the fusion report,
        hlo-report-fusions). Computed on first use by running the HLO stage
        and fusion again, so it is there for cached programs too."""
        if self._kernels is None:
            self._kernels = [
                Kernel(k["name"], k["kind"],
                       tuple((op["op"], op["location"]) for op in k["ops"]),
                       _kernel_cost(k["fused"]),
                       _kernel_cost(k["one_kernel_per_op"]))
                for k in self._request.report_fusions()["kernels"]]
        return self._kernels

    def peak_buffer_bytes(self, *args) -> int:
        """The most buffer memory one run on `args` holds at once: its
        results and temporaries (from the runtime's pool) plus its inputs."""
        self._check_count(args)
        return self._measure(args, runs=0)[2]

    @property
    def aliases(self) -> list[tuple[int, int]]:
        """(output, input) pairs: outputs the program declares as the new
        value of an input (TensorFlow's updated variables, JAX's
        donate_argnums)."""
        return [(output, input_) for output, input_, _ in self._native.aliases]

    @property
    def donatable(self) -> dict[int, int]:
        """{input: output}: the inputs a call may donate (`donate=`), each
        with the output then computed in its buffer."""
        return {input_: output
                for output, input_, in_place in self._native.aliases
                if in_place}

    @property
    def cache_outcome(self) -> str:
        """How compile() got this program: hit, miss, corrupt or bypassed."""
        return self._native.cache_outcome

    @property
    def compile_seconds(self) -> float:
        return self._native.compile_seconds

    def __repr__(self):
        ins = ", ".join(map(str, self.inputs))
        outs = ", ".join(map(str, self.outputs))
        return f"<xla_mlir.Executable @{self.entry}({ins}) -> ({outs})>"

    def _describe_parameter(self, index: int) -> str:
        return f"argument {index} of @{self.entry}"

    def _as_input(self, index: int, value, spec: ArraySpec
                  ) -> tuple[np.ndarray, bool]:
        """`value` as a C-contiguous array of `spec`, without a copy when
        its layout allows one, and whether the array may be written: the
        caller's own writable NumPy array, or a copy made here. (A view of
        another framework's buffer through DLPack never may: that buffer
        is not ours to change.)"""
        writable = False
        if isinstance(value, np.ndarray):
            array = value
            writable = value.flags.writeable
        elif isinstance(value, (bool, int, float, complex)) and not spec.shape:
            # Python scalars are weakly typed, as in JAX.
            array = np.asarray(value, dtype=spec.dtype)
        elif hasattr(value, "__dlpack__") and not isinstance(value, np.generic):
            try:
                array = np.from_dlpack(value)
            except (TypeError, BufferError, RuntimeError, ValueError):
                # Not on the CPU, or a dtype DLPack cannot describe to
                # NumPy (bfloat16): go through __array__.
                array = np.asarray(value)
        else:
            array = np.asarray(value)
        if array.dtype != spec.dtype:
            raise TypeError(
                f"{self._describe_parameter(index)}: expected {spec}, got "
                f"{array.dtype.name}[{','.join(map(str, array.shape))}]")
        if array.shape != spec.shape:
            raise ValueError(
                f"{self._describe_parameter(index)}: expected {spec}, got "
                f"{array.dtype.name}[{','.join(map(str, array.shape))}]")
        address = array.__array_interface__["data"][0]
        if not array.flags.c_contiguous or address % array.dtype.alignment:
            array = np.array(array, order="C", copy=True)
            writable = True
        return array, writable

    def _check_count(self, args: Sequence) -> None:
        if len(args) != len(self.inputs):
            raise TypeError(
                f"@{self.entry} takes {len(self.inputs)} argument(s), "
                f"got {len(args)}")

    def _donations(self, donate: Iterable[int], arrays, writable) -> list[int]:
        """The inputs of `donate` whose buffers the program may write: those
        with an in-place output, writable, and sharing no memory with
        another input (the program would read what it already changed)."""
        donatable = self.donatable
        chosen = []
        for index in sorted(set(donate)):
            if not 0 <= index < len(arrays):
                raise ValueError(
                    f"donate names argument {index}, but @{self.entry} takes "
                    f"{len(arrays)}")
            if index not in donatable:
                warnings.warn(
                    f"{self._describe_parameter(index)} cannot be donated: no "
                    "output is declared as its new value (tf.aliasing_output, "
                    "mhlo.input_output_alias)", stacklevel=4)
                continue
            if writable[index] and not any(
                    np.may_share_memory(arrays[index], other)
                    for i, other in enumerate(arrays) if i != index):
                chosen.append(index)
        return chosen

    def run_flat(self, args: Sequence, donate: Iterable[int] = ()
                 ) -> list[np.ndarray]:
        """Runs on `args` and returns every result as a list. `donate`:
        indices of arguments given up to the program (see __call__)."""
        self._check_count(args)
        converted = [self._as_input(i, value, spec)
                     for i, (value, spec) in enumerate(zip(args, self.inputs))]
        arrays = [array for array, _ in converted]
        donated = self._donations(donate, arrays,
                                  [w for _, w in converted]) if donate else []
        pointers = [a.__array_interface__["data"][0] for a in arrays]
        # `arrays` stays alive (and with it every input) until the call
        # returns; the GIL is released while the program runs.
        raw = self._native.execute(pointers, donated)
        in_buffer = {output: arrays[input_]
                     for input_, output in self.donatable.items()
                     if input_ in donated}
        del arrays, converted
        return [in_buffer[k] if bytes_ is None else
                bytes_.view(spec.dtype).reshape(spec.shape)
                for k, (bytes_, spec) in enumerate(zip(raw, self.outputs))]

    def __call__(self, *args, donate: Iterable[int] = ()):
        """Runs the program: one array (NumPy, or anything with
        `__dlpack__` or `__array__`) per parameter. Returns the result, or a
        tuple of them when the program has several.

        `donate`: indices of arguments the caller gives up. An output the
        program declares as the new value of such an argument (`donatable`)
        is computed in the argument's own buffer and returned as that very
        array, which therefore holds the new value afterwards: a training
        step updates its weights in place instead of holding two copies.
        Arguments the program must not write (read-only arrays, views of
        another framework's buffers) are left alone, and their output gets
        a buffer of its own."""
        results = self.run_flat(args, donate)
        return results[0] if len(results) == 1 else tuple(results)

    def _measure(self, args, runs: int):
        arrays = [self._as_input(i, v, s)[0]
                  for i, (v, s) in enumerate(zip(args, self.inputs))]
        results = self.run_flat(arrays)  # warm-up: fills the buffer pool
        times = []
        for _ in range(runs):
            start = time.perf_counter()
            self.run_flat(arrays)
            times.append((time.perf_counter() - start) * 1e3)
        # Peak of one run: results and temporaries come from the runtime's
        # buffer pool; the inputs are the caller's arrays.
        before = _xla_mlir.pool_stats()["bytes_in_use"]
        _xla_mlir.pool_reset_peak()
        self.run_flat(arrays)
        peak = _xla_mlir.pool_stats()["peak_bytes_in_use"] - before
        peak += sum(a.nbytes for a in arrays)
        return results, statistics.median(times) if times else 0.0, peak

    def compare_unfused(self, *args, runs: int = 10, rtol: float = 1e-3,
                        atol: float = 1e-5, verbose: bool = True
                        ) -> FusionComparison:
        """Compiles the same program with fusion=False, runs both on `args`
        and returns (and prints, unless verbose=False) the time and peak
        memory of each and what fusion saved."""
        self._check_count(args)
        unfused = self._request.compile(fusion=False)
        fused_results, fused_ms, fused_peak = self._measure(args, runs)
        unfused_results, unfused_ms, unfused_peak = unfused._measure(args, runs)
        agree, worst = True, 0.0
        for a, b in zip(fused_results, unfused_results):
            if a.size == 0:
                continue
            if a.dtype.kind in "fc" or a.dtype.name == "bfloat16":
                a64 = a.astype(np.complex128 if a.dtype.kind == "c" else np.float64)
                b64 = b.astype(a64.dtype)
                worst = max(worst, float(np.nanmax(np.abs(a64 - b64))))
                agree &= bool(np.allclose(a64, b64, rtol=rtol, atol=atol,
                                          equal_nan=True))
            else:
                agree &= bool(np.array_equal(a, b))
        comparison = FusionComparison(fused_ms, unfused_ms, fused_peak,
                                      unfused_peak, runs, agree, worst)
        if verbose:
            print(comparison)
        return comparison
