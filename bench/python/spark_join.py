"""The many-host join on Spark (robotsmatch.spark.join_robots) against the
Node CLI's archive mode (``filter --robots-archive``), on the same data: the
archive and URL table that bench/archive-data.mjs writes for ``npm run
bench:archive`` (its default: 10,000 origins, 50 URLs each, host-interleaved).

    node bench/archive-data.mjs /tmp/archive 10000 50
    python bench/python/spark_join.py /tmp/archive --node dist/cli/main.js --verify

Spark runs with one task slot (``local[1]``, or --master), so its URLs per
second are per core; the Node CLI's archive mode matches in one thread.
Both read the same archive.jsonl and urls.txt and write every answer: Spark
to the ``noop`` sink (each row computed, none stored), Node to /dev/null.
Each side runs once on a 1% sample to warm up (Spark: --warmup, the share
of the URLs; with 1, the JVM's compiler has done most of its work before
the first form is timed, as it has before the second), then the timed runs
(--repeat, 3 by default: a single run of either side varies by a fifth from
one run to the next on the 2-core machine); the median is reported, and
every run's seconds beside it, with the median CPU seconds (user + system)
of the whole process tree: for Spark the JVM (its task thread and its own
threads: JIT, GC) and the Python workers, which work beside the task thread,
so Spark's CPU seconds can exceed its wall seconds even on one task slot. Spark's start-up (JVM, session) is reported
apart and not counted.

Forms compared: the list of agents that may not fetch each URL (Spark
``lines=False``; Node ``--blocked-agents``), and the deciding lines too
(Spark ``lines=True``; Node ``--json``, a record per URL and agent).

``--floor`` also times Spark's own work in each form: the same plan (the
captures resolved; for this archive, small enough to broadcast, the
captures counted, collected and resolved on the driver, the result
broadcast and loaded in the Python worker, and the URL rows sent to it and
back as they are; for a larger one each URL's origin, the
shuffle and sort by origin, Arrow to the Python worker and back) with a
partition reader that reads no robots.txt and answers every URL with the
same constant columns. What join_robots takes beyond that is the reader's
work: each URL's origin and the matching."""

from __future__ import annotations

import argparse
import json
import os
import pathlib
import statistics
import subprocess
import sys
import time


def tree_cpu_seconds() -> float:
    """CPU seconds (user + system) of this process and every process under it
    (the JVM, its Python workers, a Node child), reaped children included:
    read from /proc, so Linux only (elsewhere NaN)."""
    try:
        ticks = os.sysconf("SC_CLK_TCK")
        stats = {}
        for name in os.listdir("/proc"):
            if not name.isdigit():
                continue
            try:
                with open(f"/proc/{name}/stat") as f:
                    text = f.read()
            except OSError:
                continue
            fields = text[text.rindex(")") + 2 :].split()
            # ppid, then utime, stime, cutime, cstime (fields 4 and 14-17 of proc(5)).
            stats[int(name)] = (int(fields[1]), sum(int(x) for x in fields[11:15]))
    except (OSError, ValueError, AttributeError):
        return float("nan")
    tree = {os.getpid()}
    grew = True
    while grew:
        more = {pid for pid, (parent, _) in stats.items() if parent in tree} - tree
        tree |= more
        grew = bool(more)
    return sum(stats[pid][1] for pid in tree if pid in stats) / ticks


def spark_session(master: str):
    from pyspark.sql import SparkSession

    os.environ.setdefault("PYSPARK_PYTHON", sys.executable)
    os.environ.setdefault("SPARK_LOCAL_IP", "127.0.0.1")
    return (
        SparkSession.builder.master(master)
        .appName("robotsmatch-bench")
        .config("spark.ui.enabled", "false")
        .config("spark.driver.host", "127.0.0.1")
        .config("spark.driver.memory", "2g")
        .config("spark.sql.shuffle.partitions", os.environ.get("BENCH_PARTITIONS", "8"))
        .getOrCreate()
    )


def tables(spark, data: pathlib.Path, fraction: float):
    """The archive and the URL list as Spark reads them (a sample of the URLs below 1)."""
    robots = spark.read.schema("url string, status int, location string, body string, fetched_at string").json(
        str(data / "archive.jsonl")
    )
    urls = spark.read.text(str(data / "urls.txt")).withColumnRenamed("value", "url")
    if fraction < 1:
        urls = urls.sample(fraction=fraction, seed=1)
    return robots, urls


def joined(spark, data: pathlib.Path, agents, lines: bool, purpose, fraction: float = 1.0):
    from robotsmatch.spark import join_robots

    robots, urls = tables(spark, data, fraction)
    # Product tokens, as the Node side's --agent.
    return join_robots(urls, robots, agents, lines=lines, purpose=purpose)


def floor(spark, data: pathlib.Path, agents, lines: bool, purpose, fraction: float = 1.0):
    """join_robots' plan with a reader that matches nothing: the URL rows with constant answers."""
    from robotsmatch.pandas import agent_names
    from robotsmatch.spark import _plan

    robots, urls = tables(spark, data, fraction)
    listed, names = agent_names(agents)
    rows, schema, settings, shared = _plan(urls, robots, listed, names, "url", purpose, "google", lines, 512_000, None)

    def constant(batches):
        import numpy as np
        import pyarrow as pa
        import pyarrow.compute as pc

        if shared is not None:
            assert shared.value is not None  # the broadcast loaded in the worker, as join_robots' reader loads it
        for batch in batches:
            # The shuffled plan's batches hold the captures too (kind 0); the broadcast plan's only URLs.
            if "__robotsmatch_kind" in batch.schema.names:
                batch = batch.filter(pc.equal(batch.column("__robotsmatch_kind"), 1))
            n = batch.num_rows
            origin = batch.column("origin") if "origin" in batch.schema.names else pa.nulls(n, pa.string())
            columns = [batch.column(name) for name in settings.user_columns] + [origin]
            columns += [pa.array(["ok"] * n, pa.string()), pa.array(np.ones(n, dtype=bool))]
            if lines:
                columns.append(pa.array(np.zeros(n, dtype=np.int32)))
            empty = pa.ListArray.from_arrays(pa.array(np.zeros(n + 1, dtype=np.int32)), pa.array([], pa.string()))
            columns += [empty] * (2 if purpose else 1)
            yield pa.RecordBatch.from_arrays(
                columns, schema=pa.schema([(f.name, c.type) for f, c in zip(schema.fields, columns)])
            )

    return rows.mapInArrow(constant, schema)


def run_spark(spark, data: pathlib.Path, agents, lines: bool, purpose, fraction: float = 1.0, plan=joined):
    """Wall and CPU seconds of one join (or its floor) written to the noop sink."""
    cpu = tree_cpu_seconds()
    start = time.perf_counter()
    plan(spark, data, agents, lines, purpose, fraction).write.format("noop").mode("overwrite").save()
    return time.perf_counter() - start, tree_cpu_seconds() - cpu


def verify(spark, cli: str, data: pathlib.Path, agents, purpose) -> int:
    """Spark's agents-that-may-not-fetch per URL against Node's --blocked-agents, URL by URL (as multisets: the orders differ)."""
    from collections import Counter

    rows = (
        joined(spark, data, agents, False, purpose)
        .select("url", "disallowed_by", *(["opted_out_by"] if purpose else []))
        .collect()
    )
    ours = Counter()
    for row in rows:
        blocked = list(row.disallowed_by or []) + (list(row.opted_out_by or []) if purpose else [])
        ours[(row.url, ",".join(a for a in agents if a in blocked))] += 1
    command = node_filter(cli, data, agents, "--blocked-agents", purpose, data / "urls.txt")
    output = subprocess.run(command, stdout=subprocess.PIPE, check=True).stdout.decode("utf-8")
    theirs = Counter(tuple(line.split("\t", 1)) for line in output.splitlines())
    if ours != theirs:
        diff = list((ours - theirs).items())[:5], list((theirs - ours).items())[:5]
        raise SystemExit(f"Spark and Node differ: {diff}")
    return sum(ours.values())


def node_filter(cli: str, data: pathlib.Path, agents, form: str, purpose, urls_file: pathlib.Path) -> list[str]:
    """The Node CLI's archive join in one output form, every row kept."""
    command = ["node", cli, "filter", "--robots-archive", str(data / "archive.jsonl"), "--quiet", "--unknown", "keep"]
    command.append(form)
    for agent in agents:
        command += ["--agent", agent]
    if purpose:
        command += ["--purpose", purpose]
    command.append(str(urls_file))
    return command


def run_node(cli: str, data: pathlib.Path, agents, form: str, purpose, urls_file: pathlib.Path) -> float:
    command = node_filter(cli, data, agents, form, purpose, urls_file)
    cpu = tree_cpu_seconds()
    start = time.perf_counter()
    with open(os.devnull, "wb") as sink:
        subprocess.run(command, stdout=sink, check=True)
    return time.perf_counter() - start, tree_cpu_seconds() - cpu


def summary(runs, count: int, cores: int) -> dict:
    """The median wall and CPU seconds of the timed runs, every run's, and URLs per second per core (by wall time)."""
    seconds = statistics.median(wall for wall, _ in runs)
    return {
        "seconds": round(seconds, 2),
        "cpu_seconds": round(statistics.median(cpu for _, cpu in runs), 2),
        "runs": [round(wall, 2) for wall, _ in runs],
        "urls_per_s_per_core": round(count / seconds / cores),
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument(
        "data", type=pathlib.Path, help="the folder bench/archive-data.mjs wrote (archive.jsonl, urls.txt)"
    )
    parser.add_argument("--master", default="local[1]")
    parser.add_argument("--agents", default="Googlebot,GPTBot", help="product tokens (bench:archive asks these two)")
    parser.add_argument("--purpose", default=None)
    parser.add_argument("--node", default=None, help="dist/cli/main.js of a build with filter --robots-archive")
    parser.add_argument(
        "--repeat", type=int, default=3, help="timed runs of each form on each side (the median is reported)"
    )
    parser.add_argument("--verify", action="store_true", help="also check that every URL's blocked agents are Node's")
    parser.add_argument(
        "--floor", action="store_true", help="also time the same plan with a reader that matches nothing"
    )
    parser.add_argument(
        "--warmup",
        type=float,
        default=0.01,
        help="the share of the URLs each Spark form's untimed warm-up run reads (0.01; 1: a whole run, so that the "
        "JVM's compiler has warmed up before the first form is timed as before the second)",
    )
    parser.add_argument(
        "--lines-first",
        action="store_true",
        help="time Spark's lines=True form before lines=False (the form timed first pays most of the JVM's warm-up)",
    )
    args = parser.parse_args()
    agents = args.agents.split(",")
    with open(args.data / "urls.txt", "rb") as f:
        count = sum(1 for _ in f)
    cores = 1
    if args.master.startswith("local["):
        inner = args.master[6:-1]
        cores = os.cpu_count() if inner == "*" else int(inner)
    elif args.master.startswith("local-cluster["):
        workers, per, _ = args.master[14:-1].split(",")
        cores = int(workers) * int(per)

    results = {"urls": count, "agents": agents, "purpose": args.purpose, "master": args.master, "cores": cores}
    results["spark_warmup_share"] = args.warmup
    started = time.perf_counter()
    spark = spark_session(args.master)
    spark.range(1).collect()
    results["spark_startup_s"] = round(time.perf_counter() - started, 1)
    for lines in (True, False) if args.lines_first else (False, True):
        run_spark(spark, args.data, agents, lines, args.purpose, fraction=args.warmup)
        runs = [run_spark(spark, args.data, agents, lines, args.purpose) for _ in range(args.repeat)]
        results[f"spark_lines_{lines}"] = summary(runs, count, cores)
        if args.floor:
            run_spark(spark, args.data, agents, lines, args.purpose, fraction=args.warmup, plan=floor)
            runs = [run_spark(spark, args.data, agents, lines, args.purpose, plan=floor) for _ in range(args.repeat)]
            results[f"spark_floor_lines_{lines}"] = summary(runs, count, cores)
    if args.verify and args.node:
        results["verified_identical_to_node"] = verify(spark, args.node, args.data, agents, args.purpose)
    spark.stop()

    if args.node:
        sample = args.data / "urls-sample.txt"
        with open(args.data / "urls.txt", "rb") as f, open(sample, "wb") as out:
            for i, line in enumerate(f):
                if i % 100 == 0:
                    out.write(line)
        for form in ("--blocked-agents", "--json"):
            run_node(args.node, args.data, agents, form, args.purpose, sample)
            runs = [
                run_node(args.node, args.data, agents, form, args.purpose, args.data / "urls.txt")
                for _ in range(args.repeat)
            ]
            results[f"node{form}"] = summary(runs, count, 1)
        for lines, form in ((False, "--blocked-agents"), (True, "--json")):
            ours, theirs = results[f"spark_lines_{lines}"], results[f"node{form}"]
            results[f"node{form} / spark per core"] = round(
                theirs["urls_per_s_per_core"] / ours["urls_per_s_per_core"], 2
            )
            # The target's measure: CPU seconds of the whole process tree, Spark's over Node's.
            results[f"spark / node{form} by cpu"] = round(ours["cpu_seconds"] / theirs["cpu_seconds"], 2)
    results["load_average"] = [round(x, 2) for x in os.getloadavg()]
    print(json.dumps(results, indent=2))


if __name__ == "__main__":
    main()
