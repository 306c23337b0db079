"""The Python module against the CLI: the same spec gives the same numbers and documents
(docs/python.md). Run by CTest: python3 -m pytest test/python, with the module on PYTHONPATH and
FTVLSI_EXE naming the CLI."""
import json
import os
import subprocess
import threading
import time

import numpy as np
import pytest

import ftvlsi

EXE = os.environ["FTVLSI_EXE"]
SOURCE = os.environ["FTVLSI_SOURCE_DIR"]


def tech(name):
    return os.path.join(SOURCE, "technology", name + ".yaml")


def cli(*args, check=True):
    r = subprocess.run([EXE, *args], capture_output=True, text=True)
    if check:
        assert r.returncode == 0, r.stderr
    return r


def test_contract_layout_fat_tree_1024_universal():
    r = ftvlsi.layout(network="fat-tree", processors=1024, capacity="universal")
    doc = json.loads(cli("layout", "--network", "fat-tree", "-n", "1024", "--capacity",
                         "universal", "--json", "-").stdout)
    assert r.area == doc["layout"]["area"]
    assert r.width == doc["layout"]["width"]
    assert r.height == doc["layout"]["height"]
    assert r.wires == doc["layout"]["wires"]
    assert isinstance(r.wire_length_max_by_level, np.ndarray)
    assert r.wire_length_max_by_level.tolist() == doc["layout"]["wire_length_max_by_level"]
    assert r.capacities.tolist() == doc["network"]["capacities"]
    # The same document as the CLI's --json, byte for byte.
    assert r.to_json() == cli("layout", "-n", "1024", "--capacity", "universal", "--json",
                              "-").stdout


def test_kwargs_and_dict_are_the_same_spec():
    a = ftvlsi.layout({"network": "fat-pyramid", "processors": 256, "parents": [2, 4, 2]})
    b = ftvlsi.layout(kind="fat-pyramid", processors=256, parents="2,4,2")
    assert a.to_json() == b.to_json()
    # Keyword arguments win over the dict.
    c = ftvlsi.layout({"processors": 64}, processors=128)
    assert c.processors == 128


def test_arrays_are_views_of_the_result_without_a_copy():
    r = ftvlsi.layout(processors=256, capacity="area-universal")
    a = r.wire_length_max_by_level
    assert not a.flags.owndata and not a.flags.writeable
    assert a.base is not None
    del r  # the array keeps its result alive
    assert a.sum() > 0


def test_arrays_are_signed_so_numpy_arithmetic_does_not_wrap():
    r = ftvlsi.layout(processors=1024, capacity="area-universal")
    a = r.wire_length_max_by_level
    assert a.dtype == np.int64
    d = np.diff(a)
    assert (d < 0).any()  # the longest wire shrinks from the root down
    assert int(d.min()) > -int(a.max()) - 1


def test_layout_yaml_spec_file_and_drc():
    spec = os.path.join(SOURCE, "layouts", "fat-tree-universal.yaml")
    r = ftvlsi.layout(spec=spec, processors=256, drc=True)
    doc = json.loads(cli("layout", spec, "-n", "256", "--drc", "--json", "-").stdout)
    assert r.drc_clean and r.drc_violations == doc["layout"]["drc_violations"] == 0
    assert r.area == doc["layout"]["area"]


def test_writers_write_the_cli_files(tmp_path):
    r = ftvlsi.layout(processors=256, capacity="linear-size")
    r.write_gds(str(tmp_path / "py.gds"))
    r.write_svg(str(tmp_path / "py.svg"))
    cli("layout", "-n", "256", "--capacity", "linear-size", "--gds", str(tmp_path / "cli.gds"),
        "--svg", str(tmp_path / "cli.svg"))
    for ext in ("gds", "svg"):
        assert (tmp_path / f"py.{ext}").read_bytes() == (tmp_path / f"cli.{ext}").read_bytes()


def test_technology_figures_match_the_cli():
    r = ftvlsi.layout(processors=1024, capacity="universal", alpha="technology",
                      technology=tech("sky130"))
    doc = json.loads(cli("layout", "-n", "1024", "--capacity", "universal", "--alpha",
                         "technology", "--technology", tech("sky130"), "--json", "-").stdout)
    assert r.area_mm2 == doc["layout"]["area_mm2"]
    assert r.wire_length_max_mm == doc["layout"]["wire_length_max_mm"]
    assert r.wire_delay_max_ns == doc["layout"]["wire_delay_max_ns"]
    assert r.wire_length_max_by_level_mm.tolist() == doc["layout"]["wire_length_max_by_level_mm"]
    assert r.to_json() == json.dumps(doc, indent=2, ensure_ascii=False) + "\n" or \
        json.loads(r.to_json()) == doc
    assert ftvlsi.layout(processors=64).area_mm2 is None


def test_simulate_matches_the_cli():
    s = ftvlsi.simulate(competing="torus", processors=64, host="fat-pyramid", delay="sqrt", seed=3)
    out = cli("simulate", "--competing", "torus", "-n", "64", "--host", "fat-pyramid", "--delay",
              "sqrt", "--seed", "3").stdout
    assert s.to_json() == out
    doc = json.loads(out)
    assert s.slowdown == doc["slowdown"] and s.delivery_cycles == doc["delivery_cycles"]
    t = ftvlsi.simulate(processors=64, technology=tech("asap7"))
    tdoc = json.loads(cli("simulate", "-n", "64", "--technology", tech("asap7")).stdout)
    assert t.time_host_ns == tdoc["time_host_ns"]
    assert t.time_competing_ns == tdoc["time_competing_ns"]
    m = ftvlsi.simulate(competing="mesh3d", processors=64, host="fat-pyramid", switch_span=True)
    mdoc = json.loads(cli("simulate", "--competing", "mesh3d", "-n", "64", "--host", "fat-pyramid",
                          "--switch-span").stdout)
    assert m.to_json() == json.dumps(mdoc, indent=2, ensure_ascii=False) + "\n" or \
        json.loads(m.to_json()) == mdoc
    assert mdoc["switch_span"] is True and mdoc["dimensions"] == 3
    assert 0.8 <= mdoc["volume_ratio"] <= 1.25  # R padded to the host's volume by default
    p = ftvlsi.simulate(competing="hypercube", processors=64, switch_model="partial")
    pdoc = json.loads(cli("simulate", "--competing", "hypercube", "-n", "64", "--switch-model",
                          "partial").stdout)
    assert json.loads(p.to_json()) == pdoc
    assert pdoc["switch_model"] == "partial"
    assert p.lost_in_switches == pdoc["lost_in_switches"]
    assert ftvlsi.simulate(processors=64).lost_in_switches == 0


SIMULATE_MATRIX = [
    dict(competing=c, processors=64, host=h, delay=d, seed=seed)
    for c in ("mesh", "torus", "tree")
    for h in ("fat-tree", "fat-pyramid")
    for d in ("unit", "linear")
    for seed in (1, 2)
] + [
    dict(processors=64, capacity="area-universal", mapping="geometric"),
    dict(processors=64, alpha=16, competing_alpha=32, algorithm="random", switch="priority"),
    dict(processors=64, host="fat-pyramid", mesh_diagonals=True, data_bits=8, switch_delay=2),
    dict(processors=64, technology=tech("sky130")),
    dict(processors=64, alpha="technology", technology=tech("asap7")),
    dict(competing="mesh3d", processors=64, switch_span=True),
]

SIMULATE_ERRORS = [
    dict(processors=64, host="fat-pyramid", capacity="universal"),
    dict(processors=64, mesh_diagonals=True),
    dict(processors=64, technology=tech("asap7"), delay="unit"),
    dict(processors=64, alpha="technology"),
    dict(processors=0),
]


def flags_of(options):
    flags = []
    for key, value in options.items():
        if key == "drc":  # layout: --drc for True, --drc-mode for a mode
            flags += ["--drc"] if value is True else ["--drc-mode", str(value)]
            continue
        flag = "--" + key.rstrip("_").replace("_", "-")
        if isinstance(value, (list, tuple)):
            value = ",".join(str(v) for v in value)
        flags += [flag] if value is True else [flag, str(value)]
    return flags


# Layout option sets: every network family, the capacity profiles, the styles (2D and 3D), the
# DRC modes, a technology. With no output flag `ftvlsi layout` prints its JSON.
LAYOUT_MATRIX = [
    dict(network="fat-tree", processors=n, capacity=c)
    for n in (64, 256)
    for c in ("universal", "area-universal", "linear-size", "four-way")
] + [
    dict(processors=64, capacity="linear-size", alpha=9, seed=7),
    dict(processors=64, capacity="constant", constant=3),
    dict(processors=64, capacity="custom", capacities=[8, 4, 4, 2, 2, 1, 1]),
    dict(processors=128, capacity="universal", root_capacity=64),
    dict(processors=64, style="cube"),
    dict(processors=64, style="slab", drc="flat"),
    dict(network="butterfly-fat-tree", processors=64, parents=[2, 4]),
    dict(network="fat-pyramid", processors=64, mesh_diagonals=True, drc=True),
    dict(network="fat-pyramid", processors=64, style="cube"),
    dict(network="mesh", processors=64),
    dict(network="torus", processors=64, drc="both"),
    dict(network="mesh3d", processors=64),
    dict(processors=256, capacity="universal", alpha="technology", technology=tech("sky130")),
]

LAYOUT_ERRORS = [
    dict(processors=1000),
    dict(network="fat-pyramid", processors=64, capacity="universal"),
    dict(processors=64, parents=[2]),
    dict(processors=64, mesh_diagonals=True),
    dict(processors=64, style="zigzag"),
    dict(processors=64, alpha="technology"),
]


DECOMPOSE_MATRIX = [
    dict(network=net, processors=n, mapping=m, seed=seed)
    for net, n in (("mesh", 256), ("torus", 64), ("planar", 256), ("tree", 64))
    for m in ("balanced", "geometric")
    for seed in (1, 4)
] + [
    dict(network="mesh", processors=256, host_capacity="area-universal", host_alpha=4),
    dict(network="mesh", processors=256, host_processors=1024),
    dict(network="mesh", processors=256, cut_on="placement"),
]

DECOMPOSE_ERRORS = [
    dict(network="mesh", processors=0),
    dict(network="sideways", processors=64),
    dict(network="mesh", processors=64, mapping="diagonal"),
]


def test_simulate_pads_to_equal_area_unless_competing_alpha_is_given():
    s = ftvlsi.simulate(processors=256, host="fat-pyramid")
    assert 0.8 <= s.area_ratio <= 1.25
    given = ftvlsi.simulate(processors=256, host="fat-pyramid", competing_alpha=64)
    doc = json.loads(cli("simulate", "-n", "256", "--host", "fat-pyramid", "--competing-alpha",
                         "64").stdout)
    assert json.loads(given.to_json()) == doc
    assert doc["competing_alpha"] == 64 and doc["area_ratio"] > 1.25


def test_decompose_and_route_match_the_cli():
    d = ftvlsi.decompose(network="mesh", processors=256, seed=2)
    ddoc = json.loads(cli("decompose", "--network", "mesh", "-n", "256", "--seed", "2").stdout)
    assert d.depth == ddoc["tree"]["depth"]
    assert d.bandwidth_by_level.tolist() == ddoc["tree"]["bandwidth_by_level"]
    assert json.loads(d.to_json())["balanced"] == ddoc["balanced"]
    r = ftvlsi.route(processors=128, capacity="area-universal", pattern="bit-reversal", seed=4)
    out = cli("route", "-n", "128", "--capacity", "area-universal", "--pattern", "bit-reversal",
              "--seed", "4").stdout
    assert r.to_json() == out
    assert r.cycles == json.loads(out)["delivery_cycles"]


# A generated matrix of route option sets, each run through the CLI and through Python: one spec
# builder (route_spec) serves both, so the documents are byte-identical.
ROUTE_MATRIX = [
    dict(network=net, processors=n, algorithm=alg, pattern=pat, seed=seed)
    for net, n in (("fat-tree", 256), ("fat-pyramid", 256), ("butterfly-fat-tree", 64))
    for alg in ("greedy", "random", "offline")
    for pat in ("uniform", "bit-reversal")
    for seed in (1, 3)
    if alg == "greedy" or net == "fat-tree"
] + [
    dict(algorithm="adversary", processors=256),
    dict(algorithm="adversary", processors=1024, **{"lambda": 12}),
    dict(processors=256, capacity="constant", constant=16, algorithm="random-prime", seed=2),
    dict(processors=128, capacity="area-universal", algorithm="offline", offline="theorem-1"),
    dict(processors=256, capacity="constant", constant=16, algorithm="offline",
         offline="corollary-2"),
    dict(processors=128, algorithm="random", constants="proof", pattern="hot-spot", count=64),
    dict(processors=128, algorithm="random", k1=2, k2=3, switch="priority", max_cycles=5000),
    dict(processors=256, pattern="local", block=16, seed=5),
]


ROUTE_ERRORS = [
    dict(processors=128, algorithm="random", max_cycles=3),
    dict(processors=100),
    dict(network="fat-pyramid", processors=256, algorithm="offline"),
    dict(processors=128, algorithm="adversary"),
    dict(processors=64, pattern="uniform", count=0),
    dict(processors=64, algorithm="sideways"),
]


def test_check_matches_the_cli(tmp_path):
    c = ftvlsi.check(ids=["L-L3", "GL-area", "G-1"])
    cli("check", "L-L3", "GL-area", "G-1", "--json", str(tmp_path / "c.json"))
    doc = json.loads((tmp_path / "c.json").read_text())
    assert [r.verdict for r in c.results] == [x["verdict"] for x in doc["checks"]]
    assert [r.ratios.tolist() for r in c.results] == [x["ratio"] for x in doc["checks"]]


def test_check_jobs_change_the_speed_not_the_results():
    ids = ["L-T1", "GL-T11", "G-1"]
    one = ftvlsi.check(ids=ids, tiny=1024, jobs=1)
    two = ftvlsi.check(ids=ids, tiny=1024, jobs=2)
    assert [r.to_dict() for r in one.results] == [r.to_dict() for r in two.results]


def test_errors_carry_the_cli_message():
    with pytest.raises(ValueError) as e:
        ftvlsi.layout(processors=1000)
    r = cli("layout", "-n", "1000", check=False)
    assert r.returncode == 2
    assert r.stderr.strip() == "ftvlsi: error " + str(e.value)
    assert e.value.id == str(e.value).split(":")[0] and e.value.id.startswith("FTV-")
    with pytest.raises(ValueError, match="unknown parameter 'colour'"):
        ftvlsi.layout(colour="red")
    with pytest.raises(ValueError, match="unknown delay model"):
        ftvlsi.simulate(delay="cubic")
    with pytest.raises(OSError) as io:
        ftvlsi.simulate(technology="/nonexistent/t.yaml")
    r = cli("simulate", "--technology", "/nonexistent/t.yaml", check=False)
    assert r.returncode == 3
    assert r.stderr.strip() == "ftvlsi: error " + str(io.value)
    assert io.value.id.startswith("FTV-7")
    with pytest.raises(OSError):
        ftvlsi.layout(processors=64).write_gds("/nonexistent/dir/x.gds")


def spin_rate(seconds):
    """Loop iterations per second of this thread while nothing else runs."""
    ticks, end = 0, time.perf_counter() + seconds
    while time.perf_counter() < end:
        ticks += 1
    return ticks / seconds


def test_the_gil_is_released_while_the_library_computes():
    done = threading.Event()
    result = {}

    def work():
        # A flat DRC of 2^14 processors: a few tenths of a second inside the library.
        result["r"] = ftvlsi.layout(processors=16384, capacity="area-universal", drc="flat")
        done.set()

    baseline = spin_rate(0.05)
    ticks = 0
    t = threading.Thread(target=work)
    start = time.perf_counter()
    t.start()
    while not done.is_set():
        ticks += 1
        time.perf_counter()
    elapsed = time.perf_counter() - start
    t.join()
    assert result["r"].drc_clean
    # Holding the GIL for the whole call would stop this loop until the call returns; released,
    # it keeps a good part of its own pace (the machine may be busy, so only a tenth is asked).
    assert ticks / elapsed > 0.1 * baseline, (ticks, elapsed, baseline)


def test_writers_never_overwrite_an_input_and_errors_echo_input_cut(tmp_path):
    spec = tmp_path / "s.yaml"
    text = "network: {kind: fat-tree, processors: 64}\n"
    spec.write_text(text)
    r = ftvlsi.layout(spec=str(spec))
    with pytest.raises(ValueError) as e:
        r.write_gds(str(spec))
    assert e.value.id == "FTV-1050"
    assert spec.read_text() == text
    with pytest.raises(ValueError) as e:
        ftvlsi.layout(network="x" * 100000)
    assert len(str(e.value)) < 600 and "x" * 200 + "…'" in str(e.value)


# Every generated option set through the CLI and through Python: the same document, byte for byte,
# or for a bad set the same error ID.
MATRICES = [("layout", ftvlsi.layout, o) for o in LAYOUT_MATRIX] + \
    [("route", ftvlsi.route, o) for o in ROUTE_MATRIX] + \
    [("simulate", ftvlsi.simulate, o) for o in SIMULATE_MATRIX] + \
    [("decompose", ftvlsi.decompose, o) for o in DECOMPOSE_MATRIX]
ERRORS = [("layout", ftvlsi.layout, o) for o in LAYOUT_ERRORS] + \
    [("route", ftvlsi.route, o) for o in ROUTE_ERRORS] + \
    [("simulate", ftvlsi.simulate, o) for o in SIMULATE_ERRORS] + \
    [("decompose", ftvlsi.decompose, o) for o in DECOMPOSE_ERRORS]


def case_id(case):
    return case[0] + ":" + ",".join(f"{k}={v}" for k, v in case[2].items())


@pytest.mark.parametrize("case", MATRICES, ids=case_id)
def test_option_matrix_python_equals_cli(case):
    command, job, options = case
    assert job(**options).to_json() == cli(command, *flags_of(options)).stdout


@pytest.mark.parametrize("case", ERRORS, ids=case_id)
def test_bad_options_python_raises_the_cli_error(case):
    command, job, options = case
    r = cli(command, *flags_of(options), check=False)
    assert r.returncode == 2, r.stderr
    ident = r.stderr.split("error ")[1].split(":")[0]
    with pytest.raises(ftvlsi.Error) as e:
        job(**options)
    assert str(e.value).startswith(ident + ":"), (str(e.value), r.stderr)
