"""Helpers of compilation_cache.mlir.

  cache_tool.py damage DIR truncate|flip   damage every stored library
  cache_tool.py count DIR                  print `entries: N`
  cache_tool.py bound DIR...              print a bound that holds the
                                           largest DIR's entry, not all
  cache_tool.py race N COMMAND...          run COMMAND N times at once,
                                           print `race: K of N passed`
"""
import glob
import os
import subprocess
import sys


def libraries(d):
    return sorted(glob.glob(os.path.join(d, "llvmcache-*.so")))


def main():
    what = sys.argv[1]
    if what == "damage":
        for path in libraries(sys.argv[2]):
            data = bytearray(open(path, "rb").read())
            if sys.argv[3] == "truncate":
                data = data[: len(data) // 2]
            else:
                # A byte in the middle of the code, same size.
                data[len(data) // 2] ^= 0xFF
            open(path, "wb").write(bytes(data))
    elif what == "count":
        print("entries: %d" % len(libraries(sys.argv[2])))
    elif what == "bound":
        def total(d):
            return sum(os.path.getsize(os.path.join(d, f))
                       for f in os.listdir(d) if f.startswith("llvmcache-"))
        sizes = [total(d) for d in sys.argv[2:]]
        # Holds the largest entry but not all of them together.
        bound = max(sizes) * 6 // 5
        assert bound < sum(sizes), "entries too different in size: %s" % sizes
        print(bound)
    elif what == "race":
        n = int(sys.argv[2])
        procs = [subprocess.Popen(sys.argv[3:], stdout=subprocess.PIPE,
                                  stderr=subprocess.STDOUT, text=True)
                 for _ in range(n)]
        outs = [p.communicate()[0] for p in procs]
        passed = sum(p.returncode == 0 and "passed" in o
                     for p, o in zip(procs, outs))
        for o in outs:
            if "passed" not in o:
                sys.stdout.write(o)
        print("race: %d of %d passed" % (passed, n))


main()
