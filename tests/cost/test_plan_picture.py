"""plan.svg: parsed, and its structure checked against the plan (groups, nodes, GPUs, slices, endpoints)."""
from __future__ import annotations

import sys
import xml.etree.ElementTree as ET
from collections import Counter
from pathlib import Path
from typing import Any

import aws_cdk as cdk
import pytest

from apps_support import load_module
from hyperpod_constructs import InstanceGroup, Plan, Prices
from hyperpod_constructs.resolve.platform_model import PodDemand
from hyperpod_constructs.platform.plan_picture import MAX_NODES_DRAWN, MISSING_MATPLOTLIB, draw_plan, plan_figure

SVG = "{http://www.w3.org/2000/svg}"


@pytest.fixture(scope="module")
def platform() -> Any:
    _, platform = load_module("examples/cost_picture.py").build(cdk.App())
    return platform


def ids(path: Path) -> list[str]:
    return [element.get("id", "") for element in ET.parse(path).getroot().iter(f"{SVG}g")]


def texts(path: Path) -> list[str]:
    return ["".join(element.itertext()) for element in ET.parse(path).getroot().iter(f"{SVG}text")]


def with_prefix(found: list[str], prefix: str) -> list[str]:
    return [value for value in found if value.startswith(prefix)]


def test_export_draws_nodes_gpus_and_slices_at_floor_and_ceiling(platform: Any, tmp_path: Path) -> None:
    written = platform.export(tmp_path)
    svg = tmp_path / "plan.svg"
    assert svg in written
    found = ids(svg)
    # floor: system 2 CPU nodes, h100 1 node (8 GPUs), l40s 0; ceiling: 2 + 2 x 8 GPUs + 2 x 4 GPUs
    assert len(with_prefix(found, "node:floor:")) == 3 and len(with_prefix(found, "node:ceiling:")) == 6
    assert len(with_prefix(found, "gpu:floor:")) == 8 and len(with_prefix(found, "gpu:ceiling:")) == 24
    # all-3g.40gb: 2 slices a GPU; whole L40S GPUs are one "gpu" piece each
    assert len(with_prefix(found, "slice:floor:h100:")) == 16
    assert len(with_prefix(found, "slice:ceiling:h100:")) == 32 and len(with_prefix(found, "slice:ceiling:l40s:")) == 8
    users = Counter(value.rsplit(":", 1)[1] for value in with_prefix(found, "slice:ceiling:"))
    assert users == {"chat": 20, "rerank": 6, "free": 14}
    assert Counter(value.rsplit(":", 1)[1] for value in with_prefix(found, "slice:floor:")) == {"chat": 1, "free": 15}
    assert all(":3g.40gb:" in value for value in with_prefix(found, "slice:ceiling:h100:"))
    labels = texts(svg)
    assert {"chat", "rerank", "free", "Floor (idle): 3 nodes, 8 GPUs", "Ceiling (full scale): 6 nodes, 24 GPUs"} <= set(labels)
    assert sum(1 for label in labels if label.startswith("h100")) == 2  # one group label per panel


def test_replicas_that_do_not_fit_are_named(tmp_path: Path) -> None:
    plan = Plan(groups=(InstanceGroup("l40s", "ml.g6e.12xlarge", count=1),),
                endpoints=(PodDemand("big", "custom", "ml.g6e.12xlarge", 1, 3, gpus=2),))
    svg = draw_plan(plan, tmp_path / "plan.svg")
    assert "unplaced:ceiling:big" in ids(svg) and "unplaced:floor:big" not in ids(svg)
    assert "big: 1 replicas find no free slot" in texts(svg)


def test_many_nodes_are_counted_not_all_drawn(tmp_path: Path) -> None:
    plan = Plan(groups=(InstanceGroup("l40s", "ml.g6e.12xlarge", count=MAX_NODES_DRAWN + 4),), endpoints=())
    svg = draw_plan(plan, tmp_path / "plan.svg")
    assert len(with_prefix(ids(svg), "node:floor:l40s:")) == MAX_NODES_DRAWN
    assert "+4 more nodes" in texts(svg)


def test_the_same_plan_draws_the_same_bytes(platform: Any, tmp_path: Path) -> None:
    first = draw_plan(platform.plan, tmp_path / "a.svg").read_bytes()
    assert first == draw_plan(platform.plan, tmp_path / "b.svg").read_bytes()


def test_png_too(platform: Any, tmp_path: Path) -> None:
    assert draw_plan(platform.plan, tmp_path / "plan.png").read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"


def test_without_matplotlib_export_says_how_to_get_the_picture(platform: Any, tmp_path: Path,
                                                               monkeypatch: pytest.MonkeyPatch,
                                                               capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.setitem(sys.modules, "matplotlib", None)
    written = platform.export(tmp_path)
    assert not (tmp_path / "plan.svg").exists() and (tmp_path / "plan.txt") in written
    assert "plan.svg not written: drawing the plan needs matplotlib" in capsys.readouterr().err
    with pytest.raises(ImportError) as error:
        platform.export(tmp_path, picture=True)
    assert str(error.value) == MISSING_MATPLOTLIB and "hyperpod-constructs[picture]" in MISSING_MATPLOTLIB


def test_picture_false_skips_it(platform: Any, tmp_path: Path) -> None:
    platform.export(tmp_path, picture=False)
    assert not (tmp_path / "plan.svg").exists() and (tmp_path / "plan.txt").exists()


def test_panel_titles_carry_the_cost_when_priced(tmp_path: Path) -> None:
    plan = Plan(groups=(InstanceGroup("l40s", "ml.g6e.12xlarge", count=1),), endpoints=(),
                prices=Prices.from_mapping({"ml.g6e.12xlarge": 10.0}))
    labels = texts(draw_plan(plan, tmp_path / "plan.svg"))
    assert "Floor (idle): 1 node, 4 GPUs, $7,300.00/month" in labels


def test_a_priced_title_fits_the_picture() -> None:
    from matplotlib.backends.backend_agg import FigureCanvasAgg
    from matplotlib.text import Text

    plan = Plan(groups=(InstanceGroup("l40s", "ml.g6e.12xlarge", count=1),), endpoints=(),
                prices=Prices.from_mapping({"ml.g6e.12xlarge": 10.0}))
    figure = plan_figure(plan)
    renderer = FigureCanvasAgg(figure).get_renderer()
    titles = [text for text in figure.findobj(Text) if text.get_text().startswith(("Floor (idle)", "Ceiling"))]
    assert sorted(title.get_text() for title in titles) == [
        "Ceiling (full scale): 1 node, 4 GPUs, $7,300.00/month", "Floor (idle): 1 node, 4 GPUs, $7,300.00/month"]
    assert all(title.get_window_extent(renderer).x1 <= figure.bbox.x1 for title in titles)


def test_jumpstart_replicas_count_as_one_gpu_each_in_the_picture_as_in_the_text(tmp_path: Path) -> None:
    # Two replicas whose GPUs the model decides, on one 8-GPU node: the text's lower bound is 2 of 8 GPUs, its node
    # count 1; the picture places both replicas on that node (one GPU each), none left over.
    plan = Plan(groups=(InstanceGroup("h100", "ml.p5.48xlarge", count=1),),
                endpoints=(PodDemand("ds", "jumpstart", "ml.p5.48xlarge", 2, 2, gpus=None),))
    assert "ml.p5.48xlarge: floor 2+ / 8, ceiling 2+ / 8 (25%)" in plan.render()
    labels = texts(draw_plan(plan, tmp_path / "plan.svg"))
    assert "Floor (idle): 1 node, 8 GPUs" in labels and "ds (1+ GPU a replica)" in labels
    assert not [label for label in labels if "find no free slot" in label]
