"""xla_mlir.from_tf: TensorFlow functions compiled by xla-mlir.

TensorFlow prints the StableHLO of a `tf.function` with jit_compile=True
(`fn.experimental_get_compiler_ir(*args)(stage="stablehlo")`). In that
program the explicit arguments come first (flattened), then every tensor
the function captures: the variables it reads or updates, then captured
constants. The results are the function's outputs (flattened), then the
new values of the variables it assigned, tied to their parameters by
`mhlo.input_output_alias`. We run the program and assign those new values
back to the variables, as TensorFlow would.
"""

from __future__ import annotations

import re
from typing import Any, Callable

import numpy as np

from ._executable import CompileError, Executable, compile as _compile


def _import_tf():
    try:
        import tensorflow as tf
    except ImportError as error:
        raise ImportError(
            "xla_mlir.from_tf needs TensorFlow (pip install tensorflow-cpu)"
        ) from error
    return tf


def _as_numpy(tensor) -> np.ndarray:
    """A TensorFlow CPU tensor as a NumPy view of its buffer (a copy where
    DLPack cannot describe it)."""
    try:
        return np.from_dlpack(tensor)
    except (TypeError, BufferError, RuntimeError, ValueError):
        return tensor.numpy()


def _as_tensor(array: np.ndarray):
    """A NumPy result as a TensorFlow tensor on the same buffer (the
    runtime's; DLPack keeps it alive while TensorFlow holds it)."""
    tf = _import_tf()
    try:
        return tf.experimental.dlpack.from_dlpack(array.__dlpack__())
    except Exception:  # noqa: BLE001 - a dtype TF's DLPack lacks: copy
        return tf.convert_to_tensor(array)


class _Compiled:
    def __init__(self, executable: Executable, captured: list,
                 structure, num_outputs: int, num_arguments: int):
        tf = _import_tf()
        self.executable = executable
        self.structure = structure
        self.num_outputs = num_outputs
        # Captured inputs are read with one TensorFlow call, and the
        # variables the step assigned are written with one (a call per
        # variable costs tens of microseconds each).
        self.read = tf.function(lambda: [c.read_value()
                                         if isinstance(c, tf.Variable) else c
                                         for c in captured])
        writes = [(output, captured[parameter - num_arguments])
                  for output, parameter in executable.aliases
                  if parameter >= num_arguments and
                  isinstance(captured[parameter - num_arguments], tf.Variable)]
        self.written_outputs = [output for output, _ in writes]
        variables = [variable for _, variable in writes]

        @tf.function
        def write(values):
            for variable, value in zip(variables, values):
                variable.assign(value)

        self.write = write if writes else None


class TFFunction:
    """The result of xla_mlir.from_tf(fn). Call it like fn."""

    def __init__(self, fn: Callable, options: dict):
        tf = _import_tf()
        python_function = getattr(fn, "python_function", fn)
        self._name = getattr(fn, "__name__", None) or \
            getattr(python_function, "__name__", "function")
        # experimental_get_compiler_ir needs jit_compile=True; the wrapper
        # traces the same Python code, so it captures the same variables.
        self._tf_function = tf.function(python_function, jit_compile=True)
        self._options = options
        self._compiled: dict[Any, _Compiled] = {}
        self.num_compiles = 0

    @staticmethod
    def _normalize(args):
        """Python numbers become arrays of TensorFlow's default dtypes
        (float32, int32), so tracing and calling see the same tensors."""
        tf = _import_tf()

        def leaf(x):
            if isinstance(x, (bool, int, float, complex)):
                return tf.convert_to_tensor(x).numpy()
            return x
        return tf.nest.map_structure(leaf, args)

    @staticmethod
    def _key(args):
        tf = _import_tf()

        def leaf(x):
            dtype = getattr(x, "dtype", None)
            if dtype is None or not hasattr(x, "shape"):
                array = np.asarray(x)
                return (array.shape, array.dtype.str)
            dtype = getattr(dtype, "as_numpy_dtype", dtype)
            return (tuple(x.shape), np.dtype(dtype).str)
        # The structure with its leaves left out, as a hashable string.
        return (repr(tf.nest.map_structure(lambda _: None, args)),
                tuple(map(leaf, tf.nest.flatten(args))))

    def _compile(self, args) -> _Compiled:
        tf = _import_tf()
        try:
            concrete = self._tf_function.get_concrete_function(*args)
            text = self._tf_function.experimental_get_compiler_ir(*args)(
                stage="stablehlo")
        except Exception as error:  # TensorFlow's own errors, as they are
            raise CompileError(
                f"TensorFlow cannot compile {self._name} to a program "
                f"(jit_compile=True must-compile semantics): {error}"
            ) from error
        bounded = re.search(r"tensor<[^<>]*#stablehlo\.bounds<[^>]*>>", text)
        if bounded:
            raise CompileError(
                f"{self._name}: TensorFlow's program has a tensor whose shape "
                f"depends on the data ({bounded.group(0)}); xla-mlir compiles "
                "static shapes only")
        variables = {id(v.handle): v for v in concrete.variables}
        captured = [variables.get(id(handle), handle)
                    for handle in concrete.captured_inputs]
        executable = _compile(text, **self._options)
        structure = concrete.structured_outputs
        num_outputs = len(tf.nest.flatten(structure))
        num_inputs = len(tf.nest.flatten(args)) + len(captured)
        if len(executable.inputs) != num_inputs:
            raise CompileError(
                f"{self._name}: the program takes {len(executable.inputs)} "
                f"parameters, expected {num_inputs} (arguments and captured "
                "tensors)")
        return _Compiled(executable, captured, structure, num_outputs,
                         len(tf.nest.flatten(args)))

    def __call__(self, *args):
        tf = _import_tf()
        args = self._normalize(args)
        key = self._key(args)
        entry = self._compiled.get(key)
        if entry is None:
            entry = self._compile(args)
            self._compiled[key] = entry
            self.num_compiles += 1
        inputs = [np.asarray(leaf) for leaf in tf.nest.flatten(args)]
        # Variables are read when the call starts, as TensorFlow does; the
        # program reads their buffers in place (DLPack), and the variables
        # take the result buffers of their new values without a copy.
        inputs += [_as_numpy(value) for value in entry.read()]
        outputs = entry.executable.run_flat(inputs)
        if entry.write is not None:
            entry.write([_as_tensor(outputs[i])
                         for i in entry.written_outputs])
        flat = outputs[:entry.num_outputs]
        return tf.nest.pack_sequence_as(entry.structure, flat)

    def executable(self, *args) -> Executable:
        """The xla-mlir Executable for `args`' signature."""
        args = self._normalize(args)
        key = self._key(args)
        if key not in self._compiled:
            self._compiled[key] = self._compile(args)
            self.num_compiles += 1
        return self._compiled[key].executable


def from_tf(fn: Callable, **options) -> TFFunction:
    """Compiles a TensorFlow function (a `tf.function`, or a Python function
    that TensorFlow can trace) with xla-mlir.

    Arguments are NumPy arrays or tensors (nested structures are fine). The
    variables the function reads are passed in when it is called, and those
    it assigns are updated from the program's results. `options`: the
    compile options of `xla_mlir.compile`."""
    return TFFunction(fn, options)
