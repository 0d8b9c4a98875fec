#!/usr/bin/env python3
"""Writes a libFuzzer dictionary for xla-fuzz: the op names, attribute
keywords and types found in the seed programs (the test suite and the
conformance corpus, read in place), plus values at the edges of integer
types and the shapes of the issue-11 crash classes, so that mutations get
past the lexer and reach the verifiers and passes."""
import argparse
import pathlib
import re

EDGE_VALUES = [
    "0", "-1", "1", "2147483647", "2147483648", "-2147483648", "4294967295",
    "4294967296", "9223372036854775807", "-9223372036854775808",
    "1099511627776", "0x", "0x0", "0xFF", "?", "nan", "inf", "-inf",
    "tensor<1099511627776x", "tensor<0x", "tensor<?x", "x4294967296x",
    "dense<", "dense<\"0x", "dense_resource<", "array<i64: ", "tuple<",
    "!hlo.token", "!stablehlo.token", "complex<", "// -----",
]

TOKEN_PATTERNS = [
    r"\b(?:stablehlo|hlo|chlo|check|func|mhlo)\.[a-z_0-9]+",  # ops
    r"#(?:stablehlo|hlo)\.[a-z_]+",                            # attributes
    r"\b[a-z_]+(?= = )",                                       # attribute names
    r"\b(?:[isu]i?\d+|f8E\w+|bf16|f16|f32|f64|i1|index)\b",     # element types
]


def main():
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("roots", nargs="+", type=pathlib.Path)
    parser.add_argument("-o", "--output", type=pathlib.Path, required=True)
    args = parser.parse_args()
    tokens = set(EDGE_VALUES)
    for root in args.roots:
        for path in root.rglob("*.mlir"):
            text = path.read_text(errors="replace")
            for pattern in TOKEN_PATTERNS:
                tokens.update(re.findall(pattern, text))
    def quote(token):
        return '"' + token.replace("\\", "\\\\").replace('"', '\\"') + '"'
    lines = [quote(t) for t in sorted(tokens) if 0 < len(t) <= 64]
    args.output.write_text("\n".join(lines) + "\n")
    print(f"fuzz_dict: {len(lines)} tokens -> {args.output}")


if __name__ == "__main__":
    main()
