"""ftvlsi.export against `ftvlsi export` (docs/export.md): the same parameters write the same file
and give the same JSON summary, for a butterfly network under a technology, a competing network
and DeHon's transit network. Run by CTest like test_ftvlsi.py (FTVLSI_EXE names the CLI)."""
import json
import os
import pathlib
import subprocess

import pytest

import ftvlsi

EXE = os.environ["FTVLSI_EXE"]
SOURCE = os.environ["FTVLSI_SOURCE_DIR"]


def cli_json(*args):
    r = subprocess.run([EXE, "export", *args, "--json", "-"], capture_output=True, text=True)
    assert r.returncode == 0, r.stderr
    return json.loads(r.stdout)


CASES = [
    ({"network": "fat-pyramid", "processors": 256, "alpha": "technology",
      "technology": os.path.join(SOURCE, "technology", "asap7.yaml"), "format": "booksim"},
     ["--network", "fat-pyramid", "-n", "256", "--alpha", "technology", "--technology",
      os.path.join(SOURCE, "technology", "asap7.yaml"), "--format", "booksim"]),
    ({"network": "mesh", "processors": 64, "delay": "sqrt", "cycle_length": 3, "format": "dot"},
     ["--network", "mesh", "-n", "64", "--delay", "sqrt", "--cycle-length", "3", "--format",
      "dot"]),
    ({"network": "transit", "composition": "custom", "leaf": "cluster-12", "stages": 1,
      "format": "graphml"},
     ["--network", "transit", "--composition", "custom", "--leaf", "cluster-12", "--stages", "1",
      "--format", "graphml"]),
]


@pytest.mark.parametrize("params,flags", CASES)
def test_export_is_the_cli_export(tmp_path, params, flags):
    py_out, cli_out = tmp_path / "py" / "net.x", tmp_path / "cli" / "net.x"
    py_out.parent.mkdir()
    cli_out.parent.mkdir()
    r = ftvlsi.export(out=py_out, **params)  # a path object is taken as the CLI's file name
    doc = cli_json(*flags, "--out", str(cli_out))
    mine = json.loads(r.to_json())
    assert mine["export"].pop("out") == str(py_out)
    assert doc["export"].pop("out") == str(cli_out)
    assert mine == doc
    e = doc["export"]
    assert r.format == e["format"]
    assert (r.routers, r.nodes, r.links) == (e["routers"], e["nodes"], e["links"])
    assert {str(k): v for k, v in r.latency_histogram.items()} == e["latency_histogram"]
    assert r.mean_zero_load_latency_cycles == e["mean_zero_load_latency_cycles"]
    assert r.cycle_length == e["cycle_length"]
    assert py_out.read_bytes() == cli_out.read_bytes()
    if params["format"] == "booksim":
        assert pathlib.Path(str(py_out) + ".config").read_bytes() == pathlib.Path(
            str(cli_out) + ".config").read_bytes()


def test_export_refuses_what_the_cli_refuses(tmp_path):
    with pytest.raises(ftvlsi.InputError) as e:
        ftvlsi.export(network="transit", composition="4K", format="booksim",
                      out=tmp_path / "t.anynet")
    assert e.value.id == "FTV-6807"
    assert not (tmp_path / "t.anynet").exists()
    with pytest.raises(ftvlsi.InputError) as e:
        ftvlsi.export(network="mesh", processors=16, format="dot", out=tmp_path / "m.dot",
                      colour="red")
    assert e.value.id == "FTV-1311"


def test_export_has_a_signature_a_repr_and_a_dict(tmp_path):
    import inspect
    sig = inspect.signature(ftvlsi.export)
    assert sig.parameters["format"].default == "booksim"
    assert sig.parameters["processors"].default == 1024
    r = ftvlsi.export(format="graphml", out=str(tmp_path / "n.graphml"), network="fat-pyramid",
                      processors=64)
    assert repr(r).startswith("ExportResult(format='graphml', network='fat-pyramid', routers=")
    d = r.to_dict()
    assert d["export"]["links"] == r.links
    assert d["export"]["nodes"] == r.nodes == 64
