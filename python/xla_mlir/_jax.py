"""xla_mlir.jit: JAX functions compiled by xla-mlir.

JAX traces the function and prints StableHLO (`jax.jit(f).lower(...)`);
xla-mlir compiles and runs it. One executable per input signature: the
pytree structure, each leaf's shape and dtype, and the static arguments'
values. A new signature compiles (and the persistent compilation cache may
still make that cheap); one seen before reuses its executable.
"""

from __future__ import annotations

import functools
from typing import Any, Callable, Sequence

import numpy as np

from ._executable import Executable, compile as _compile


def _import_jax():
    try:
        import jax
    except ImportError as error:
        raise ImportError("xla_mlir.jit needs JAX (pip install jax)") from error
    return jax


def _normalize_argnums(argnums, count: int) -> tuple[int, ...]:
    if argnums is None:
        return ()
    if isinstance(argnums, int):
        argnums = (argnums,)
    return tuple(sorted(a % count if count else a for a in argnums))


def _without_sharding(lowered) -> str | None:
    """The lowered program's StableHLO text (with the user's locations)
    without Shardy's partitioning metadata, or None if JAX's MLIR bindings
    are not usable.

    JAX 0.10 marks single-device programs with Shardy (`sdy`) ops and
    attributes on custom calls and callbacks. They mean nothing on one
    device, and their syntax belongs to a dialect we do not have: without
    them, a program we cannot run gets the compiler's diagnostic naming
    the unsupported custom call, instead of a parse error about `sdy`."""
    try:
        from jax._src.lib.mlir import ir
        module = lowered.compiler_ir("stablehlo")
    except Exception:  # noqa: BLE001 - an older or newer JAX: plain text
        return None
    with module.context:
        clone = module.operation.clone()
        doomed = []

        def without_sdy(dictionary):
            return ir.DictAttr.get({
                entry.name: entry.attr for entry in dictionary
                if not entry.name.startswith("sdy.")})

        def strip(op):
            for name in [a if isinstance(a, str) else a.name
                         for a in op.attributes]:
                if name.startswith("sdy."):
                    del op.attributes[name]
                elif name in ("arg_attrs", "res_attrs"):
                    dictionaries = ir.ArrayAttr(op.attributes[name])
                    op.attributes[name] = ir.ArrayAttr.get(
                        [without_sdy(ir.DictAttr(d)) for d in dictionaries])
            # A mesh declaration is metadata; a sharding constraint is the
            # identity on one device.
            if op.name in ("sdy.mesh", "sdy.sharding_constraint"):
                doomed.append(op)
            return ir.WalkResult.ADVANCE

        clone.walk(strip)
        for op in doomed:
            if len(op.results) == 1 and len(op.operands) == 1:
                op.results[0].replace_all_uses_with(op.operands[0])
            op.erase()
        return clone.get_asm(enable_debug_info=True)


class _Compiled:
    """One signature's executable, how to rebuild its results, and which
    parameters (flattened leaves) the caller donates."""

    def __init__(self, executable: Executable, out_tree, lowered,
                 donated: tuple[int, ...]):
        self.executable = executable
        self.out_tree = out_tree
        self.lowered = lowered
        self.donated = donated


class JittedFunction:
    """The result of xla_mlir.jit(f). Call it like f."""

    def __init__(self, fun: Callable, static_argnums, donate_argnums,
                 options: dict):
        jax = _import_jax()
        self._fun = fun
        self._static_argnums = static_argnums
        self._donate_argnums = donate_argnums
        self._options = options
        self._executables: dict[Any, _Compiled] = {}
        self.num_compiles = 0
        functools.update_wrapper(self, fun)

    def _split(self, args: Sequence):
        static = _normalize_argnums(self._static_argnums, len(args))
        for index in static:
            if index >= len(args):
                raise TypeError(
                    f"static_argnums names argument {index}, but "
                    f"{self._fun.__name__} was called with {len(args)}")
        dynamic = tuple(a for i, a in enumerate(args) if i not in static)
        statics = tuple((i, args[i]) for i in static)
        return static, dynamic, statics

    @staticmethod
    def _leaf_signature(leaf):
        if isinstance(leaf, (bool, int, float, complex)):
            return (type(leaf),)  # weakly typed, as JAX treats it
        shape = getattr(leaf, "shape", None)
        dtype = getattr(leaf, "dtype", None)
        if shape is None or dtype is None:
            array = np.asarray(leaf)
            shape, dtype = array.shape, array.dtype
        return (tuple(shape), np.dtype(dtype),
                bool(getattr(leaf, "weak_type", False)))

    def _compiled(self, args: Sequence, kwargs: dict):
        jax = _import_jax()
        static, dynamic, statics = self._split(args)
        leaves, treedef = jax.tree_util.tree_flatten((dynamic, kwargs))
        try:
            key = (treedef, tuple(map(self._leaf_signature, leaves)), statics)
            hash(key)
        except TypeError as error:
            raise TypeError(
                "static arguments of a jitted function must be hashable") \
                from error
        entry = self._executables.get(key)
        if entry is None:
            donate = tuple(i for i in _normalize_argnums(self._donate_argnums,
                                                         len(args))
                           if i not in static)
            jitted = jax.jit(self._fun, static_argnums=static,
                             donate_argnums=donate, keep_unused=True)
            lowered = jitted.lower(*args, **kwargs)
            text = _without_sharding(lowered)
            executable = _compile(lowered if text is None else text,
                                  **self._options)
            entry = _Compiled(executable, lowered.out_tree, lowered,
                              self._donated_leaves(args, static, donate))
            self._executables[key] = entry
            self.num_compiles += 1
        return entry, leaves

    @staticmethod
    def _donated_leaves(args, static, donate) -> tuple[int, ...]:
        """The flat parameter indices of the leaves of the donated
        arguments (the dynamic arguments' leaves come first, in order)."""
        jax = _import_jax()
        indices, offset = [], 0
        for i, arg in enumerate(args):
            if i in static:
                continue
            count = len(jax.tree_util.tree_leaves(arg))
            if i in donate:
                indices.extend(range(offset, offset + count))
            offset += count
        return tuple(indices)

    def _inputs(self, entry: _Compiled, leaves) -> list:
        """Leaves as the program's parameter types: JAX canonicalizes
        dtypes (int64 to int32 without x64) and makes Python scalars
        weakly typed; so do we."""
        jax = _import_jax()
        inputs = []
        for leaf, spec in zip(leaves, entry.executable.inputs):
            dtype = getattr(leaf, "dtype", None)
            if isinstance(leaf, (bool, int, float, complex)):
                leaf = np.asarray(leaf, dtype=spec.dtype)
            elif dtype is not None and np.dtype(dtype) != spec.dtype and \
                    jax.dtypes.canonicalize_dtype(dtype) == spec.dtype:
                leaf = np.asarray(leaf).astype(spec.dtype)
            inputs.append(leaf)
        return inputs

    def __call__(self, *args, **kwargs):
        jax = _import_jax()
        entry, leaves = self._compiled(args, kwargs)
        results = entry.executable.run_flat(self._inputs(entry, leaves),
                                            donate=entry.donated)
        return jax.tree_util.tree_unflatten(entry.out_tree, results)

    def lower(self, *args, **kwargs):
        """The jax.stages.Lowered this function compiles for `args`."""
        return self._compiled(args, kwargs)[0].lowered

    def executable(self, *args, **kwargs) -> Executable:
        """The xla-mlir Executable for `args`' signature."""
        return self._compiled(args, kwargs)[0].executable

    def compare_unfused(self, *args, runs: int = 10, rtol: float = 1e-3,
                        atol: float = 1e-5, verbose: bool = True, **kwargs):
        """Executable.compare_unfused on this function's program for
        `args`."""
        entry, leaves = self._compiled(args, kwargs)
        return entry.executable.compare_unfused(
            *self._inputs(entry, leaves), runs=runs, rtol=rtol, atol=atol,
            verbose=verbose)


def jit(fun: Callable | None = None, *, static_argnums=None,
        donate_argnums=None, **options):
    """Compiles `fun` (written with jax.numpy) with xla-mlir.

    Pytrees go in and come out; `jax.grad` and friends work inside `fun`.
    `static_argnums`: arguments that are Python values baked into the
    program (a new value compiles again). `donate_argnums`: arguments the
    caller gives up, as in jax.jit: a result of the same shape and dtype
    (JAX pairs them) is computed in the argument's buffer. Results are
    NumPy arrays, and a donated NumPy array comes back as the result
    itself, holding the new value, so `params = step(params, ...)` updates
    the weights in place; a donated JAX array or read-only array is left
    alone and its result gets a buffer of its own. `options`: xla-mlir's
    compile options (`fusion=False`, `opt_level=2`, `target="cpu"`,
    `cache=False`). Usable as `@xm.jit` or `@xm.jit(static_argnums=1)`."""
    if fun is None:
        return lambda f: jit(f, static_argnums=static_argnums,
                             donate_argnums=donate_argnums, **options)
    return JittedFunction(fun, static_argnums, donate_argnums, options)
