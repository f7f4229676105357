"""Every command (diff, preflight, values, prices, plan) answers bad input with one short line on stderr and exit
status 2, per class of bad input: missing, empty, corrupt, huge, wrong type, unknown stack, no region, bad argument.
(No region: tests/preflight/test_user_app_file.py; an unknown stack for values: tests/delivery/test_values_command.py;
both need a process without AWS configuration or a stubbed client.)"""
from __future__ import annotations

import io
import json
from pathlib import Path
from typing import Callable

import pytest

from hyperpod_constructs.diff.command import main as diff
from hyperpod_constructs.plan.command import main as plan
from hyperpod_constructs.preflight.command import main as preflight
from hyperpod_constructs.prices.command import main as prices
from hyperpod_constructs.values.command import main as values

HUGE = 2_000_000  # bytes: more than any input the commands read may be

# Class -> what to write (None: nothing; a folder for "wrong type: folder").
FILES: dict[str, Callable[[Path], None]] = {
    "missing": lambda path: None,
    "empty": lambda path: path.write_text(""),
    "corrupt": lambda path: path.write_text("{not: [closed"),
    "huge": lambda path: path.write_text("A=" + "x" * HUGE),
    "wrong type: binary": lambda path: path.write_bytes(b"\x00\xff\xfe\x00"),
    "wrong type: folder": lambda path: path.mkdir(),
}


def _one_line(code: int, err: str) -> None:
    assert code == 2, err
    assert err.endswith("\n") and err.count("\n") == 1 and len(err) < 300, err
    assert "Traceback" not in err


def _call(command: Callable[..., int], argv: list[str], capsys: pytest.CaptureFixture[str], **kwargs: object) -> tuple[int, str]:
    """The command's exit status and everything it wrote to stderr (its own stream and argparse's)."""
    err = io.StringIO()
    try:
        code = command(argv, stdout=io.StringIO(), stderr=err, **kwargs)
    except SystemExit as exit_:
        code = int(exit_.code or 0)
    return code, err.getvalue() + capsys.readouterr().err


@pytest.mark.parametrize("kind", list(FILES))
@pytest.mark.parametrize("command, argv", [
    (preflight, ["--region", "us-west-2", "--app"]),
    (prices, ["--region", "us-west-2", "--app"]),
    (plan, ["--app"]),
], ids=["preflight", "prices", "plan"])
def test_a_bad_app_file_is_one_line(tmp_path: Path, capsys: pytest.CaptureFixture[str], kind: str,
                                    command: Callable[..., int], argv: list[str]) -> None:
    path = tmp_path / "app.py"
    FILES[kind](path)
    code, err = _call(command, [*argv, str(path)], capsys)
    _one_line(code, err)
    assert err.startswith(f"--app {path}: ")


@pytest.mark.parametrize("kind", list(FILES))
def test_a_bad_values_file_is_one_line(tmp_path: Path, capsys: pytest.CaptureFixture[str], kind: str) -> None:
    path = tmp_path / "values.env"
    FILES[kind](path)
    code, err = _call(values, ["--stack", "LlmInference", "--file", str(path)], capsys, client=object())
    _one_line(code, err)
    assert err.startswith(f"--file {path}")


@pytest.mark.parametrize("kind", list(FILES))
def test_a_bad_template_is_one_line(tmp_path: Path, capsys: pytest.CaptureFixture[str], kind: str) -> None:
    path, good = tmp_path / "old.json", tmp_path / "new.json"
    FILES[kind](path)
    good.write_text('{"Resources": {}}')
    code, err = _call(diff, [str(path), str(good)], capsys)
    _one_line(code, err)
    assert err.startswith(str(path))


@pytest.mark.parametrize("template, message", [
    ([1, 2], "a list, not a CloudFormation template (a JSON or YAML object)"),
    ({"Resources": []}, "a CloudFormation template has a Resources section (an object of resources)"),
    ({"Resources": {"A": "x"}}, "Resources.A.Type None is not a resource type such as AWS::S3::Bucket or Custom::Name"),
    ({"Resources": {"A": {"Type": "x" * 100_000}}},
     "Resources.A.Type '" + "x" * 56 + "... (100,002 characters) is not a resource type"),
    ({"Resources": {"my-bucket": {"Type": "AWS::S3::Bucket"}}}, "Resources key 'my-bucket' is not a logical id"),
])
def test_a_template_of_the_wrong_shape_says_what_is_wrong(tmp_path: Path, capsys: pytest.CaptureFixture[str],
                                                          template: object, message: str) -> None:
    path, good = tmp_path / "old.json", tmp_path / "new.json"
    path.write_text(json.dumps(template))
    good.write_text('{"Resources": {}}')
    code, err = _call(diff, [str(path), str(good)], capsys)
    _one_line(code, err)
    assert message in err


def test_diff_refuses_a_stack_name_it_cannot_check(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    for name in ("old.json", "new.json"):
        (tmp_path / name).write_text('{"Resources": {}}')
    code, err = _call(diff, [str(tmp_path / "old.json"), str(tmp_path / "new.json"), "--stack", "Nope"], capsys)
    _one_line(code, err)
    assert err == ("--stack Nope: both inputs are template files, which name no stack, so --stack cannot be checked; "
                   "leave it out, or give a cloud assembly folder (cdk synth -o <folder>)\n")


@pytest.mark.parametrize("command, argv, message", [
    (diff, [], "python -m hyperpod_constructs.diff: the following arguments are required: old, new (see --help)"),
    (plan, ["--app", "app.py", "--jsn"], "python -m hyperpod_constructs.plan: unrecognized arguments: --jsn"),
    (preflight, [], "python -m hyperpod_constructs.preflight: the following arguments are required: --app"),
    (prices, ["--region", "us-west-2", "--instance-types", "ml.p5.48xlarge", "--amp-monthly", "forty"],
     "python -m hyperpod_constructs.prices: argument --amp-monthly: invalid float value: 'forty' (see --help)"),
    (prices, ["--instance-types", "ml.p5.48xlarge"], "the following arguments are required: --region"),
    (values, ["--stack", "", "--file", "values.env"], "--stack '' is not a CloudFormation stack name"),
    (values, ["--stack", "x" * 10_000], "--stack 'xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx... (10,002 "
                                        "characters) is not a CloudFormation stack name"),
], ids=["diff", "plan", "preflight", "prices-type", "prices-no-region", "values-empty-stack", "values-huge-stack"])
def test_a_bad_argument_is_one_line(capsys: pytest.CaptureFixture[str], command: Callable[..., int], argv: list[str],
                                    message: str) -> None:
    code, err = _call(command, argv, capsys)
    _one_line(code, err)
    assert message in err


@pytest.mark.parametrize("command, argv", [
    (prices, ["--region", "us-west-2", "--instance-types", "ml.p5.48xlarge", "--output"]),
    (values, ["--stack", "LlmInference", "--file", "values.env", "--output"]),
], ids=["prices", "values"])
def test_an_output_in_a_missing_folder_is_refused_before_any_call(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str],
        command: Callable[..., int], argv: list[str]) -> None:
    monkeypatch.chdir(tmp_path)
    (tmp_path / "values.env").write_text("Region=\n")
    target = tmp_path / "nope" / "out.json"
    code, err = _call(command, [*argv, str(target)], capsys, client=object())  # a call would fail on object()
    _one_line(code, err)
    assert err == f"--output {target}: the folder {target.parent} does not exist; create it first\n"
