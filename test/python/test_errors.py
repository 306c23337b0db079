"""Every exception the module raises is one of ftvlsi's types with an FTV ID (docs/python.md,
"Errors"), whatever its cause: a bad value, an argument of the wrong type, text Python cannot
hand over as UTF-8 (a lone surrogate), an argument whose __str__ raises, a missing file."""
import os
import pathlib
import re

import pytest

import ftvlsi

SURROGATE = "\udc80"  # what os.fsdecode makes of the byte 0x80


class Unprintable:
    def __str__(self):
        raise RuntimeError("no text for you")


def result():
    return ftvlsi.layout(processors=16)


BAD_CALLS = {
    # text that is not UTF-8, as a value, a name, in a list, of every function
    "surrogate network": lambda: ftvlsi.layout(network=SURROGATE),
    "surrogate name": lambda: ftvlsi.layout(**{SURROGATE: 1}),
    "surrogate dict key": lambda: ftvlsi.layout({SURROGATE: 1}),
    "surrogate in a list": lambda: ftvlsi.layout(parents=[2, SURROGATE]),
    "surrogate pattern": lambda: ftvlsi.route(processors=64, pattern=SURROGATE),
    "high surrogate": lambda: ftvlsi.simulate(competing="\ud800"),
    "surrogate ids": lambda: ftvlsi.check(ids=[SURROGATE]),
    "surrogate decompose": lambda: ftvlsi.decompose(network=SURROGATE),
    "unencodable path": lambda: ftvlsi.layout(spec="\ud800.yaml"),
    "surrogate path": lambda: ftvlsi.simulate(technology=SURROGATE),
    "surrogate gds path": lambda: result().write_gds(os.path.join("/nonexistent", SURROGATE)),
    # wrong types and arities
    "params not a dict": lambda: ftvlsi.layout(5),
    "two positional": lambda: ftvlsi.route({}, {}),
    "params twice": lambda: ftvlsi.simulate({}, params={}),
    "path as int": lambda: ftvlsi.layout(spec=5),
    "technology as list": lambda: ftvlsi.simulate(technology=["a"]),
    "gds path missing": lambda: result().write_gds(),
    "gds path as None": lambda: result().write_svg(None),
    "gds extra argument": lambda: result().write_gds("a.gds", "b.gds"),
    "gds unknown keyword": lambda: result().write_gds(file="a.gds"),
    "gds path twice": lambda: result().write_gds("a.gds", path="b.gds"),
    "to_json argument": lambda: result().to_json(True),
    "to_markdown keyword": lambda: ftvlsi.check(ids=["L-L3"]).to_markdown(style="x"),
    "method on another object": lambda: ftvlsi.RouteResult.to_json("x"),
    "result made directly": lambda: ftvlsi.SimulateResult(),
    "verdict made directly": lambda: ftvlsi.CheckVerdict(1, 2),
    "unprintable value": lambda: ftvlsi.layout(processors=Unprintable()),
    "unprintable name": lambda: ftvlsi.layout({Unprintable(): 1}),
    "NUL in a path": lambda: ftvlsi.layout(network="file", network_file="a\0b"),
    # bad values, through the CLI's parsers
    "unknown parameter": lambda: ftvlsi.layout(colour="red"),
    "processors not a power": lambda: ftvlsi.layout(processors=1000),
    "processors a float": lambda: ftvlsi.route(processors=64.5),
    "processors negative": lambda: ftvlsi.decompose(processors=-4),
    "processors huge": lambda: ftvlsi.simulate(processors=2**80),
    "processors bytes": lambda: ftvlsi.layout(processors=b"64"),
    "bool where a number is": lambda: ftvlsi.check(seed=True),
    "unknown check": lambda: ftvlsi.check(ids=["no-such-check"]),
    "unknown algorithm": lambda: ftvlsi.route(algorithm="teleport"),
    "unknown delay": lambda: ftvlsi.simulate(delay="cubic"),
    "missing spec file": lambda: ftvlsi.decompose("/nonexistent/spec.yaml"),
    "missing spec pathlike": lambda: ftvlsi.layout(pathlib.Path("/nonexistent/spec.yaml")),
    "unwritable gds": lambda: result().write_gds("/nonexistent/dir/x.gds"),
}


@pytest.mark.parametrize("case", sorted(BAD_CALLS))
def test_every_error_carries_an_ftv_id(case):
    with pytest.raises(BaseException) as caught:
        BAD_CALLS[case]()
    e = caught.value
    assert isinstance(e, ftvlsi.Error), f"{case}: {type(e).__name__}: {e}"
    assert re.fullmatch(r"FTV-\d{4}", e.id), e.id
    assert str(e).startswith(e.id + ": "), str(e)
    str(e).encode("utf-8")  # the message is printable text, whatever the input held


def test_the_error_types_keep_the_builtin_ones():
    with pytest.raises(ValueError) as bad:
        ftvlsi.layout(network=SURROGATE)
    assert isinstance(bad.value, ftvlsi.InputError) and bad.value.id == "FTV-1314"
    assert "lone surrogate (\\udc80 at index 0)" in str(bad.value)
    with pytest.raises(TypeError) as wrong:
        result().write_gds(5)
    assert isinstance(wrong.value, ftvlsi.ArgumentTypeError) and wrong.value.id == "FTV-1315"
    with pytest.raises(OSError) as io:
        ftvlsi.simulate(technology="/nonexistent/t.yaml")
    assert isinstance(io.value, ftvlsi.IoError) and io.value.id == "FTV-7021"
    with pytest.raises(ftvlsi.InputError) as unreadable:
        ftvlsi.layout(processors=Unprintable())
    assert unreadable.value.id == "FTV-1316"
    assert isinstance(unreadable.value.__cause__, RuntimeError)  # the original, chained
    assert not issubclass(ftvlsi.Interrupted, Exception)
    assert issubclass(ftvlsi.Interrupted, KeyboardInterrupt)


def test_paths_that_are_not_utf8_reach_the_file_system(tmp_path):
    # A file whose name is the byte 0x80: os.fsdecode gives a surrogate, which is passed on as
    # that byte (os.fsencode), as open() would.
    name = os.fsdecode(b"\x80.gds")
    result().write_gds(str(tmp_path / name))
    # The GDS and its KLayout layer properties beside it (docs/layout.md).
    assert sorted(os.listdir(os.fsencode(str(tmp_path)))) == [b"\x80.gds", b"\x80.lyp"]
    result().write_svg(tmp_path / "pathlike.svg")
    assert (tmp_path / "pathlike.svg").stat().st_size > 0
