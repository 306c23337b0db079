"""The module as a Python user meets it (docs/python.md): keyword signatures whose defaults are the
CLI's, documented parameters and attributes with their units, signed numpy arrays, a short repr,
to_dict() as plain data equal to the CLI's JSON, and pickling that round-trips."""
import inspect
import json
import os
import pickle
import subprocess

import numpy as np
import pytest

import ftvlsi

EXE = os.environ["FTVLSI_EXE"]
SOURCE = os.environ["FTVLSI_SOURCE_DIR"]
SKY130 = os.path.join(SOURCE, "technology", "sky130.yaml")

FUNCTIONS = [ftvlsi.layout, ftvlsi.decompose, ftvlsi.route, ftvlsi.simulate, ftvlsi.check]


def cli_json(*args):
    r = subprocess.run([EXE, *args], capture_output=True, text=True)
    assert r.returncode == 0, r.stderr
    return r.stdout


# One result of every type, small; built once.
@pytest.fixture(scope="module")
def results():
    check = ftvlsi.check(ids=["L-L3", "G-1"], tiny=256)
    return {
        "layout": ftvlsi.layout(processors=256, capacity="area-universal"),
        "layout_tech": ftvlsi.layout(processors=256, technology=SKY130),
        "layout_3d": ftvlsi.layout(processors=64, style="cube"),
        "butterfly": ftvlsi.layout(network="fat-pyramid", processors=64),
        "decompose": ftvlsi.decompose(network="mesh", processors=256),
        "route": ftvlsi.route(processors=128, pattern="bit-reversal"),
        "simulate": ftvlsi.simulate(processors=64, host="fat-pyramid"),
        "check": check,
        "verdict": check.results[0],
    }


def properties(obj):
    cls = type(obj)
    return [n for n in dir(cls) if isinstance(getattr(cls, n, None), property)]


# ---- 1. arrays are signed ------------------------------------------------------------------

def test_every_array_attribute_is_signed_so_np_diff_does_not_wrap(results):
    seen = 0
    for key, r in results.items():
        for name in properties(r):
            a = getattr(r, name)
            if not isinstance(a, np.ndarray):
                continue
            seen += 1
            assert a.dtype.kind in "if", (key, name, a.dtype)
            if name.endswith("_by_level") or name in ("capacities", "host_capacities", "sizes",
                                                      "ratios", "leaf"):
                assert a.dtype in (np.int64, np.float64), (key, name, a.dtype)
            if a.size > 1:
                d = np.diff(a)
                # An unsigned array's negative step wraps to about 2^64; a signed one stays
                # within the array's own range.
                assert np.abs(d).max() <= np.abs(a).max(), (key, name)
    assert seen >= 15  # every result type's arrays were looked at


def test_a_shrinking_per_level_array_has_negative_steps(results):
    a = results["layout"].wire_length_max_by_level
    assert (np.diff(a) < 0).any() and a.dtype == np.int64


# ---- 2. signatures, defaults and docstrings -------------------------------------------------

@pytest.mark.parametrize("fn", FUNCTIONS, ids=lambda f: f.__name__)
def test_signature_is_params_then_keyword_only_parameters(fn):
    sig = inspect.signature(fn)
    params = list(sig.parameters.values())
    assert params[0].name == "params" and params[0].default is None
    assert params[0].kind == inspect.Parameter.POSITIONAL_OR_KEYWORD
    assert len(params) > 3
    for p in params[1:]:
        assert p.kind == inspect.Parameter.KEYWORD_ONLY, p
    # help() shows the signature and documents every parameter
    doc = fn.__doc__
    assert fn.__text_signature__.startswith("(params=None, *,")
    for p in params:
        assert f"\n{p.name} : " in doc, p.name
    assert "Returns\n-------\n" in doc


def test_help_shows_units():
    assert "grid units²" in ftvlsi.layout.__doc__
    assert "wires" in ftvlsi.route.__doc__ and "ns" in ftvlsi.simulate.__doc__


def explicit_defaults(fn):
    return {p.name: p.default for p in list(inspect.signature(fn).parameters.values())[1:]
            if p.default is not None}


def test_layout_defaults_are_the_clis():
    defaults = explicit_defaults(ftvlsi.layout)
    assert defaults["network"] == "fat-tree" and defaults["processors"] == 1024
    given = ftvlsi.layout(**defaults).to_json()
    assert given == ftvlsi.layout().to_json() == cli_json("layout")


def test_decompose_defaults_are_the_clis():
    defaults = explicit_defaults(ftvlsi.decompose)
    assert defaults["network"] == "mesh" and defaults["mapping"] == "balanced-top"
    given = ftvlsi.decompose(**defaults).to_json()
    assert given == ftvlsi.decompose().to_json() == cli_json("decompose")


def test_route_defaults_are_the_clis():
    defaults = explicit_defaults(ftvlsi.route)
    assert defaults["algorithm"] == "greedy" and defaults["max_cycles"] == 10**7
    given = ftvlsi.route(**defaults).to_json()
    assert given == ftvlsi.route().to_json() == cli_json("route")
    # The adversary's host stays four-way: capacity shows None, so leaving it out means what the
    # CLI means.
    adversary = dict(defaults, algorithm="adversary", processors=256)
    assert ftvlsi.route(**adversary).to_json() == cli_json("route", "--algorithm", "adversary",
                                                          "-n", "256")


def test_simulate_defaults_are_the_clis():
    defaults = explicit_defaults(ftvlsi.simulate)
    assert defaults["processors"] == 256 and defaults["data_bits"] == 32
    given = ftvlsi.simulate(**defaults).to_json()
    assert given == ftvlsi.simulate().to_json() == cli_json("simulate")
    # With a technology the delay stays the technology's: delay shows None.
    tech = ftvlsi.simulate(**dict(defaults, processors=64, technology=SKY130)).to_json()
    assert tech == cli_json("simulate", "-n", "64", "--technology", SKY130)


def test_check_defaults_are_the_clis(tmp_path):
    defaults = explicit_defaults(ftvlsi.check)
    assert defaults == {"full": False, "seed": 1}
    c = ftvlsi.check(ids=["L-L3"], **defaults)
    doc = json.loads(cli_json("check", "L-L3", "--json", "-"))
    assert [r.verdict for r in c.results] == [x["verdict"] for x in doc["checks"]]
    assert c.to_dict()["seed"] == doc["seed"] and c.to_dict()["mode"] == doc["mode"]


def test_a_spec_file_is_not_overridden_by_the_signatures_defaults(tmp_path):
    spec = tmp_path / "s.yaml"
    spec.write_text("network: {kind: fat-tree, processors: 64}\nseed: 9\n")
    r = ftvlsi.layout(str(spec))
    assert r.processors == 64 and r.to_dict()["seed"] == 9
    assert ftvlsi.layout(str(spec), processors=1024).processors == 1024


def test_mistakes_still_raise_errors_with_ids():
    with pytest.raises(ftvlsi.InputError) as e:
        ftvlsi.route(processors=64, colour="red")
    assert e.value.id == "FTV-1311"
    with pytest.raises(ftvlsi.ArgumentTypeError) as e:
        ftvlsi.simulate({}, {})
    assert e.value.id == "FTV-1317"
    # the YAML names and Python's keyword still work
    assert ftvlsi.layout(kind="fat-pyramid", processors=64).kind == "fat-pyramid"
    assert ftvlsi.route(processors=256, algorithm="adversary", **{"lambda": 12}).to_dict() == \
        ftvlsi.route(processors=256, algorithm="adversary", lambda_=12).to_dict()


def test_every_attribute_and_method_is_documented(results):
    for key, r in results.items():
        cls = type(r)
        for name in properties(r):
            doc = getattr(cls, name).__doc__
            assert doc and ": " in doc, (cls.__name__, name)
            # a type first: "int: ...", "numpy.ndarray of int64: ...", "str or None: ..."
            assert doc.split(":")[0].split()[0] in ("int", "float", "str", "bool", "list",
                                                    "numpy.ndarray"), (cls.__name__, name, doc)
        for method in ("to_dict", "__repr__"):
            assert getattr(cls, method).__doc__ or method == "__repr__"


# ---- 3. repr, to_dict, pickling -------------------------------------------------------------

def test_repr_is_short_and_names_the_type_and_figures(results):
    r = results["layout"]
    assert repr(r) == (f"LayoutResult(network='fat-tree', n=256, dimensions=2, area={r.area}, "
                       f"wires={r.wires}, wire_length_max={r.wire_length_max}, drc_clean=True)")
    assert "volume=" in repr(results["layout_3d"])
    for key, obj in results.items():
        text = repr(obj)
        assert text.startswith(type(obj).__name__ + "(") and text.endswith(")"), text
        assert len(text) < 200, text


def plain(value):
    if isinstance(value, dict):
        return all(isinstance(k, str) and plain(v) for k, v in value.items())
    if isinstance(value, list):
        return all(plain(v) for v in value)
    return value is None or type(value) in (str, int, float, bool)


def test_to_dict_is_plain_data_equal_to_the_json(results):
    for key, r in results.items():
        d = r.to_dict()
        assert isinstance(d, dict) and plain(d), key
        if hasattr(r, "to_json"):
            assert d == json.loads(r.to_json()), key
    assert results["verdict"].to_dict() == results["check"].to_dict()["checks"][0]


def test_to_dict_is_the_clis_document():
    assert ftvlsi.route(processors=64, seed=3).to_dict() == \
        json.loads(cli_json("route", "-n", "64", "--seed", "3"))
    assert ftvlsi.layout(processors=64, capacity="universal").to_dict() == \
        json.loads(cli_json("layout", "-n", "64", "--capacity", "universal"))


@pytest.mark.parametrize("protocol", [0, pickle.DEFAULT_PROTOCOL, pickle.HIGHEST_PROTOCOL])
def test_pickling_round_trips_to_an_equal_result(results, protocol):
    for key, r in results.items():
        copy = pickle.loads(pickle.dumps(r, protocol=protocol))
        assert type(copy) is type(r)
        assert copy.to_dict() == r.to_dict(), key
        assert repr(copy) == repr(r), key
    copy = pickle.loads(pickle.dumps(results["layout_tech"]))
    assert copy.area_mm2 == results["layout_tech"].area_mm2
    assert copy.wire_length_max_by_level.tolist() == \
        results["layout_tech"].wire_length_max_by_level.tolist()


def test_an_unpickled_layout_writes_the_same_gds(results, tmp_path):
    r = results["layout"]
    copy = pickle.loads(pickle.dumps(r))
    r.write_gds(str(tmp_path / "a.gds"))
    copy.write_gds(str(tmp_path / "b.gds"))
    assert (tmp_path / "a.gds").read_bytes() == (tmp_path / "b.gds").read_bytes()


def test_unpickling_a_result_whose_input_changed_raises(tmp_path):
    spec = tmp_path / "s.yaml"
    spec.write_text("network: {kind: fat-tree, processors: 64}\n")
    data = pickle.dumps(ftvlsi.layout(str(spec)))
    spec.write_text("network: {kind: fat-tree, processors: 128}\n")
    with pytest.raises(ftvlsi.InputError) as e:
        pickle.loads(data)
    assert e.value.id == "FTV-1326"


def test_a_state_that_is_not_a_results_raises(results):
    for cls in (ftvlsi.LayoutResult, ftvlsi.RouteResult, ftvlsi.CheckResult,
                ftvlsi.CheckVerdict):
        obj = cls.__new__(cls)
        with pytest.raises(ftvlsi.InputError) as e:
            obj.__setstate__({"type": "something else"})
        assert e.value.id == "FTV-1325"
    state = results["route"].__getstate__()
    state["json"] = "{}"
    obj = ftvlsi.RouteResult.__new__(ftvlsi.RouteResult)
    with pytest.raises(ftvlsi.InputError) as e:
        obj.__setstate__(state)
    assert e.value.id == "FTV-1326"
