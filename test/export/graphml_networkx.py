#!/usr/bin/env python3
"""ftvlsi export --format graphml, read back by networkx (docs/export.md): the node and edge
counts equal the JSON summary's, every edge carries its length, latency, capacity and kind (and
with a technology its mm and ns), and networkx's own Dijkstra over the latencies gives the mean
zero-load latency the summary reports. Run by CTest with FTVLSI_EXE and FTVLSI_SOURCE_DIR set."""
import json
import os
import subprocess
import sys
import tempfile

import networkx as nx

EXE = os.environ["FTVLSI_EXE"]
SOURCE = os.environ["FTVLSI_SOURCE_DIR"]


def export(folder, name, *flags):
    out = os.path.join(folder, name + ".graphml")
    done = subprocess.run([EXE, "export", "--format", "graphml", "--out", out, *flags],
                          check=True, capture_output=True, text=True)
    return nx.read_graphml(out), json.loads(done.stdout)["export"]


def zero_load(graph):
    """Mean over ordered pairs of distinct processors of the least latency sum, processor edges
    (injection, ejection) one cycle each."""
    routers = graph.subgraph(v for v, d in graph.nodes(data=True) if d["kind"] == "switch")
    simple = nx.Graph()
    simple.add_nodes_from(routers.nodes)
    for u, v, d in routers.edges(data=True):
        if not simple.has_edge(u, v) or simple[u][v]["latency"] > d["latency"]:
            simple.add_edge(u, v, latency=d["latency"])
    home = {}
    for p, d in graph.nodes(data=True):
        if d["kind"] == "processor":
            (router,) = list(graph.neighbors(p))
            home[p] = router
    held = {}
    for r in home.values():
        held[r] = held.get(r, 0) + 1
    total = 0
    for a, count_a in held.items():
        dist = nx.single_source_dijkstra_path_length(simple, a, weight="latency")
        for b, count_b in held.items():
            pairs = count_a * (count_a - 1) if a == b else count_a * count_b
            total += pairs * (dist[b] + 2)
    n = len(home)
    return total / (n * (n - 1))


def directed_zero_load(graph):
    """DeHon's networks: networkx's Dijkstra from each processor along the directed edges, a
    connection ending at the processor it reaches (none passes through another)."""
    processors = [v for v, d in graph.nodes(data=True) if d["kind"] == "processor"]
    routers = nx.DiGraph()
    for u, v, d in graph.edges(data=True):
        if routers.has_edge(u, v) and routers[u][v]["latency"] <= d["latency"]:
            continue
        routers.add_edge(u, v, latency=d["latency"])
    total = 0
    for p in processors:
        # Processors other than p only receive: drop their outgoing edges for this search.
        view = nx.subgraph_view(routers, filter_edge=lambda u, v: u == p or not u.startswith("p"))
        dist = nx.single_source_dijkstra_path_length(view, p, weight="latency")
        total += sum(dist[q] for q in processors if q != p)
    n = len(processors)
    return total / (n * (n - 1))


def check_transit(graph, summary):
    assert isinstance(graph, nx.MultiDiGraph)  # one way; a processor's two wires to one RN1
    kinds = [d["kind"] for _, d in graph.nodes(data=True)]
    assert kinds.count("rn1") == summary["routers"]
    assert kinds.count("processor") == summary["nodes"]
    assert graph.number_of_edges() == summary["links"] + summary["processor_wires"]
    assert all("length_mm" in d and "delay_ns" in d for _, _, d in graph.edges(data=True))
    mean = directed_zero_load(graph)
    assert abs(mean - summary["mean_zero_load_latency_cycles"]) < 1e-9 * mean, (mean, summary)
    return mean


def check(graph, summary, technology=False):
    kinds = [d["kind"] for _, d in graph.nodes(data=True)]
    assert kinds.count("switch") == summary["routers"], (kinds.count("switch"), summary)
    assert kinds.count("processor") == summary["nodes"]
    assert graph.number_of_edges() == summary["links"] + summary["nodes"]
    links = [d for _, _, d in graph.edges(data=True) if d["wire"] != "processor"]
    assert len(links) == summary["links"]
    histogram = {}
    for d in links:
        assert d["latency"] >= 1 and d["length"] >= 0 and d["capacity"] >= 1
        histogram[str(d["latency"])] = histogram.get(str(d["latency"]), 0) + 1
        assert ("length_mm" in d and "delay_ns" in d) == technology
    assert histogram == summary["latency_histogram"], (histogram, summary["latency_histogram"])
    for _, d in graph.nodes(data=True):
        assert {"level", "x", "y", "z"} <= set(d)
    mean = zero_load(graph)
    assert abs(mean - summary["mean_zero_load_latency_cycles"]) < 1e-9 * mean, (mean, summary)
    assert graph.graph["mean_zero_load_latency_cycles"] == summary["mean_zero_load_latency_cycles"]
    return mean


def main():
    asap7 = os.path.join(SOURCE, "technology", "asap7.yaml")
    with tempfile.TemporaryDirectory() as folder:
        g, s = export(folder, "fp", "--network", "fat-pyramid", "-n", "256")
        assert isinstance(g, nx.MultiGraph)  # the mesh's two parallel wires per switch pair
        print("fat-pyramid 256:", check(g, s))
        g, s = export(folder, "bft", "--network", "butterfly-fat-tree", "-n", "256",
                      "--alpha", "technology", "--technology", asap7)
        print("butterfly fat-tree 256, ASAP7:", check(g, s, technology=True))
        g, s = export(folder, "ft", "-n", "64", "--capacity", "universal", "--delay", "sqrt")
        capacities = {d["capacity"] for _, _, d in g.edges(data=True)}
        assert max(capacities) > 1, capacities
        print("fat-tree 64, universal:", check(g, s))
        g, s = export(folder, "mesh", "--network", "mesh", "-n", "64", "--cycle-length", "3")
        print("mesh 64:", check(g, s))
        g, s = export(folder, "transit", "--network", "transit", "--composition", "custom",
                      "--leaf", "cluster-12", "--stages", "1")
        print("transit, 64 clusters of 12:", check_transit(g, s))
    print("networkx reads every export")
    return 0


if __name__ == "__main__":
    sys.exit(main())
