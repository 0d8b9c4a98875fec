"""xla-mlir: compile HLO/StableHLO programs and run them.

    import xla_mlir as xm

    exe = xm.compile(stablehlo_text)          # or a path, bytes, a jax Lowered
    result = exe(x, y)                         # NumPy in, NumPy out, no copies

    step = xm.jit(train_step)                  # a JAX function, compiled here
    params, loss = step(params, batch)

Options of `compile` and `jit` are the compiler's (`fusion=False`,
`opt_level=2`, ...): the flags of xla-run with '_' for '-'.
"""

from ._executable import (ArraySpec, CompileError, Executable,
                          FusionComparison, Kernel, KernelCost, compile,
                          option_keywords)
from ._jax import jit
from ._tf import from_tf

__all__ = [
    "ArraySpec",
    "CompileError",
    "Executable",
    "FusionComparison",
    "Kernel",
    "KernelCost",
    "compile",
    "from_tf",
    "jit",
    "option_keywords",
]
