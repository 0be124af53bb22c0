import os
import pathlib
import shutil
import sys
from collections.abc import Iterator
from typing import Any

import pytest

#: The repository this test folder sits in: its vectors and corpus are the ones Node's tests read.
REPO = pathlib.Path(__file__).resolve().parents[2]
#: Where the Spark tests run (test_spark.py says why local-cluster).
SPARK_MASTER = os.environ.get("ROBOTSMATCH_SPARK_MASTER", "local-cluster[2,1,1024]")


@pytest.fixture(scope="session")
def repo() -> pathlib.Path:
    return REPO


@pytest.fixture()
def site() -> Iterator[Any]:
    """A local HTTP server for the fetch tests (fetch_server.py), stopped after the test."""
    from fetch_server import serving

    with serving() as server:
        yield server


@pytest.fixture(scope="session")
def spark(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Any]:
    """One SparkSession for every Spark test (test_spark*.py), as test_spark.py's docstring describes."""
    pyspark = pytest.importorskip("pyspark")
    if shutil.which("java") is None and not os.environ.get("JAVA_HOME"):
        pytest.skip("Spark needs Java (java on the PATH or JAVA_HOME)")
    from pyspark.sql import SparkSession

    home = tmp_path_factory.mktemp("spark-home")
    package = pathlib.Path(pyspark.__file__).resolve().parent
    for name in ("bin", "jars", "python", "conf"):
        if (package / name).exists():
            (home / name).symlink_to(package / name)
    saved = {
        name: os.environ.get(name)
        for name in ("SPARK_HOME", "PYSPARK_PYTHON", "PYSPARK_DRIVER_PYTHON", "SPARK_LOCAL_IP")
    }
    os.environ.update(
        SPARK_HOME=str(home),
        PYSPARK_PYTHON=sys.executable,
        PYSPARK_DRIVER_PYTHON=sys.executable,
        SPARK_LOCAL_IP="127.0.0.1",
    )
    session = (
        SparkSession.builder.master(SPARK_MASTER)
        .appName("robotsmatch-tests")
        .config("spark.driver.host", "127.0.0.1")
        .config("spark.driver.bindAddress", "127.0.0.1")
        .config("spark.ui.enabled", "false")
        .config("spark.sql.shuffle.partitions", "4")
        .config("spark.default.parallelism", "4")
        .config("spark.executorEnv.PYTHONHASHSEED", "0")
        # Jobs wait for both executors, so that both take tasks.
        .config("spark.scheduler.minRegisteredResourcesRatio", "1.0")
        .config("spark.scheduler.maxRegisteredResourcesWaitingTime", "120s")
        .getOrCreate()
    )
    try:
        yield session
    finally:
        session.stop()
        for name, value in saved.items():
            if value is None:
                os.environ.pop(name, None)
            else:
                os.environ[name] = value
