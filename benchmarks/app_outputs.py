"""Write what every app produces (the default app and each example) under one folder, to compare two versions of
the library byte for byte: each stack's CloudFormation template and the files ``platform.export()`` writes.

Run: `PATH=node_modules/.bin:$PATH .venv/bin/python benchmarks/app_outputs.py OUT` on each version, then `diff -r OUT_BEFORE OUT_AFTER`.
"""
from __future__ import annotations

import argparse
import importlib.util
import json
import os
import shutil
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))


def app_files() -> list[Path]:
    return [ROOT / "apps" / "quick_setup.py", *sorted(path for path in (ROOT / "examples").glob("*.py")
                                                       if not path.name.startswith("_"))]


def write_outputs(app_file: Path, out: Path) -> None:
    import aws_cdk as cdk

    spec = importlib.util.spec_from_file_location(f"app_{app_file.stem}", app_file)
    assert spec and spec.loader
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    with tempfile.TemporaryDirectory() as scratch:
        app = cdk.App(outdir=scratch, context=json.loads((ROOT / "cdk.json").read_text())["context"])
        stack, platform = module.build(app)
        platform.export(out / "export", picture=False)
        assembly = app.synth()
        for artifact in assembly.stacks:
            (out / f"{artifact.stack_name}.template.json").write_text(
                json.dumps(artifact.template, indent=1, sort_keys=True))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("out", type=Path)
    args = parser.parse_args()
    shutil.rmtree(args.out, ignore_errors=True)
    os.chdir(ROOT)
    for app_file in app_files():
        write_outputs(app_file, args.out / app_file.stem)
        print(f"{app_file.stem}: written")


if __name__ == "__main__":
    main()
