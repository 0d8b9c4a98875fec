"""Element types of the runtime (ABI/DType.h) as NumPy dtypes."""

import numpy as np

_NUMPY = {
    "i1": np.bool_,
    "i8": np.int8,
    "i16": np.int16,
    "i32": np.int32,
    "i64": np.int64,
    "ui8": np.uint8,
    "ui16": np.uint16,
    "ui32": np.uint32,
    "ui64": np.uint64,
    "f16": np.float16,
    "f32": np.float32,
    "f64": np.float64,
    "complex<f32>": np.complex64,
    "complex<f64>": np.complex128,
}

# Types NumPy lacks come from ml_dtypes (a dependency of JAX); sub-byte
# integers take one byte per element there, as in our buffers.
_ML_DTYPES = {
    "bf16": "bfloat16",
    "i2": "int2",
    "i4": "int4",
    "ui2": "uint2",
    "ui4": "uint4",
}


def to_numpy(name: str) -> np.dtype:
    """The NumPy dtype of the MLIR element type `name` (`f32`, `ui8`)."""
    if name in _NUMPY:
        return np.dtype(_NUMPY[name])
    if name in _ML_DTYPES:
        try:
            import ml_dtypes
        except ImportError as error:  # pragma: no cover - JAX brings it
            raise TypeError(
                f"element type {name} needs the ml_dtypes package") from error
        return np.dtype(getattr(ml_dtypes, _ML_DTYPES[name]))
    raise TypeError(f"unsupported element type {name}")
