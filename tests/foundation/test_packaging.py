"""The contract users rely on: the real `cdk` CLI synthesizes the default app, and the wheel installs."""
from __future__ import annotations

import email
import email.message
import json
import os
import shutil
import subprocess
import sys
import tarfile
import textwrap
import tomllib
import zipfile
from pathlib import Path

import pytest

from support import REPO_ROOT, once_per_run

# Subprocess synths and a pip install: minutes, so `make test-fast` leaves them to `make test`.
pytestmark = pytest.mark.slow


def _as_users_run() -> dict[str, str]:
    """This environment with CDK's built-in CloudFormation validation back on (tests/conftest.py turns it off)."""
    return {name: value for name, value in os.environ.items() if name != "CDK_VALIDATION"}


def _env() -> dict[str, str]:
    env = _as_users_run()
    env["PATH"] = f"{REPO_ROOT / 'node_modules' / '.bin'}{os.pathsep}{env['PATH']}"
    return env


@pytest.mark.skipif(not (REPO_ROOT / "node_modules" / ".bin" / "cdk").exists(), reason="run `make setup` first")
def test_cdk_cli_synthesizes_the_default_app(tmp_path: Path):
    # The project's cdk.json, run from a scratch folder: the app's outputs (cdk.out, dist/) land there, not here.
    config = json.loads((REPO_ROOT / "cdk.json").read_text())
    interpreter, script = config["app"].split()
    assert (REPO_ROOT / interpreter).exists() and (REPO_ROOT / script).exists(), config["app"]
    config["app"] = f"{sys.executable} {REPO_ROOT / script}"
    (tmp_path / "cdk.json").write_text(json.dumps(config))
    result = subprocess.run(["cdk", "synth", "--quiet"], cwd=tmp_path, env=_env(), capture_output=True, text=True,
                            timeout=600)
    assert result.returncode == 0, result.stderr[-3000:]
    # cdk.json sets every flag the pinned aws-cdk-lib recommends, so the CLI has none to report as unconfigured.
    assert "feature flags are not configured" not in result.stdout + result.stderr, result.stderr[-3000:]
    # No warning about the app's own settings, no jsii temp-folder line (/tmp/tmp.../lib/program.js:1:5591).
    assert "WARNING" not in result.stderr and "program.js" not in result.stderr, result.stderr[-3000:]
    assert (tmp_path / config["output"] / "LlmInference.template.json").exists()
    manifests = sorted(path.name for path in (tmp_path / "dist" / "manifests").glob("*.k8s.yaml"))
    assert manifests, "the default app exports its charts to dist/manifests"
    assert "Ceiling:" in (tmp_path / "dist" / "plan.txt").read_text()


@pytest.fixture(scope="module")
def built(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Path]:
    """``python -m build`` as a release does (CONTRIBUTING.md "Releasing"): the sdist, then the wheel built from that
    sdist, so the wheel proves the sdist holds everything a build needs. Built once per run, whichever worker asks
    first (support.once_per_run)."""
    def build(folder: Path) -> dict[str, str]:
        out = folder / "dist"
        # Build from a copy: setuptools writes build/ and *.egg-info beside the sources it builds.
        source = folder / "source"
        shutil.copytree(REPO_ROOT, source, ignore=shutil.ignore_patterns(
            ".git", ".venv", "node_modules", "cdk.out", "dist", "build", "*.egg-info", "__pycache__"))
        result = subprocess.run([sys.executable, "-m", "build", "--outdir", str(out), str(source)],
                                capture_output=True, text=True, timeout=600)
        assert result.returncode == 0, result.stdout[-3000:] + result.stderr[-3000:]
        return {"wheel": str(next(out.glob("hyperpod_constructs-*.whl"))),
                "sdist": str(next(out.glob("hyperpod_constructs-*.tar.gz")))}

    return {name: Path(path) for name, path in once_per_run(tmp_path_factory, "release-files", build).items()}


def test_wheel_and_sdist_pass_twine_check(built: dict[str, Path]) -> None:
    # What PyPI checks on upload: metadata complete and the README renders as the project page.
    result = subprocess.run([sys.executable, "-m", "twine", "check", "--strict", str(built["wheel"]),
                             str(built["sdist"])], capture_output=True, text=True, timeout=300)
    assert result.returncode == 0, result.stdout + result.stderr
    assert result.stdout.count("PASSED") == 2, result.stdout


def _wheel_metadata(wheel: Path) -> email.message.Message:
    with zipfile.ZipFile(wheel) as archive:
        (name,) = [name for name in archive.namelist() if name.endswith(".dist-info/METADATA")]
        return email.message_from_bytes(archive.read(name))


def test_wheel_metadata_is_complete(built: dict[str, Path]) -> None:
    from trove_classifiers import classifiers as known

    import hyperpod_constructs

    metadata = _wheel_metadata(built["wheel"])
    project = tomllib.loads((REPO_ROOT / "pyproject.toml").read_text())["project"]
    assert metadata["Name"] == "hyperpod-constructs"
    assert metadata["Version"] == project["version"] == hyperpod_constructs.__version__
    assert metadata["License-Expression"] == "Apache-2.0" and metadata["License-File"] == "LICENSE"
    assert metadata["Requires-Python"] == ">=3.11"
    classifiers = metadata.get_all("Classifier")
    assert "Typing :: Typed" in classifiers
    assert [name for name in classifiers if name not in known] == []  # PyPI refuses unknown classifiers
    assert {"prices", "values", "picture"} <= set(metadata.get_all("Provides-Extra"))
    with zipfile.ZipFile(built["wheel"]) as archive:
        files = set(archive.namelist())
    assert "hyperpod_constructs/py.typed" in files  # type checkers read the package's hints (PEP 561)
    assert any(name.endswith(".dist-info/licenses/LICENSE") for name in files)
    assert "hyperpod_constructs/assets/lifecycle/on_create.sh" in files
    assert "hyperpod_constructs/catalog/model_catalog.json" in files  # the model catalog sizing reads
    assert not [name for name in files if name.startswith(("tests/", "examples/", "apps/"))]


def test_sdist_holds_the_package_and_its_documents_only(built: dict[str, Path]) -> None:
    with tarfile.open(built["sdist"]) as archive:
        files = {name.split("/", 1)[1] for name in archive.getnames() if "/" in name}
    assert {"LICENSE", "README.md", "CHANGELOG.md", "pyproject.toml", "hyperpod_constructs/py.typed"} <= files
    # Tests, examples and tooling stay in the repository: they need node_modules/ and the carried schemas.
    assert not [name for name in files if name.split("/")[0] in {"tests", "examples", "apps", "node_modules", "docs"}]


def test_wheel_installs_into_a_clean_virtualenv_and_a_consumer_app_synthesizes(built: dict[str, Path],
                                                                               tmp_path: Path):
    wheel = built["wheel"]
    venv = tmp_path / "venv"
    # No pip of its own: this environment's pip installs into it (--python), as `python -m build` does for its build
    # environments; ensurepip would install and compile a pip the consumer never uses (seconds of CPU).
    subprocess.run([sys.executable, "-m", "venv", "--without-pip", str(venv)], check=True, timeout=120)
    python = venv / "bin" / "python"
    # The pinned versions (constraints.txt), so a new aws-cdk-lib release cannot change the outcome. The dependencies'
    # bytecode is not compiled (most of the install's CPU: aws-cdk-lib alone is hundreds of MB of Python that the
    # consumer does not import); ours is, every module, so a file that does not compile still fails the install.
    install = subprocess.run([sys.executable, "-m", "pip", "--python", str(python), "install", "--quiet",
                              "--no-compile", "-c", str(REPO_ROOT / "constraints.txt"), str(wheel)],
                             capture_output=True, text=True, timeout=900)
    assert install.returncode == 0, install.stderr[-3000:]
    package = subprocess.run([str(python), "-c", "import importlib.util; "
                              "print(importlib.util.find_spec('hyperpod_constructs').submodule_search_locations[0])"],
                             cwd=tmp_path, capture_output=True, text=True, timeout=120)
    assert package.returncode == 0 and str(venv) in package.stdout, package.stdout + package.stderr
    compiled = subprocess.run([str(python), "-m", "compileall", "-q", package.stdout.strip()],
                              capture_output=True, text=True, timeout=300)
    assert compiled.returncode == 0, compiled.stdout[-3000:] + compiled.stderr[-3000:]
    consumer = tmp_path / "consumer.py"
    consumer.write_text(textwrap.dedent("""
        import aws_cdk as cdk
        import cdk8s
        from aws_cdk import aws_s3 as s3
        from hyperpod_constructs import HyperPodInferencePlatform, InferenceEndpoint, InstanceGroup, ModelSource
        from hyperpod_constructs.k8s.imports.inference_endpoint_config import InferenceEndpointConfig
        from hyperpod_constructs.resolve.endpoint import resolve_endpoint
        from hyperpod_constructs.k8s.model_deployment import add_endpoint_object

        app = cdk.App(outdir="out")
        stack = cdk.Stack(app, "Consumer")
        platform = HyperPodInferencePlatform(stack, "Platform",
                                             instance_groups=[InstanceGroup("gpu", "ml.g6e.12xlarge", count=1)])
        models = s3.Bucket.from_bucket_name(stack, "Models", "models")
        llama = InferenceEndpoint("llama", model=ModelSource.s3(models, "llama/"), instance_type="ml.g6e.12xlarge")
        platform.add_endpoint(llama)
        assembly = app.synth()
        assert "AWS::SageMaker::Cluster" in str(assembly.get_stack_by_name("Consumer").template)
        # The typed classes generated by cdk8s import ship in the wheel, jsii assembly included.
        chart = cdk8s.Chart(cdk8s.App(), "llama")
        record = resolve_endpoint(llama, platform.resolved_platform)
        assert isinstance(add_endpoint_object(chart, record), InferenceEndpointConfig)
        assert chart.to_json()[0]["spec"]["modelName"] == "llama"
        from hyperpod_constructs import size_model  # the model catalog ships as package data
        assert size_model("Qwen/Qwen3-8B", instance_types=["ml.g6e.12xlarge"])[0].fits
        print("consumer synthesized")
    """))
    # Run outside the checkout so the import can only come from the installed wheel, and as a consumer would: no
    # node_modules/.bin on PATH, jsii pointed at a supported Node with JSII_NODE (docs/install.md: on the machine's
    # end-of-life Node 20 jsii prints an 11-line banner on every start).
    path = os.pathsep.join(entry for entry in os.environ["PATH"].split(os.pathsep) if "node_modules" not in entry)
    env = dict(_as_users_run(), PATH=path, JSII_NODE=str(REPO_ROOT / "node_modules" / ".bin" / "node"))
    result = subprocess.run([str(python), str(consumer)], cwd=tmp_path, env=env, capture_output=True, text=True,
                            timeout=600)
    assert result.returncode == 0, result.stderr[-3000:]
    assert "consumer synthesized" in result.stdout
    assert "!!" not in result.stderr and "node" not in result.stderr.lower(), result.stderr  # no jsii banner
    shutil.rmtree(venv)
