"""Ctrl-C during a long call of the module (docs/python.md, "Interrupting a call"): a child
process runs the call, the test sends it SIGINT and requires ftvlsi.Interrupted (a
KeyboardInterrupt, FTV-7110) within a second, no temporary or partial file left behind, and the
module still working afterwards. Run by CTest with the other module tests."""
import os
import queue
import signal
import subprocess
import sys
import textwrap
import threading
import time

import pytest

import ftvlsi

# Each call takes well over five seconds (at least twice that on a busy machine), so the
# interrupt, sent one second in, always arrives while the library computes.
LONG_CALLS = {
    "layout": "ftvlsi.layout(processors=1 << 19, capacity='area-universal', drc='flat')",
    "route": "ftvlsi.route(processors=1 << 16, capacity='area-universal', pattern='uniform', "
             "count=1000000)",
    "simulate": "ftvlsi.simulate(competing='mesh', processors=1 << 20)",
    "decompose": "ftvlsi.decompose(network='mesh', processors=1 << 20, mapping='balanced-refined')",
}

# A mesh of 2^20 processors is one flat cell: its GDS file (about 900 MB) takes seconds to write.
WRITE_GDS = "r = ftvlsi.layout(network='mesh', processors=1 << 20)"

CHILD = textwrap.dedent("""\
    import sys, time
    import ftvlsi
    setup, call = sys.argv[1], sys.argv[2]
    exec(setup)
    print("started", flush=True)
    try:
        exec(call)
    except KeyboardInterrupt as e:
        caught = time.monotonic()
        ftvlsi.layout(processors=64)  # the module still works
        print("interrupted", caught, type(e).__name__, getattr(e, "id", None), str(e), flush=True)
    else:
        print("finished", flush=True)
    """)


class Lines:
    """A child's lines of output as they come, read by a thread (a select() on the pipe would miss
    lines already in the reader's buffer)."""

    def __init__(self, stream):
        self.queue = queue.Queue()
        threading.Thread(target=self.read, args=(stream,), daemon=True).start()

    def read(self, stream):
        for line in stream:
            self.queue.put(line.strip())
        self.queue.put("")

    def next(self, timeout):
        """The next line, "" at the end, None after `timeout` seconds."""
        try:
            return self.queue.get(timeout=timeout)
        except queue.Empty:
            return None


def interrupt(tmp_path, setup, call, delay, marker="started"):
    """Runs `call` in a child in tmp_path, sends SIGINT `delay` seconds after it prints `marker`;
    returns the seconds from the signal to the KeyboardInterrupt and the exception's name, ID
    and text."""
    env = dict(os.environ, PYTHONPATH=os.path.dirname(ftvlsi.__file__))  # this very module
    child = subprocess.Popen([sys.executable, "-c", CHILD, setup, call], cwd=tmp_path,
                             stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, env=env)
    lines = Lines(child.stdout)
    try:
        assert lines.next(120) == "started"
        if marker != "started":
            assert lines.next(120) == marker
        time.sleep(delay)
        sent = time.monotonic()
        child.send_signal(signal.SIGINT)
        # A call that ignored the signal would run on for many seconds: give it five.
        report = lines.next(5)
        assert report is not None, "the call did not stop within 5 s of SIGINT"
        child.wait(30)
    finally:
        if child.poll() is None:
            child.kill()
            child.wait()
    assert child.returncode == 0 and report.startswith("interrupted "), \
        (child.returncode, report, child.stderr.read())
    word, caught, name, ident, text = report.split(" ", 4)
    assert word == "interrupted", report
    return float(caught) - sent, name, ident, text


def leftovers(folder):
    return sorted(p.name for p in folder.iterdir())


@pytest.mark.parametrize("kind", sorted(LONG_CALLS))
def test_ctrl_c_stops_a_long_call_within_a_second(tmp_path, kind):
    latency, name, ident, text = interrupt(tmp_path, "", LONG_CALLS[kind], 1.0)
    assert name == "Interrupted" and ident == "FTV-7110", (name, ident)
    assert text.startswith("FTV-7110: interrupted")
    assert latency < 1.0, f"{kind}: KeyboardInterrupt {latency:.2f} s after SIGINT"
    assert leftovers(tmp_path) == []


def test_ctrl_c_while_writing_a_gds_file_leaves_no_temporary(tmp_path):
    # The child prints "writing" just before the file is opened; the signal, 0.3 s later, arrives
    # while its temporary is being written.
    call = "print('writing', flush=True); r.write_gds('mesh.gds')"
    latency, name, ident, _ = interrupt(tmp_path, WRITE_GDS, call, 0.3, marker="writing")
    assert name == "Interrupted" and ident == "FTV-7110"
    assert latency < 1.0
    assert leftovers(tmp_path) == [], "a temporary or partial GDS file was left behind"


def test_a_signal_handlers_exception_comes_out_of_a_long_call():
    """Python's handlers run during the call: an alarm's TimeoutError stops it, unchanged."""
    def on_alarm(signum, frame):
        raise TimeoutError("the alarm rang")

    old = signal.signal(signal.SIGALRM, on_alarm)
    try:
        start = time.monotonic()
        signal.setitimer(signal.ITIMER_REAL, 0.5)
        with pytest.raises(TimeoutError, match="the alarm rang"):
            ftvlsi.route(processors=1 << 16, capacity="area-universal", pattern="uniform",
                         count=1000000)
        assert time.monotonic() - start < 1.5
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, old)
    assert ftvlsi.layout(processors=64).processors == 64
