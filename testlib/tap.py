"""TAP for the benchmark's Python checks: numbered ok / not ok lines with
diagnostics, # SKIP with its reason, and the totals line every suite of
make check ends with."""
import sys


class Tap:
    def __init__(self):
        self.n = self.fails = self.skips = 0

    def check(self, ok, name, diag=None):
        self.n += 1
        self.fails += not ok
        print(f"{'ok' if ok else 'not ok'} {self.n} - {name}")
        if not ok and diag:
            for line in str(diag).splitlines():
                print(f"# {line}")

    def skip(self, name, reason):
        self.n += 1
        self.skips += 1
        print(f"ok {self.n} - {name} # SKIP {reason}")

    def done(self):
        print(f"1..{self.n}")
        print(f"{self.n - self.fails - self.skips} passed, {self.fails} failed, {self.skips} skipped")
        sys.exit(1 if self.fails else 0)
